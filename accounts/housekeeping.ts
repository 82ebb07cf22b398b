import type { Kysely } from 'kysely';
import type { AccountsDatabase } from './accounts.table.js';
import type { AuthPolicy } from './policy.js';

const DAY = 24 * 3600_000;

/**
 * Deletes what can no longer matter: sessions ended or expired a day ago, codes expired a day ago,
 * rate-limit windows long closed. A day's grace keeps recent rows for anyone looking into an
 * incident. Safe on every replica at once (plain deletes).
 */
export async function pruneAccounts(db: Kysely<AccountsDatabase>, policy: AuthPolicy, now: Date): Promise<{ sessions: number; codes: number; counters: number }> {
  const dayAgo = new Date(now.getTime() - DAY);
  const sessions = await db
    .deleteFrom('user_sessions')
    .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('revoked_at', '<', dayAgo)]))
    .executeTakeFirst();
  const codes = await db.deleteFrom('one_time_codes').where('expires_at', '<', dayAgo).executeTakeFirst();
  const counters = await db
    .deleteFrom('auth_rate_limits')
    .where('window_start', '<', new Date(now.getTime() - policy.failureWindowMs - DAY))
    .executeTakeFirst();
  const throttles = await db
    .deleteFrom('auth_throttles')
    .where('last_attempt_at', '<', new Date(now.getTime() - policy.signInThrottle.forgetAfterMs - DAY))
    .executeTakeFirst();
  return {
    sessions: Number(sessions.numDeletedRows),
    codes: Number(codes.numDeletedRows),
    counters: Number(counters.numDeletedRows) + Number(throttles.numDeletedRows),
  };
}

/** Runs `pruneAccounts` every hour until stopped; a failed run is logged and tried next hour. */
export function startAccountsHousekeeping(
  db: Kysely<AccountsDatabase>,
  policy: AuthPolicy,
  now: () => Date,
  onError: (error: unknown) => void,
): { stop(): void } {
  const timer = setInterval(() => void pruneAccounts(db, policy, now()).catch(onError), 3600_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
