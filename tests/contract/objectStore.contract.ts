import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidObjectKeyError, ObjectNotFoundError, type ObjectStore } from '../../platform/documents/objectStore.js';
import { deleteObjectsOlderThan } from '../../platform/documents/retention.js';

export interface ObjectStoreUnderTest {
  store: ObjectStore;
  /** Makes an object look as if it had been stored at `at` (the adapter's own notion of age). */
  backdate(key: string, at: Date): Promise<void>;
  dispose(): Promise<void>;
}

const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
/** A digest, not the bytes: comparing large buffers element by element is slow in expect(). */
const digestOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A body that yields some bytes, then fails: an upload cut off or refused half way. */
function failingBody(first: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield first;
      throw new Error('connection reset by the uploader');
    })(),
  );
}

/** What every ObjectStore adapter must do. Each test uses keys of its own under a fresh prefix. */
export function describeObjectStoreContract(adapter: string, open: () => Promise<ObjectStoreUnderTest>, options: { storesContentAsIs: boolean }) {
  describe(`ObjectStore contract: ${adapter}`, () => {
    let subject: ObjectStoreUnderTest;
    let store: ObjectStore;
    let run: string;
    const key = (name: string) => `${run}/${name}`;
    beforeAll(async () => {
      subject = await open();
      store = subject.store;
      run = `run-${randomUUID()}`;
    });
    afterAll(async () => {
      await subject?.dispose();
    });

    it('gives back exactly what was put, from bytes or from a stream of many chunks', async () => {
      const small = randomBytes(1000);
      await store.put(key('small'), small);
      expect(digestOf(await bytesOf(await store.get(key('small'))))).toBe(digestOf(small));

      const chunks = Array.from({ length: 40 }, (_, index) => randomBytes(10_000 + index * 997));
      await store.put(key('streamed'), Readable.from(chunks));
      expect(digestOf(await bytesOf(await store.get(key('streamed'))))).toBe(digestOf(Buffer.concat(chunks)));

      await store.put(key('empty'), new Uint8Array());
      expect((await bytesOf(await store.get(key('empty')))).length).toBe(0);
    });

    it('replaces an object put again under the same key', async () => {
      await store.put(key('replaced'), Buffer.from('first'));
      await store.put(key('replaced'), Buffer.from('second'));
      expect(await text(await store.get(key('replaced')))).toBe('second');
    });

    it('tells whether an object exists, and a missing one is ObjectNotFoundError on get', async () => {
      expect(await store.exists(key('never-put'))).toBe(false);
      await expect(store.get(key('never-put'))).rejects.toBeInstanceOf(ObjectNotFoundError);
      await store.put(key('present'), Buffer.from('x'));
      expect(await store.exists(key('present'))).toBe(true);
    });

    it('deletes an object, and deleting a missing one is not an error', async () => {
      await store.put(key('deleted'), Buffer.from('x'));
      await store.delete(key('deleted'));
      expect(await store.exists(key('deleted'))).toBe(false);
      await expect(store.get(key('deleted'))).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(store.delete(key('deleted'))).resolves.toBeUndefined();
    });

    it('stores nothing from a body that fails half way, and keeps the object that was there', async () => {
      await expect(store.put(key('cut-off'), failingBody(randomBytes(200_000)))).rejects.toThrow('connection reset');
      expect(await store.exists(key('cut-off'))).toBe(false);

      await store.put(key('kept'), Buffer.from('the earlier whole object'));
      await expect(store.put(key('kept'), failingBody(randomBytes(100)))).rejects.toThrow('connection reset');
      expect(await text(await store.get(key('kept')))).toBe('the earlier whole object');
    });

    it('refuses any key that is not of the shape Tiyende makes, before touching storage', async () => {
      const hostile = fc.oneof(
        fc.constantFrom('../escape', 'a/../../etc/passwd', '/absolute', 'a//b', 'a/', '.hidden', 'UPPER', 'a\\b', 'a b', '', 'a/./b', '%2e%2e/x', 'a\0b'),
        fc.string().filter((candidate) => !/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(candidate)),
      );
      await fc.assert(
        fc.asyncProperty(hostile, async (badKey) => {
          await expect(store.put(badKey, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(store.get(badKey)).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(store.exists(badKey)).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(store.delete(badKey)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        }),
        { numRuns: 60 },
      );
    });

    it('lists the objects under a prefix only, with their size and when they were stored', async () => {
      const before = Date.now() - 60_000;
      await store.put(key('listed/a'), Buffer.from('aaaa'));
      await store.put(key('listed/b/c'), Buffer.from('cc'));
      await store.put(key('listed-not/x'), Buffer.from('x'));
      const listed = [];
      for await (const object of store.list(`${run}/listed/`)) listed.push(object);
      expect(listed.map((object) => object.key).sort()).toEqual([key('listed/a'), key('listed/b/c')]);
      for (const object of listed) {
        expect(object.storedAt.getTime()).toBeGreaterThan(before);
        if (options.storesContentAsIs) expect(object.size).toBe(object.key.endsWith('/a') ? 4 : 2);
        else expect(object.size).toBeGreaterThan(4);
      }
    });

    it('sweeps away the objects older than the retention period under a prefix, and nothing else', async () => {
      const now = new Date();
      const days = (count: number) => new Date(now.getTime() - count * 24 * 60 * 60 * 1000);
      for (const name of ['old', 'young', 'edge']) await store.put(key(`sweep/${name}`), Buffer.from(name));
      await store.put(key('elsewhere/old'), Buffer.from('old'));
      await subject.backdate(key('sweep/old'), days(8));
      await subject.backdate(key('sweep/edge'), days(6.9));
      await subject.backdate(key('elsewhere/old'), days(30));

      const deleted = await deleteObjectsOlderThan(store, { prefix: `${run}/sweep/`, olderThanDays: 7, now });
      expect(deleted).toEqual([key('sweep/old')]);
      expect(await store.exists(key('sweep/old'))).toBe(false);
      expect(await store.exists(key('sweep/young'))).toBe(true);
      expect(await store.exists(key('sweep/edge'))).toBe(true);
      expect(await store.exists(key('elsewhere/old'))).toBe(true);
      expect(await deleteObjectsOlderThan(store, { prefix: `${run}/sweep/`, olderThanDays: 7, now })).toEqual([]);
    });
  });
}
