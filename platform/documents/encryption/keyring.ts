import { createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface EncryptionKey {
  /** Names the key in each object's header; derived from the key itself, so it cannot be mislabelled. */
  id: string;
  secret: Buffer;
}

export interface Keyring {
  /** Encrypts every new object. */
  current: EncryptionKey;
  /** The current key and every previous one still needed to read older objects. */
  byId: ReadonlyMap<string, EncryptionKey>;
}

const KEY_BYTES = 32;
/** Standard or URL-safe alphabet (Node decodes both). */
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** A short, stable fingerprint: it tells keys apart and reveals nothing of them. */
export function keyIdOf(secret: Buffer): string {
  return `k${createHash('sha256').update('tiyende storage key id\0').update(secret).digest('hex').slice(0, 16)}`;
}

/** A key written as base64 (standard or URL-safe) of exactly 32 bytes; the error names the variable. */
export function parseEncryptionKey(base64: string, variable: string): EncryptionKey {
  const text = base64.trim();
  // Node's decoder skips characters outside the alphabet: check the text first, then the length.
  const secret = BASE64.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
  if (secret.length !== KEY_BYTES) {
    throw new Error(`${variable} must be ${KEY_BYTES} random bytes in base64 (e.g. \`openssl rand -base64 32\`)`);
  }
  return { id: keyIdOf(secret), secret };
}

export function keyringOf(current: EncryptionKey, previous: EncryptionKey[] = []): Keyring {
  return { current, byId: new Map([...previous, current].map((key) => [key.id, key])) };
}

export const DEVELOPMENT_KEY_FILE = 'storage-development.key';

/**
 * The key used when STORAGE_ENCRYPTION_KEY is not set outside production: random, made once per
 * data folder and kept beside the data it protects (so it protects nothing against someone who
 * can read that folder — which is why production refuses to start without a configured key).
 */
export function developmentKey(dataDir: string): { key: EncryptionKey; file: string; created: boolean } {
  const file = path.resolve(dataDir, DEVELOPMENT_KEY_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  let created = false;
  // Written whole under another name, then linked into place: a process starting at the same
  // moment (the API and its read-side worker) never reads a half-written key, and the first wins.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(KEY_BYTES).toString('base64'), { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, file);
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return { key: parseEncryptionKey(readFileSync(file, 'utf8'), file), file, created };
}
