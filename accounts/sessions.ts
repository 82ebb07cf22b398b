import type { Kysely } from 'kysely';
import type { AccountsDatabase, SessionRow, UserRow } from './accounts.table.js';
import { newSessionToken, sessionIdOf } from './secrets.js';

type Db = Kysely<AccountsDatabase>;

export interface SessionStart {
  userId: string;
  mfaVerified: boolean;
  ip: string | null;
  userAgent: string | null;
}

export interface IssuedSession {
  /** The cookie's value; never stored. */
  token: string;
  session: SessionRow;
}

/**
 * Starts a session and ends the one it replaces (if any) in the same transaction: every step up
 * (password accepted, second factor accepted) gets a new id, so an id planted before sign-in
 * (session fixation) is worth nothing after it.
 */
export async function startSession(
  db: Db,
  start: SessionStart,
  now: Date,
  ttlMs: number,
  replacing?: string,
): Promise<IssuedSession> {
  const token = newSessionToken();
  const session = await db.transaction().execute(async (trx) => {
    if (replacing) await revokeSession(trx, replacing, now);
    return trx
      .insertInto('user_sessions')
      .values({
        id: sessionIdOf(token),
        user_id: start.userId,
        mfa_verified: start.mfaVerified,
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + ttlMs),
        revoked_at: null,
        ip: start.ip,
        user_agent: start.userAgent?.slice(0, 512) ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { token, session };
}

/** The live session a cookie names, with its user (active or not: the caller decides). */
export async function findLiveSession(db: Db, token: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('user_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select([
      's.id as session_id',
      's.mfa_verified as session_mfa_verified',
      's.created_at as session_created_at',
      's.last_seen_at as session_last_seen_at',
      's.expires_at as session_expires_at',
      's.revoked_at as session_revoked_at',
      's.ip as session_ip',
      's.user_agent as session_user_agent',
    ])
    .where('s.id', '=', sessionIdOf(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    session_id,
    session_mfa_verified,
    session_created_at,
    session_last_seen_at,
    session_expires_at,
    session_revoked_at,
    session_ip,
    session_user_agent,
    ...user
  } = row;
  return {
    user,
    session: {
      id: session_id,
      user_id: user.id,
      mfa_verified: session_mfa_verified,
      created_at: session_created_at,
      last_seen_at: session_last_seen_at,
      expires_at: session_expires_at,
      revoked_at: session_revoked_at,
      ip: session_ip,
      user_agent: session_user_agent,
    },
  };
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('user_sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('user_sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}
