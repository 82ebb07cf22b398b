import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { ByteQueue } from './byteQueue.js';
import type { EncryptionKey, Keyring } from './keyring.js';

/**
 * The stored form of every object: AES-256-GCM in 64 KiB segments, after the design of Tink's
 * streaming AEAD (AES-GCM-HKDF): each object gets its own key, derived with HKDF-SHA256 from the
 * configured key and a random salt, and each segment its own nonce (a random prefix, the segment's
 * number and a last-segment flag) and authentication tag. A reader therefore releases only bytes
 * that have passed their tag, and any change — to a byte, to the header, to the order of segments,
 * or a cut at a segment boundary — fails the read instead of yielding altered content.
 *
 *   header  = "TYE1" | key id length (1 byte) | key id (ASCII) | salt (32) | nonce prefix (7)
 *   segment = AES-256-GCM(object key, nonce = prefix | number (uint32 BE) | last (1 byte), aad = header)
 *             ciphertext | tag (16)
 *
 * The key id names the configured key that encrypted the object, so keys can rotate: new objects
 * take the current key, old ones still open with a previous key kept in the keyring.
 */
const MAGIC = Buffer.from('TYE1', 'ascii');
const SALT_BYTES = 32;
const NONCE_PREFIX_BYTES = 7;
const TAG_BYTES = 16;
export const SEGMENT_BYTES = 64 * 1024;
const MAX_SEGMENTS = 2 ** 32;
const MAX_HEADER_BYTES = MAGIC.length + 1 + 255 + SALT_BYTES + NONCE_PREFIX_BYTES;

export class ObjectTamperedError extends Error {
  readonly code = 'object_tampered';
  constructor(detail: string) {
    super(`A stored object failed its integrity check (${detail}): it was altered, truncated or is not a Tiyende object`);
    this.name = 'ObjectTamperedError';
  }
}

export class UnknownEncryptionKeyError extends Error {
  readonly code = 'unknown_encryption_key';
  constructor(readonly keyId: string) {
    super(`A stored object was encrypted with key ${keyId}, which is not configured (STORAGE_ENCRYPTION_KEY or STORAGE_ENCRYPTION_PREVIOUS_KEYS)`);
    this.name = 'UnknownEncryptionKeyError';
  }
}

const objectKey = (key: EncryptionKey, salt: Buffer) =>
  Buffer.from(hkdfSync('sha256', key.secret, salt, Buffer.concat([Buffer.from('tiyende-object-v1:'), Buffer.from(key.id)]), 32));

function nonce(prefix: Buffer, segment: number, last: boolean): Buffer {
  const value = Buffer.alloc(12);
  prefix.copy(value, 0);
  value.writeUInt32BE(segment, NONCE_PREFIX_BYTES);
  value[11] = last ? 1 : 0;
  return value;
}

/** Encrypts a stream of content into the stored form under the keyring's current key. */
export function encryptingStream(keyring: Keyring): Transform {
  const key = keyring.current;
  const salt = randomBytes(SALT_BYTES);
  const prefix = randomBytes(NONCE_PREFIX_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([key.id.length]), Buffer.from(key.id, 'ascii'), salt, prefix]);
  const derived = objectKey(key, salt);
  const pending = new ByteQueue();
  let segment = 0;

  const seal = (plain: Buffer, last: boolean) => {
    if (segment >= MAX_SEGMENTS) throw new Error('An object may not exceed 2^32 segments');
    const cipher = createCipheriv('aes-256-gcm', derived, nonce(prefix, segment++, last));
    cipher.setAAD(header);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };

  return new Transform({
    construct(callback) {
      this.push(header);
      callback();
    },
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending.push(chunk);
      try {
        // Strictly more than a segment: the last segment is sealed as last in flush(), never here.
        while (pending.length > SEGMENT_BYTES) this.push(seal(pending.take(SEGMENT_BYTES), false));
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        callback(null, seal(pending.take(SEGMENT_BYTES), true));
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

interface OpenEnvelope {
  header: Buffer;
  key: Buffer;
  prefix: Buffer;
}

/** Reads the header once enough bytes have arrived; undefined while they have not. */
function readHeader(bytes: Buffer, keyring: Keyring): OpenEnvelope | undefined {
  if (bytes.length < MAGIC.length + 1) return undefined;
  if (!bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw new ObjectTamperedError('unknown header');
  const idLength = bytes[MAGIC.length]!;
  const headerLength = MAGIC.length + 1 + idLength + SALT_BYTES + NONCE_PREFIX_BYTES;
  if (bytes.length < headerLength) return undefined;
  const keyId = bytes.subarray(MAGIC.length + 1, MAGIC.length + 1 + idLength).toString('ascii');
  const key = keyring.byId.get(keyId);
  if (!key) throw new UnknownEncryptionKeyError(keyId);
  const saltStart = MAGIC.length + 1 + idLength;
  return {
    header: Buffer.from(bytes.subarray(0, headerLength)),
    key: objectKey(key, bytes.subarray(saltStart, saltStart + SALT_BYTES)),
    prefix: Buffer.from(bytes.subarray(saltStart + SALT_BYTES, headerLength)),
  };
}

/** Decrypts the stored form back to the content, failing with ObjectTamperedError on any change. */
export function decryptingStream(keyring: Keyring): Transform {
  let envelope: OpenEnvelope | undefined;
  const pending = new ByteQueue();
  let segment = 0;

  const open = (sealed: Buffer, last: boolean) => {
    if (sealed.length < TAG_BYTES) throw new ObjectTamperedError('cut short');
    const { header, key, prefix } = envelope!;
    const decipher = createDecipheriv('aes-256-gcm', key, nonce(prefix, segment++, last));
    decipher.setAAD(header);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new ObjectTamperedError(`segment ${segment - 1} does not authenticate`);
    }
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending.push(chunk);
      try {
        if (!envelope) {
          envelope = readHeader(pending.peek(MAX_HEADER_BYTES), keyring);
          if (!envelope) return callback();
          pending.take(envelope.header.length);
        }
        while (pending.length > SEGMENT_BYTES + TAG_BYTES) this.push(open(pending.take(SEGMENT_BYTES + TAG_BYTES), false));
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        if (!envelope) throw new ObjectTamperedError('no complete header');
        callback(null, open(pending.take(SEGMENT_BYTES + TAG_BYTES), true));
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}
