import { sql, type Kysely } from 'kysely';
import type { AccountsTables } from './accounts.table.js';

type Db = Kysely<AccountsTables>;

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counters in PostgreSQL, so every replica counts the same attempts. An attempt is
 * counted BEFORE it is checked (one atomic upsert per key): a burst of parallel guesses cannot
 * all slip in under the limit. A successful attempt then gives its place back (`refund`), so in
 * effect only failures count.
 */
export async function reserveAttempt(db: Db, limits: readonly Limit[], now: Date): Promise<Reservation> {
  let retryAfterSeconds = 0;
  for (const limit of limits) {
    const expired = new Date(now.getTime() - limit.windowMs);
    const counter = await db
      .insertInto('auth_rate_limits')
      .values({ key: limit.key, window_start: now, count: 1 })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          window_start: sql<Date>`CASE WHEN auth_rate_limits.window_start <= ${expired} THEN ${now} ELSE auth_rate_limits.window_start END`,
          count: sql<number>`CASE WHEN auth_rate_limits.window_start <= ${expired} THEN 1 ELSE auth_rate_limits.count + 1 END`,
        }),
      )
      .returning(['window_start', 'count'])
      .executeTakeFirstOrThrow();
    if (counter.count > limit.max) {
      const reopensAt = counter.window_start.getTime() + limit.windowMs;
      retryAfterSeconds = Math.max(retryAfterSeconds, Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)));
    }
  }
  return retryAfterSeconds > 0 ? { allowed: false, retryAfterSeconds } : { allowed: true };
}

/** Gives back the place a successful attempt took under each key. */
export async function refund(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.updateTable('auth_rate_limits').set({ count: sql<number>`GREATEST(count - 1, 0)` }).where('key', 'in', keys).execute();
}

/** Forgets an account's failures once it has proven itself (a correct password or code). */
export async function clear(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('auth_rate_limits').where('key', 'in', keys).execute();
}
