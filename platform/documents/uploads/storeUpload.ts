import { createHash, randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import type { ObjectStore } from '../objectStore.js';
import { checkDocumentUpload, checkRecordingUpload } from './checkUpload.js';
import type { DocumentContentType, RecordingContentType } from './contentTypes.js';

export interface StoredUpload<T extends string> {
  /** Where it lives in the store: made here, never from anything the uploader sent. Record it in the event. */
  key: string;
  contentType: T;
  /** Of the content (before encryption). */
  size: number;
  sha256: string;
}

/** Checks a document (checkDocumentUpload) and stores what passed under a new key `documents/<uuid>`. */
export async function storeDocument(
  store: ObjectStore,
  source: AsyncIterable<Uint8Array>,
  options: { field: string; maxBytes?: number },
): Promise<StoredUpload<DocumentContentType>> {
  const checked = await checkDocumentUpload(source, options);
  const key = `documents/${randomUUID()}`;
  await store.put(key, checked.bytes);
  return { key, contentType: checked.contentType, size: checked.bytes.length, sha256: createHash('sha256').update(checked.bytes).digest('hex') };
}

/**
 * Checks a recording (checkRecordingUpload) and streams it into the store under a new key
 * `recordings/<uuid>`. A body refused half way (too large, or cut off) leaves nothing stored.
 */
export async function storeRecording(
  store: ObjectStore,
  source: AsyncIterable<Uint8Array>,
  options: { field: string; rideMinutes: number },
): Promise<StoredUpload<RecordingContentType>> {
  const checked = await checkRecordingUpload(source, options);
  const key = `recordings/${randomUUID()}`;
  const hash = createHash('sha256');
  let size = 0;
  const measured = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  checked.body.on('error', (error) => measured.destroy(error));
  await store.put(key, checked.body.pipe(measured));
  return { key, contentType: checked.contentType, size, sha256: hash.digest('hex') };
}
