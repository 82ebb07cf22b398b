import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

/**
 * The environment variables of document and recording storage. The API's configuration
 * (api/config.ts) can merge this shape into its own; loadStorageConfig reads it alone.
 */
export const storageEnvironment = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATA_DIR: z.string().default('.data'),
    /** Where the disk adapter keeps objects (`documents/…`, `recordings/…`); `<DATA_DIR>/uploads` by default. */
    STORAGE_DIR: z.string().min(1).optional(),
    /** An S3-compatible bucket replaces the disk when S3_BUCKET is set. */
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name').optional(),
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** `true` for MinIO and most self-hosted services (`endpoint/bucket/key`). */
    S3_FORCE_PATH_STYLE: flag,
    /** 32 random bytes, base64: encrypts every stored object. Required in production. */
    STORAGE_ENCRYPTION_KEY: z.string().optional(),
    /** Earlier keys, comma-separated base64, kept after a rotation to read older objects. */
    STORAGE_ENCRYPTION_PREVIOUS_KEYS: z.string().optional(),
  })
  .superRefine((config, context) => {
    const need = (present: boolean, variable: string, message: string) => {
      if (!present) context.addIssue({ code: 'custom', path: [variable], message });
    };
    if (config.NODE_ENV === 'production') {
      need(Boolean(config.STORAGE_ENCRYPTION_KEY), 'STORAGE_ENCRYPTION_KEY', 'is required in production (`openssl rand -base64 32`)');
    }
    if (config.S3_BUCKET) {
      need(Boolean(config.S3_ACCESS_KEY_ID), 'S3_ACCESS_KEY_ID', 'is required with S3_BUCKET');
      need(Boolean(config.S3_SECRET_ACCESS_KEY), 'S3_SECRET_ACCESS_KEY', 'is required with S3_BUCKET');
    } else {
      need(!config.S3_ENDPOINT, 'S3_BUCKET', 'is required with S3_ENDPOINT');
    }
  });

export type StorageEnvironment = z.infer<typeof storageEnvironment>;

export type StorageConfig =
  | { kind: 'disk'; dataDir: string; root: string; encryption: EncryptionConfig }
  | {
      kind: 's3';
      dataDir: string;
      encryption: EncryptionConfig;
      s3: { endpoint?: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };
    };

export interface EncryptionConfig {
  /** undefined: a development key kept in the data folder (never in production). */
  key?: string;
  previousKeys: string[];
}

/** Reads the storage variables; a bad value throws, naming the variable. */
export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const parsed = storageEnvironment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid storage configuration:\n  ${problems.join('\n  ')}`);
  }
  return storageConfigOf(parsed.data);
}

export function storageConfigOf(environment: StorageEnvironment): StorageConfig {
  const encryption: EncryptionConfig = {
    ...(environment.STORAGE_ENCRYPTION_KEY ? { key: environment.STORAGE_ENCRYPTION_KEY } : {}),
    previousKeys: (environment.STORAGE_ENCRYPTION_PREVIOUS_KEYS ?? '').split(',').map((key) => key.trim()).filter(Boolean),
  };
  if (environment.S3_BUCKET) {
    return {
      kind: 's3',
      dataDir: environment.DATA_DIR,
      encryption,
      s3: {
        ...(environment.S3_ENDPOINT ? { endpoint: environment.S3_ENDPOINT } : {}),
        bucket: environment.S3_BUCKET,
        region: environment.S3_REGION,
        accessKeyId: environment.S3_ACCESS_KEY_ID!,
        secretAccessKey: environment.S3_SECRET_ACCESS_KEY!,
        forcePathStyle: environment.S3_FORCE_PATH_STYLE,
      },
    };
  }
  return { kind: 'disk', dataDir: environment.DATA_DIR, root: environment.STORAGE_DIR ?? path.join(environment.DATA_DIR, 'uploads'), encryption };
}
