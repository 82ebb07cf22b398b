import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gpsTagsOf, jpegWithGpsExif, webmHeader } from '../../tests/support/uploadFixtures.js';
import { startS3StandIn } from '../../tests/support/s3StandIn.js';
import {
  loadStorageConfig,
  ObjectTamperedError,
  openStorage,
  RECORDING_BYTES_PER_MINUTE,
  storeDocument,
  storeRecording,
  UploadRejectedError,
  type OpenedStorage,
} from './index.js';

const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

function recordingLog() {
  const lines: string[] = [];
  return { lines, log: { info: (message: string) => lines.push(`info ${message}`), warn: (message: string) => lines.push(`warn ${message}`) } };
}

describe('document and recording storage on disk, encrypted', () => {
  let dataDir: string;
  let storage: OpenedStorage;
  const { lines, log } = recordingLog();
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tiyende-storage-'));
    storage = openStorage(loadStorageConfig({ DATA_DIR: dataDir }), log);
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('says in the log that a development key kept in the data folder encrypts the objects', async () => {
    expect(lines.find((line) => line.startsWith('warn'))).toMatch(/STORAGE_ENCRYPTION_KEY is not set: .*development key just created in .*storage-development\.key/);
    expect(lines.find((line) => line.startsWith('info'))).toContain(`disk folder ${path.join(dataDir, 'uploads')}`);
    const again = recordingLog();
    expect(openStorage(loadStorageConfig({ DATA_DIR: dataDir }), again.log).keyId).toBe(storage.keyId);
    expect(again.lines.join('\n')).toMatch(/development key kept in/);
  });

  it('stores a document under a key of its own making, encrypted, without the GPS position', async () => {
    const stored = await storeDocument(storage.store, Readable.from([await jpegWithGpsExif()]), { field: 'licence' });
    expect(stored.key).toMatch(/^documents\/[0-9a-f-]{36}$/);
    expect(stored.contentType).toBe('image/jpeg');

    const onDisk = await readFile(path.join(dataDir, 'uploads', ...stored.key.split('/')));
    expect(onDisk.subarray(0, 4).toString()).toBe('TYE1');
    expect(onDisk.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);

    const content = await bytesOf(await storage.store.get(stored.key));
    expect(content.length).toBe(stored.size);
    expect(gpsTagsOf(content)).toEqual([]);
  });

  it('detects an object altered on the disk when it is read', async () => {
    const stored = await storeDocument(storage.store, Readable.from([await jpegWithGpsExif()]), { field: 'licence' });
    const file = path.join(dataDir, 'uploads', ...stored.key.split('/'));
    const bytes = await readFile(file);
    bytes[bytes.length - 40]! ^= 0x01;
    await writeFile(file, bytes);
    await expect(bytesOf(await storage.store.get(stored.key))).rejects.toBeInstanceOf(ObjectTamperedError);
  });

  it('streams a recording in, and keeps nothing of one that passes its bound', async () => {
    const recording = Buffer.concat([webmHeader(), randomBytes(300_000)]);
    const stored = await storeRecording(storage.store, Readable.from([recording]), { field: 'recording', rideMinutes: 1 });
    expect(stored).toMatchObject({ contentType: 'audio/webm', size: recording.length });
    expect(stored.key).toMatch(/^recordings\/[0-9a-f-]{36}$/);
    expect((await bytesOf(await storage.store.get(stored.key))).equals(recording)).toBe(true);

    const before = await readdir(path.join(dataDir, 'uploads', 'recordings'));
    const oversize = Readable.from([webmHeader(), ...Array.from({ length: 20 }, () => randomBytes(100_000))]);
    await expect(storeRecording(storage.store, oversize, { field: 'recording', rideMinutes: 1 })).rejects.toMatchObject({
      reason: 'too_large',
      limitBytes: RECORDING_BYTES_PER_MINUTE,
    });
    expect(await readdir(path.join(dataDir, 'uploads', 'recordings'))).toEqual(before);
    expect(await readdir(path.join(dataDir, 'uploads', '.incoming'))).toEqual([]);
  });

  it('stores nothing when the document is refused', async () => {
    const before = await readdir(path.join(dataDir, 'uploads', 'documents'));
    await expect(storeDocument(storage.store, Readable.from([Buffer.from('#!/bin/sh\nreboot\n')]), { field: 'licence' })).rejects.toBeInstanceOf(UploadRejectedError);
    expect(await readdir(path.join(dataDir, 'uploads', 'documents'))).toEqual(before);
  });
});

describe('storage configuration', () => {
  it('requires STORAGE_ENCRYPTION_KEY in production and the credentials with S3_BUCKET, naming each variable', () => {
    expect(() => loadStorageConfig({ NODE_ENV: 'production' })).toThrow(/STORAGE_ENCRYPTION_KEY: is required in production/);
    expect(() => loadStorageConfig({ S3_BUCKET: 'tiyende-docs' })).toThrow(/S3_ACCESS_KEY_ID: is required with S3_BUCKET[\s\S]*S3_SECRET_ACCESS_KEY/);
    expect(() => loadStorageConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: is required with S3_ENDPOINT/);
    expect(() => openStorage(loadStorageConfig({ STORAGE_ENCRYPTION_KEY: 'not-a-key' }), recordingLog().log)).toThrow(/STORAGE_ENCRYPTION_KEY must be 32 random bytes/);
  });

  it('stores in the S3 bucket when one is configured, encrypted under the configured key, and reads after a rotation', async () => {
    const standIn = await startS3StandIn();
    const firstKey = randomBytes(32).toString('base64');
    const s3Environment = {
      S3_BUCKET: standIn.bucket,
      S3_ENDPOINT: standIn.endpoint,
      S3_REGION: 'af-south-1',
      S3_ACCESS_KEY_ID: standIn.accessKeyId,
      S3_SECRET_ACCESS_KEY: standIn.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    };
    const { lines, log } = recordingLog();
    const before = openStorage(loadStorageConfig({ ...s3Environment, NODE_ENV: 'production', STORAGE_ENCRYPTION_KEY: firstKey }), log);
    expect(lines.join('\n')).toContain(`S3 bucket ${standIn.bucket} at ${standIn.endpoint}`);
    expect(lines.join('\n')).not.toContain('warn');
    const stored = await storeDocument(before.store, Readable.from([await jpegWithGpsExif()]), { field: 'licence' });
    expect(standIn.storedBytes(stored.key)?.subarray(0, 4).toString()).toBe('TYE1');

    const after = openStorage(
      loadStorageConfig({ ...s3Environment, STORAGE_ENCRYPTION_KEY: randomBytes(32).toString('base64'), STORAGE_ENCRYPTION_PREVIOUS_KEYS: firstKey }),
      recordingLog().log,
    );
    expect(after.keyId).not.toBe(before.keyId);
    expect((await bytesOf(await after.store.get(stored.key))).length).toBe(stored.size);
    before.close();
    after.close();
    await standIn.close();
  });
});
