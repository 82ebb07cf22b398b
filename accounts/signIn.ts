import type { AccountsContext, RequestOrigin } from './context.js';
import type { Language, SessionRow, UserRow } from './accounts.table.js';
import { AuthError, authErrors } from './errors.js';
import { sendOneTimeCode, type CodeDelivery } from './oneTimeCodes.js';
import { clearThrottles, hasRecentFailures, refund, reserveAttempt, reserveThrottled } from './rateLimits.js';
import { hashPassword, passwordMatches } from './secrets.js';
import { revokeSession, startSession, type IssuedSession } from './sessions.js';
import { insertUser, updateUser } from './users.js';

export interface Registration {
  email: string;
  password: string;
  fullName: string;
  username?: string | undefined;
  phoneNumber?: string | undefined;
  userType: 'passenger' | 'driver';
  preferredLanguage?: Language | undefined;
}

/**
 * Creates a passenger or driver account (admins never register themselves) and a session that
 * still waits for the second factor: registration always continues with MFA setup.
 */
export async function register(
  context: AccountsContext,
  registration: Registration,
  origin: RequestOrigin,
  replacing?: string,
): Promise<{ user: UserRow; issued: IssuedSession }> {
  const now = context.clock.now();
  const user = await insertUser(
    context.db,
    {
      email: registration.email,
      passwordHash: await hashPassword(registration.password),
      fullName: registration.fullName,
      username: registration.username,
      phoneNumber: registration.phoneNumber,
      userType: registration.userType,
      preferredLanguage: registration.preferredLanguage,
    },
    now,
  );
  const issued = await startPendingSession(context, user, origin, replacing);
  context.logger.info({ userId: user.id, userType: user.user_type }, 'account registered');
  return { user, issued };
}

export interface SignInResult {
  user: UserRow;
  issued: IssuedSession;
  /** For SMS users a code goes out at once; null when none was sent (say, within the cooldown). */
  codeDelivery: CodeDelivery | null;
}

/**
 * Password step of sign-in. Guessing is slowed, never turned into a lockout someone else can
 * trigger (OWASP ASVS V2.2.1):
 *
 * - per account from one client (address): three failures are free, then each further one makes
 *   that client wait 1 s, 2 s, 4 s … up to 15 minutes before its next attempt on that account;
 * - per client: past 30 failures in 15 minutes over any accounts, that address waits for the window
 *   (a script spraying guesses across accounts; high because carrier NAT puts many people behind
 *   one address);
 * - per account from all clients: past 10 failures, clients that have themselves been failing
 *   wait the account's growing delay too (guesses spread over many addresses); a client with no
 *   failures is never held back by it, so the owner signs in while strangers guess.
 *
 * Each attempt is counted before the password is checked (a parallel burst cannot slip past), and
 * a right password gives its places back. `adminOnly` is the admin portal's door: the right
 * password on a non-admin account is a 403.
 */
export async function signIn(
  context: AccountsContext,
  credentials: { email: string; password: string },
  origin: RequestOrigin,
  options: { adminOnly: boolean; replacing?: string | undefined },
): Promise<SignInResult> {
  const { db, policy } = context;
  const now = context.clock.now();
  const throttle = policy.signInThrottle;
  const delays = { firstDelayMs: throttle.firstDelayMs, maxDelayMs: throttle.maxDelayMs, forgetAfterMs: throttle.forgetAfterMs };
  const pairKey = `login:pair:${credentials.email}:${origin.ip}`;
  const accountKey = `login:account:${credentials.email}`;
  const ipKey = `login:ip:${origin.ip}`;
  const clientFailing = await hasRecentFailures(db, `login:client:${origin.ip}`, now, throttle.forgetAfterMs);
  for (const reservation of [
    await reserveAttempt(db, [{ key: ipKey, max: policy.maxFailuresPerIpPerWindow, windowMs: policy.failureWindowMs }], now),
    await reserveThrottled(db, { key: pairKey, free: throttle.freeFailuresPerClient, ...delays }, now),
    await reserveThrottled(db, { key: accountKey, free: throttle.freeFailuresPerAccount, ...delays }, now, clientFailing),
  ]) {
    if (!reservation.allowed) throw authErrors.tooManyAttempts(reservation.retryAfterSeconds);
  }

  const user = await db.selectFrom('users').selectAll().where('email', '=', credentials.email).executeTakeFirst();
  if (!(await passwordMatches(user?.password_hash, credentials.password)) || !user) {
    context.logger.info({ ip: origin.ip }, 'sign-in refused: wrong email or password');
    // This client is now one that has been failing (the account-wide delay may reach it).
    await reserveThrottled(db, { key: `login:client:${origin.ip}`, free: 1_000_000, ...delays }, now, false);
    throw authErrors.invalidCredentials();
  }
  await clearThrottles(db, [pairKey, accountKey]);
  await refund(db, [ipKey]);

  if (!user.is_active) {
    throw new AuthError(403, 'account_deactivated', 'This account has been deactivated. Contact support to restore it.');
  }
  if (options.adminOnly && user.user_type !== 'admin') {
    throw new AuthError(403, 'not_admin', `The admin portal is for administrators only; this is a ${user.user_type} account. Sign in on the main sign-in page instead.`);
  }

  const issued = await startPendingSession(context, user, origin, options.replacing);
  const codeDelivery = await sendSignInCode(context, user, origin);
  context.logger.info({ userId: user.id, adminPortal: options.adminOnly }, 'password accepted; second factor pending');
  return { user, issued, codeDelivery };
}

export function startPendingSession(context: AccountsContext, user: UserRow, origin: RequestOrigin, replacing?: string): Promise<IssuedSession> {
  return startSession(
    context.db,
    { userId: user.id, mfaVerified: false, ip: origin.ip, userAgent: origin.userAgent },
    context.clock.now(),
    context.policy.pendingSessionTtlMs,
    replacing,
  );
}

/**
 * An SMS-factor account gets its code as soon as the first factor passes. Best effort: the first
 * factor stands either way, and the person can ask again (within the cooldown it says how long).
 */
export async function sendSignInCode(context: AccountsContext, user: UserRow, origin: RequestOrigin): Promise<CodeDelivery | null> {
  if (!user.mfa_enabled || user.mfa_method !== 'sms') return null;
  return sendOneTimeCode(context, user, 'login', origin).catch((error: unknown) => {
    context.logger.warn({ err: error, userId: user.id }, 'sign-in code not sent');
    return null;
  });
}

export async function signOut(context: AccountsContext, session: SessionRow | undefined): Promise<void> {
  if (session) await revokeSession(context.db, session.id, context.clock.now());
}

export function setPreferredLanguage(context: AccountsContext, userId: string, language: Language): Promise<UserRow> {
  return updateUser(context.db, userId, { preferred_language: language }, context.clock.now());
}
