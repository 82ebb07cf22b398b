import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { decryptingStream, encryptingStream } from './encryption/envelope.js';
import type { Keyring } from './encryption/keyring.js';
import { assertObjectKey, type ObjectStore, type StoredObject } from './objectStore.js';

/**
 * Every object encrypted at rest (encryption/envelope.ts) on top of any other store: what reaches
 * the disk or the bucket is ciphertext, and what comes back has been authenticated segment by
 * segment. A read of an altered object fails with ObjectTamperedError (as a stream error, before
 * the altered segment is released); one encrypted under a key no longer configured fails with
 * UnknownEncryptionKeyError.
 */
export class EncryptedObjectStore implements ObjectStore {
  constructor(
    private readonly inner: ObjectStore,
    private readonly keyring: Keyring,
  ) {}

  async put(key: string, body: Readable | Uint8Array): Promise<void> {
    assertObjectKey(key);
    const encrypted = encryptingStream(this.keyring);
    const source = body instanceof Uint8Array ? Readable.from([body]) : body;
    const encrypting = pipeline(source, encrypted);
    const storing = this.inner.put(key, encrypted).catch((error: unknown) => {
      // A store that fails before reading everything would leave the encryption waiting forever.
      encrypted.destroy(error as Error);
      throw error;
    });
    // Wait for both, whichever fails first: a refused body must not leave an object behind.
    const [encryptResult, storeResult] = await Promise.allSettled([encrypting, storing]);
    if (encryptResult.status === 'rejected') throw encryptResult.reason;
    if (storeResult.status === 'rejected') throw storeResult.reason;
  }

  async get(key: string): Promise<Readable> {
    const stored = await this.inner.get(key);
    const content = new PassThrough();
    pipeline(stored, decryptingStream(this.keyring), content).catch(() => {
      // pipeline() has already destroyed `content` with the error; its reader sees it there.
    });
    return content;
  }

  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }

  exists(key: string): Promise<boolean> {
    return this.inner.exists(key);
  }

  list(prefix: string): AsyncIterable<StoredObject> {
    return this.inner.list(prefix);
  }
}
