import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertKeyPrefix, assertObjectKey, ObjectNotFoundError, type ObjectStore, type StoredObject } from './objectStore.js';

export interface S3ObjectStoreOptions {
  /** The service's URL (`https://s3.eu-west-1.amazonaws.com`, a MinIO or R2 endpoint); AWS's own when omitted. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most self-hosted services). */
  forcePathStyle: boolean;
  /** Where a streamed body waits until its length is known; the system's temporary folder by default. */
  spoolDir?: string;
}

const isNotFound = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/**
 * Objects in an S3-compatible bucket through AWS's own client. A single PUT needs its length up
 * front, so a streamed body is first written to a temporary file (its size is bounded by the
 * upload checks), then sent in one request: S3 makes an object visible only once the PUT
 * completes, and a body that fails half way leaves nothing. The SDK's default CRC trailers
 * (aws-chunked uploads) are turned off: several S3-compatible services refuse them.
 */
export class S3ObjectStore implements ObjectStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly spoolDir: string;

  constructor(options: S3ObjectStoreOptions) {
    this.client = new S3Client({
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = options.bucket;
    this.spoolDir = options.spoolDir ?? os.tmpdir();
  }

  async put(key: string, body: Readable | Uint8Array): Promise<void> {
    assertObjectKey(key);
    if (body instanceof Uint8Array) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.byteLength }));
      return;
    }
    const spooled = path.join(this.spoolDir, `tiyende-upload-${randomUUID()}`);
    try {
      await pipeline(body, createWriteStream(spooled, { flags: 'wx', mode: 0o600 }));
      const { size } = await stat(spooled);
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(spooled), ContentLength: size }),
      );
    } finally {
      await rm(spooled, { force: true });
    }
  }

  async get(key: string): Promise<Readable> {
    assertObjectKey(key);
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(Body instanceof Readable)) throw new Error(`The S3 service sent no body for ${key}`);
      return Body;
    } catch (error) {
      throw isNotFound(error) ? new ObjectNotFoundError(key) : error;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertObjectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    assertKeyPrefix(prefix);
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ...(continuationToken ? { ContinuationToken: continuationToken } : {}) }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified) yield { key: object.Key, size: object.Size ?? 0, storedAt: object.LastModified };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  close(): void {
    this.client.destroy();
  }
}
