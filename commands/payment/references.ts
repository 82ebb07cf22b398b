import { createHash } from 'node:crypto';

/** A fixed namespace, so our references never meet another system's name-based ids. */
const NAMESPACE = 'tiyende-payments-2026';

/**
 * A UUID derived from a name: the same name always gives the same id. Its version nibble says 4
 * because MTN MoMo checks that an X-Reference-Id is "UUID version 4" in form; its bits come from
 * SHA-256 of the name, not from randomness, so a retry re-sends the same reference and the
 * provider answers "already exists" instead of charging twice.
 */
export function nameBasedUuid(name: string): string {
  const hash = createHash('sha256').update(`${NAMESPACE}\u0000${name}`, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x40;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The provider reference of a ride's payment attempt: one per ride and attempt, for good. */
export const providerReferenceFor = (rideId: string, attempt: number) => nameBasedUuid(`collection\u0000${rideId}\u0000${attempt}`);

/** The reference of a ride's n-th refund (1, 2, …). */
export const refundReferenceFor = (rideId: string, refund: number) => nameBasedUuid(`refund\u0000${rideId}\u0000${refund}`);
