import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeObjectStoreContract } from '../../tests/contract/objectStore.contract.js';
import { DiskObjectStore } from './diskObjectStore.js';
import { EncryptedObjectStore } from './encryptedObjectStore.js';
import { keyringOf, parseEncryptionKey } from './encryption/keyring.js';

async function openDisk() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'tiyende-objects-'));
  const store = new DiskObjectStore(root);
  return {
    root,
    store,
    backdate: (key: string, at: Date) => utimes(path.join(root, ...key.split('/')), at, at),
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

describeObjectStoreContract('disk', openDisk, { storesContentAsIs: true });

describeObjectStoreContract(
  'encrypted, on disk',
  async () => {
    const disk = await openDisk();
    const keyring = keyringOf(parseEncryptionKey(randomBytes(32).toString('base64'), 'test key'));
    return { ...disk, store: new EncryptedObjectStore(disk.store, keyring) };
  },
  { storesContentAsIs: false },
);

describe('the disk adapter', () => {
  let disk: Awaited<ReturnType<typeof openDisk>>;
  beforeAll(async () => {
    disk = await openDisk();
  });
  afterAll(() => disk.dispose());

  it('keeps each object in a file of its own under the root, readable by its owner only', async () => {
    await disk.store.put('documents/abc-123', Buffer.from('content'));
    const file = path.join(disk.root, 'documents', 'abc-123');
    expect(await readFile(file, 'utf8')).toBe('content');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('leaves no temporary file behind, whether a write succeeds or fails', async () => {
    await disk.store.put('documents/whole', Readable.from([randomBytes(100_000)]));
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(10);
        throw new Error('refused half way');
      })(),
    );
    await expect(disk.store.put('documents/half', failing)).rejects.toThrow('refused half way');
    expect(await readdir(path.join(disk.root, '.incoming'))).toEqual([]);
    // A body failing at once: the pipeline rejects while the file's open may still be under way (on a
    // loaded machine the open then created the file after the clean-up had run; seen once in CI).
    for (let attempt = 0; attempt < 20; attempt++) {
      const atOnce = new Readable({
        read() {
          this.destroy(new Error('refused at once'));
        },
      });
      await expect(disk.store.put(`documents/none-${attempt}`, atOnce)).rejects.toThrow('refused at once');
    }
    expect(await readdir(path.join(disk.root, '.incoming'))).toEqual([]);
    const listed = [];
    for await (const object of disk.store.list('')) listed.push(object.key);
    expect(listed).not.toContain(expect.stringContaining('incoming'));
  });
});
