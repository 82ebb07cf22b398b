import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKeyPrefix, assertObjectKey, ObjectNotFoundError, type ObjectStore, type StoredObject } from './objectStore.js';

/** Unfinished writes, inside the root so that the final rename never crosses file systems. Never a key (keys cannot start with '.'). */
const TEMPORARY_FOLDER = '.incoming';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Objects as files under one folder (by default `<DATA_DIR>/documents`), one file per key.
 * A write goes to a temporary file, is flushed to the disk and only then renamed into place, so
 * a reader sees the old object or the whole new one, never half of it, and a failed or refused
 * upload leaves nothing behind. Files are readable by their owner only.
 */
export class DiskObjectStore implements ObjectStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, body: Readable | Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    const temporary = path.join(this.root, TEMPORARY_FOLDER, randomUUID());
    await mkdir(path.dirname(temporary), { recursive: true, mode: 0o700 });
    // `flush` makes the stream fsync the file before closing it: the bytes are on the disk before the rename.
    const file = createWriteStream(temporary, { flags: 'wx', mode: 0o600, flush: true });
    try {
      await pipeline(body instanceof Uint8Array ? Readable.from([body]) : body, file);
    } catch (error) {
      // The pipeline rejects as soon as the body fails, without waiting for the file stream to
      // close; its open may still be under way and create the file after a removal. Only once the
      // stream has closed is the file there to remove for good.
      if (!file.closed) await once(file, 'close').catch(() => {});
      await rm(temporary, { force: true });
      throw error;
    }
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await rename(temporary, target);
    await this.syncFolder(path.dirname(target));
  }

  async get(key: string): Promise<Readable> {
    const file = await open(this.pathOf(key), 'r').catch((error: unknown) => {
      throw isMissing(error) ? new ObjectNotFoundError(key) : error;
    });
    return file.createReadStream();
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    assertKeyPrefix(prefix);
    yield* this.walk(prefix === '' ? this.root : path.join(this.root, ...prefix.split('/')), prefix);
  }

  private async *walk(folder: string, keyPrefix: string): AsyncIterable<StoredObject> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) yield* this.walk(full, `${keyPrefix}${entry.name}/`);
      else if (entry.isFile()) {
        const info = await stat(full).catch((error: unknown) => (isMissing(error) ? undefined : Promise.reject(error)));
        if (info) yield { key: `${keyPrefix}${entry.name}`, size: info.size, storedAt: info.mtime };
      }
    }
  }

  /** The file of a key: the key's shape is checked first, and the result must still lie under the root. */
  private pathOf(key: string): string {
    assertObjectKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Object key ${key} resolves outside the storage folder`);
    return full;
  }

  /** Makes the rename itself durable: without it a crash can forget a file that put() reported stored. */
  private async syncFolder(folder: string): Promise<void> {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}
