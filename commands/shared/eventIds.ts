import { createHash } from 'node:crypto';

/** A fixed namespace for Tiyende's name-based (v5) UUIDs. */
const NAMESPACE = Buffer.from('6f1d3c2a9b8e4f7d8a1c5e3b2d4f6a8c', 'hex');

/** RFC 4122 version-5 UUID of `name`: the same name always gives the same id. */
export function uuidV5(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id of the index-th event a command appends to a stream. Derived, not random: a command
 * retried after a lost acknowledgement produces the same ids, and the store writes nothing twice.
 */
export function eventIdFor(commandId: string, streamName: string, index: number): string {
  return uuidV5(`${commandId}\u0000${streamName}\u0000${index}`);
}
