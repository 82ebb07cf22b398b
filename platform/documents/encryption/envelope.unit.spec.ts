import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decryptingStream, encryptingStream, ObjectTamperedError, SEGMENT_BYTES, UnknownEncryptionKeyError } from './envelope.js';
import { keyringOf, parseEncryptionKey, type Keyring } from './keyring.js';

const newKey = () => parseEncryptionKey(randomBytes(32).toString('base64'), 'test key');
const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Runs the bytes, cut into the given chunk sizes, through a transform; collects what came out before any error. */
async function through(transform: NodeJS.ReadWriteStream, bytes: Buffer, cuts: number[] = []) {
  const chunks: Buffer[] = [];
  let at = 0;
  for (const cut of cuts) {
    if (at >= bytes.length) break;
    chunks.push(bytes.subarray(at, at + cut));
    at += cut;
  }
  if (at < bytes.length) chunks.push(bytes.subarray(at));
  const output: Buffer[] = [];
  const error = await pipeline(Readable.from(chunks), transform, async function* (source) {
    for await (const chunk of source) output.push(chunk as Buffer);
  }).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  return { output: Buffer.concat(output), error };
}

const encrypt = async (keyring: Keyring, plain: Buffer, cuts?: number[]) => (await through(encryptingStream(keyring), plain, cuts)).output;
const decrypt = (keyring: Keyring, sealed: Buffer, cuts?: number[]) => through(decryptingStream(keyring), sealed, cuts);

const contents = fc.oneof(
  fc.uint8Array({ maxLength: 2000 }),
  fc.integer({ min: 0, max: 3 }).chain((segments) =>
    fc.integer({ min: -2, max: 2 }).map((extra) => randomBytes(Math.max(0, segments * SEGMENT_BYTES + extra))),
  ),
);
const chunking = fc.array(fc.integer({ min: 1, max: 90_000 }), { maxLength: 8 });

describe('the stored envelope (AES-256-GCM in segments)', () => {
  const keyring = keyringOf(newKey());

  it('gives back the content exactly, however the bytes are cut into chunks on either side', async () => {
    await fc.assert(
      fc.asyncProperty(contents, chunking, chunking, async (content, writeCuts, readCuts) => {
        const plain = Buffer.from(content);
        const sealed = await encrypt(keyring, plain, writeCuts);
        const { output, error } = await decrypt(keyring, sealed, readCuts);
        expect(error).toBeUndefined();
        expect(digest(output)).toBe(digest(plain));
      }),
      { numRuns: 40 },
    );
  });

  it('never stores the content in the clear, and never the same bytes twice for the same content', async () => {
    const plain = Buffer.from('NRC 123456/10/1 — Mwila Banda, Kitwe'.repeat(50));
    const first = await encrypt(keyring, plain);
    const second = await encrypt(keyring, plain);
    expect(first.includes(Buffer.from('Mwila Banda'))).toBe(false);
    expect(first.equals(second)).toBe(false);
  });

  it('fails the read when any single byte of the stored form changes, releasing nothing of the altered segment', async () => {
    const plain = randomBytes(2 * SEGMENT_BYTES + 500);
    const sealed = await encrypt(keyring, plain);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: sealed.length - 1 }), fc.integer({ min: 1, max: 255 }), async (position, flip) => {
        const altered = Buffer.from(sealed);
        altered[position] = altered[position]! ^ flip;
        const { output, error } = await decrypt(keyring, altered);
        expect(error).toBeInstanceOf(Error);
        expect(error).toSatisfy((failure: unknown) => failure instanceof ObjectTamperedError || failure instanceof UnknownEncryptionKeyError);
        // Whatever came out before the failure is whole, authentic segments of the original.
        expect(output.length % SEGMENT_BYTES).toBe(0);
        expect(output.equals(plain.subarray(0, output.length))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('fails the read of an object cut short anywhere, at a segment boundary too, or with segments swapped', async () => {
    const plain = randomBytes(3 * SEGMENT_BYTES + 10);
    const sealed = await encrypt(keyring, plain);
    const headerLength = sealed.length - (plain.length + 4 * 16);
    const segment = SEGMENT_BYTES + 16;
    const cuts = [headerLength - 1, headerLength, headerLength + segment, headerLength + 2 * segment, sealed.length - 1];
    for (const length of cuts) {
      const { error } = await decrypt(keyring, sealed.subarray(0, length));
      expect(error, `cut at ${length}`).toBeInstanceOf(ObjectTamperedError);
    }
    const swapped = Buffer.concat([
      sealed.subarray(0, headerLength),
      sealed.subarray(headerLength + segment, headerLength + 2 * segment),
      sealed.subarray(headerLength, headerLength + segment),
      sealed.subarray(headerLength + 2 * segment),
    ]);
    expect((await decrypt(keyring, swapped)).error).toBeInstanceOf(ObjectTamperedError);
    expect((await decrypt(keyring, Buffer.concat([sealed, randomBytes(20)]))).error).toBeInstanceOf(ObjectTamperedError);
  });

  it('opens an object sealed under a previous key after a rotation, and names a key no longer configured', async () => {
    const oldKey = newKey();
    const sealedBefore = await encrypt(keyringOf(oldKey), Buffer.from('licence scan'));
    const rotated = keyringOf(newKey(), [oldKey]);
    expect((await decrypt(rotated, sealedBefore)).output.toString()).toBe('licence scan');
    const sealedAfter = await encrypt(rotated, Buffer.from('new scan'));
    expect(sealedAfter.includes(Buffer.from(rotated.current.id))).toBe(true);

    const forgotten = await decrypt(keyringOf(newKey()), sealedBefore);
    expect(forgotten.error).toBeInstanceOf(UnknownEncryptionKeyError);
    expect((forgotten.error as UnknownEncryptionKeyError).keyId).toBe(oldKey.id);
  });

  it('refuses a key that is not 32 bytes of base64, naming the variable', () => {
    for (const bad of ['', 'short', randomBytes(16).toString('base64'), `${randomBytes(32).toString('base64')}!!`]) {
      expect(() => parseEncryptionKey(bad, 'STORAGE_ENCRYPTION_KEY')).toThrow(/STORAGE_ENCRYPTION_KEY must be 32 random bytes/);
    }
    expect(parseEncryptionKey(randomBytes(32).toString('base64url'), 'STORAGE_ENCRYPTION_KEY').secret).toHaveLength(32);
  });
});
