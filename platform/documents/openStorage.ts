import type { StorageConfig } from './config.js';
import { DiskObjectStore } from './diskObjectStore.js';
import { EncryptedObjectStore } from './encryptedObjectStore.js';
import { developmentKey, keyringOf, parseEncryptionKey, type Keyring } from './encryption/keyring.js';
import type { ObjectStore } from './objectStore.js';
import { S3ObjectStore } from './s3ObjectStore.js';

export interface StorageLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface OpenedStorage {
  /** Encrypts on the way in and authenticates on the way out: the only store callers should hold. */
  store: ObjectStore;
  /** For the start-up log and /health: where objects go, never a secret. */
  description: string;
  keyId: string;
  close(): void;
}

function keyringFor(config: StorageConfig, log: StorageLog): Keyring {
  const previous = config.encryption.previousKeys.map((key, index) => parseEncryptionKey(key, `STORAGE_ENCRYPTION_PREVIOUS_KEYS[${index}]`));
  if (config.encryption.key) return keyringOf(parseEncryptionKey(config.encryption.key, 'STORAGE_ENCRYPTION_KEY'), previous);
  const development = developmentKey(config.dataDir);
  log.warn(
    `STORAGE_ENCRYPTION_KEY is not set: documents and recordings are encrypted with a development key ${development.created ? 'just created' : 'kept'} in ${development.file}. ` +
      'Anyone who can read the data folder can read them; production refuses to start without STORAGE_ENCRYPTION_KEY.',
  );
  return keyringOf(development.key, previous);
}

/** The storage the configuration names (disk by default, S3 when S3_BUCKET is set), encrypted at rest. */
export function openStorage(config: StorageConfig, log: StorageLog): OpenedStorage {
  const keyring = keyringFor(config, log);
  const raw = config.kind === 's3' ? new S3ObjectStore(config.s3) : new DiskObjectStore(config.root);
  const description =
    config.kind === 's3'
      ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`
      : `disk folder ${config.root}`;
  log.info(`Documents and recordings are stored in the ${description}, encrypted with key ${keyring.current.id}`);
  return {
    store: new EncryptedObjectStore(raw, keyring),
    description,
    keyId: keyring.current.id,
    close: () => {
      if (raw instanceof S3ObjectStore) raw.close();
    },
  };
}
