import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ProductDatabase } from './product.table.js';

type Db = Kysely<ProductDatabase>;

/** How long a key is remembered: a client retries within minutes; a day covers a phone left offline overnight. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export interface KeyUse {
  userId: string;
  /** The method and the path the key was sent to (`POST /api/rides`). */
  scope: string;
  key: string;
  fingerprint: string;
}

export type KeyClaim =
  /** First use (or first since the last one expired): `since` names this use of the key. */
  | { outcome: 'first'; since: Date }
  /** The same request again within the window. */
  | { outcome: 'repeat'; since: Date }
  /** The key is taken, within the window, by a request with another body or query. */
  | { outcome: 'mismatch'; since: Date };

/**
 * Claims a key for a request in one statement, so two replicas (or two parallel retries) cannot
 * both take it as new: a fresh key is inserted, an expired one is taken over, a live one is
 * compared. Shared by every replica through PostgreSQL.
 */
export async function claimIdempotencyKey(db: Db, use: KeyUse, now: Date, ttlMs = IDEMPOTENCY_KEY_TTL_MS): Promise<KeyClaim> {
  const expired = new Date(now.getTime() - ttlMs);
  const taken = await db
    .insertInto('idempotency_keys')
    .values({ user_id: use.userId, scope: use.scope, key: use.key, fingerprint: use.fingerprint, created_at: now })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'scope', 'key'])
        .doUpdateSet({ fingerprint: use.fingerprint, created_at: now })
        .where('idempotency_keys.created_at', '<=', expired),
    )
    .returning(['created_at'])
    .executeTakeFirst();
  if (taken) return { outcome: 'first', since: taken.created_at };
  const live = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'created_at'])
    .where('user_id', '=', use.userId)
    .where('scope', '=', use.scope)
    .where('key', '=', use.key)
    .executeTakeFirstOrThrow();
  return { outcome: live.fingerprint === use.fingerprint ? 'repeat' : 'mismatch', since: live.created_at };
}

/** Gives a key back (the request it came with was refused, so a corrected one may use it). */
export async function releaseIdempotencyKey(db: Db, use: KeyUse, since: Date): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', use.userId)
    .where('scope', '=', use.scope)
    .where('key', '=', use.key)
    .where('fingerprint', '=', use.fingerprint)
    .where('created_at', '=', since)
    .execute();
}

/** Forgets keys past the window (housekeeping; a key is also taken over when reused after it). */
export async function purgeIdempotencyKeys(db: Db, now: Date, ttlMs = IDEMPOTENCY_KEY_TTL_MS): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<=', new Date(now.getTime() - ttlMs)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** sha256 of a value as canonical JSON (object keys sorted): the same request in any key order is the same. */
export function requestFingerprint(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

