import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: a flat space of keys holding opaque bytes. Two adapters (disk, the
 * default, and any S3-compatible service) and one wrapper that encrypts every object
 * (encryptedObjectStore.ts) implement it; callers receive the encrypted one.
 *
 * Keys are made by Tiyende (uploads/storeUpload.ts), never taken from what a person sent: lower-case
 * letters, digits and dashes in segments joined by '/', so no key can name a parent folder, a
 * hidden file or an absolute path on any adapter.
 */
export interface ObjectStore {
  /** Stores the whole body under the key, replacing any object there; nothing is visible under the key until it is complete. */
  put(key: string, body: Readable | Uint8Array): Promise<void>;
  /** The object's bytes as a stream; ObjectNotFoundError when there is none. */
  get(key: string): Promise<Readable>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every object whose key starts with the prefix (a whole segment path, e.g. 'recordings/'). */
  list(prefix: string): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  /** Bytes as stored (for an encrypted store: the envelope's size, a little more than the content). */
  size: number;
  storedAt: Date;
}

export class ObjectNotFoundError extends Error {
  readonly code = 'object_not_found';
  constructor(readonly key: string) {
    super(`No stored object under ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

export class InvalidObjectKeyError extends Error {
  readonly code = 'invalid_object_key';
  constructor(readonly key: string) {
    super(`Not an object key: ${JSON.stringify(key).slice(0, 80)} (segments of a-z, 0-9 and '-', joined by '/')`);
    this.name = 'InvalidObjectKeyError';
  }
}

const SEGMENT = '[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?';
const OBJECT_KEY = new RegExp(`^${SEGMENT}(?:/${SEGMENT}){0,7}$`);
const KEY_PREFIX = new RegExp(`^(?:${SEGMENT}/){0,7}$`);

/** Throws unless the key has the shape Tiyende makes; every adapter calls it before touching storage. */
export function assertObjectKey(key: string): void {
  if (typeof key !== 'string' || key.length > 512 || !OBJECT_KEY.test(key)) throw new InvalidObjectKeyError(key);
}

/** A listing prefix: '' (everything) or whole segments ending in '/'. */
export function assertKeyPrefix(prefix: string): void {
  if (typeof prefix !== 'string' || prefix.length > 512 || !KEY_PREFIX.test(prefix)) throw new InvalidObjectKeyError(prefix);
}
