import { sql, type Kysely } from 'kysely';
import type { AccountsDatabase } from './accounts.table.js';

type Db = Kysely<AccountsDatabase>;

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

export interface Throttle {
  key: string;
  /** Failures before the first delay. */
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/** The wait after the n-th failure: none while free, then doubling from the first delay to the cap. */
export function delayAfter(failures: number, throttle: Pick<Throttle, 'free' | 'firstDelayMs' | 'maxDelayMs'>): number {
  if (failures <= throttle.free) return 0;
  return Math.min(throttle.maxDelayMs, throttle.firstDelayMs * 2 ** Math.min(failures - throttle.free - 1, 40));
}

/**
 * Growing delays instead of a lockout: counts the attempt as a failure BEFORE it is checked (so a
 * burst of parallel guesses cannot all pass), in one atomic upsert that also sets when the next
 * attempt may come. Refused while an earlier failure's delay runs; `enforce: false` counts without
 * refusing (a client that has not been failing, under an account-wide throttle). A success gives
 * the place back with `clearThrottles`.
 */
export async function reserveThrottled(db: Db, throttle: Throttle, now: Date, enforce = true): Promise<Reservation> {
  const forgotten = new Date(now.getTime() - throttle.forgetAfterMs);
  const counted = sql<number>`CASE WHEN auth_throttles.last_attempt_at <= ${forgotten} THEN 1 ELSE auth_throttles.failures + 1 END`;
  const upsert = db
    .insertInto('auth_throttles')
    .values({ key: throttle.key, failures: 1, last_attempt_at: now, blocked_until: new Date(now.getTime() + delayAfter(1, throttle)) })
    .onConflict((conflict) => {
      const update = conflict.column('key').doUpdateSet({
        failures: counted,
        last_attempt_at: now,
        blocked_until: sql<Date>`${now}::timestamptz + make_interval(secs => LEAST(${throttle.maxDelayMs}, CASE WHEN ${counted} <= ${throttle.free} THEN 0 ELSE ${throttle.firstDelayMs} * power(2, LEAST(${counted} - ${throttle.free} - 1, 40)) END) / 1000.0)`,
      });
      return enforce ? update.where('auth_throttles.blocked_until', '<=', now) : update;
    })
    .returning(['failures']);
  if (await upsert.executeTakeFirst()) return { allowed: true };
  const held = await db.selectFrom('auth_throttles').select('blocked_until').where('key', '=', throttle.key).executeTakeFirst();
  const waitMs = held ? held.blocked_until.getTime() - now.getTime() : 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** Whether any failure is still remembered under a key (a client that has been failing). */
export async function hasRecentFailures(db: Db, key: string, now: Date, forgetAfterMs: number): Promise<boolean> {
  const row = await db
    .selectFrom('auth_throttles')
    .select('failures')
    .where('key', '=', key)
    .where('last_attempt_at', '>', new Date(now.getTime() - forgetAfterMs))
    .executeTakeFirst();
  return (row?.failures ?? 0) > 0;
}

/** Gives back a successful attempt's place: its throttles start afresh. */
export async function clearThrottles(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('auth_throttles').where('key', 'in', keys).execute();
}
