import type { AccountsContext, RequestOrigin, SignInState } from './context.js';
import type { CodePurpose, MfaMethod, UserRow } from './accounts.table.js';
import { activateBackupCodes, consumeBackupCode, discardBackupCodes, issueBackupCodes, remainingBackupCodes } from './backupCodes.js';
import { AuthError, MFA_REQUIRED_MESSAGE, authErrors, invalidField } from './errors.js';
import { checkOneTimeCode, sendOneTimeCode, type CodeCheck, type CodeDelivery } from './oneTimeCodes.js';
import { clear, refund, reserveAttempt } from './rateLimits.js';
import { startSession, type IssuedSession } from './sessions.js';
import { matchTotp, newTotpEnrolment } from './totp.js';
import { findUserById, updateUser } from './users.js';

/**
 * A second factor can be enrolled while none is set up yet (just registered), or changed from a
 * fully signed-in session. A password alone never replaces a second factor already in place.
 */
function assertMayEnrol(state: SignInState): void {
  if (state.user.mfa_enabled && !state.session.mfa_verified) {
    throw new AuthError(403, 'mfa_required', `${MFA_REQUIRED_MESSAGE} Verify your current second factor before changing it.`);
  }
}

export type MfaSetup =
  | { method: 'sms'; codeDelivery: CodeDelivery }
  | { method: 'totp'; secret: string; otpauthUrl: string; backupCodes: string[] };

export async function setUpMfa(
  context: AccountsContext,
  state: SignInState,
  request: { method: MfaMethod; phoneNumber?: string | undefined },
  origin: RequestOrigin,
): Promise<MfaSetup> {
  assertMayEnrol(state);
  const now = context.clock.now();
  if (request.method === 'sms') {
    const user =
      request.phoneNumber && request.phoneNumber !== state.user.phone_number
        ? await updateUser(context.db, state.user.id, { phone_number: request.phoneNumber }, now)
        : state.user;
    return { method: 'sms', codeDelivery: await sendOneTimeCode(context, user, 'registration', origin) };
  }
  const enrolment = newTotpEnrolment(state.user.email);
  const backupCodes = await context.db.transaction().execute(async (trx) => {
    await updateUser(trx, state.user.id, { pending_totp_secret: enrolment.secret }, now);
    return issueBackupCodes(trx, context.secret, state.user.id, context.policy.backupCodeCount, now);
  });
  return { method: 'totp', ...enrolment, backupCodes };
}

/**
 * Sends a code: `registration` while SMS is being enrolled, `login` for an account whose second
 * factor is SMS. An authenticator-app account has no codes to send (its app shows them).
 */
export function sendMfaCode(context: AccountsContext, state: SignInState, purpose: CodePurpose, origin: RequestOrigin): Promise<CodeDelivery> {
  const { user } = state;
  if (purpose === 'login') {
    if (!user.mfa_enabled) {
      throw invalidField('body.purpose', 'Two-factor authentication is not set up yet for this account: use purpose registration');
    }
    if (user.mfa_method === 'totp') {
      throw invalidField('body.purpose', 'This account uses an authenticator app: enter the code it shows, or a backup code');
    }
  } else {
    if (user.mfa_enabled && !state.session.mfa_verified) {
      throw invalidField('body.purpose', 'Two-factor authentication is already set up for this account: use purpose login');
    }
  }
  return sendOneTimeCode(context, user, purpose, origin);
}

export interface Verified {
  user: UserRow;
  issued: IssuedSession;
  /** Set when a backup code was used: how many are left. */
  backupCodesRemaining?: number;
}

type Outcome = { accepted: true; backupCodeUsed?: boolean } | { accepted: false; check: CodeCheck };

/**
 * The second step. Accepts, in order: the first code of an authenticator-app enrolment, the
 * account's authenticator app, the latest SMS/e-mail code, a backup code. Five failures per account
 * and per IP in the window, then 429. Success turns the session into a full one under a new id.
 */
export async function verifyMfa(context: AccountsContext, state: SignInState, code: string, origin: RequestOrigin): Promise<Verified> {
  const { db, policy } = context;
  const now = context.clock.now();
  const accountKey = `mfa:user:${state.user.id}`;
  const ipKey = `mfa:ip:${origin.ip}`;
  const reservation = await reserveAttempt(
    db,
    [
      { key: accountKey, max: policy.maxFailuresPerWindow, windowMs: policy.failureWindowMs },
      { key: ipKey, max: policy.maxFailuresPerIpPerWindow, windowMs: policy.failureWindowMs },
    ],
    now,
  );
  if (!reservation.allowed) throw authErrors.tooManyAttempts(reservation.retryAfterSeconds);

  const outcome = await tryFactors(context, state, code.trim(), now);
  if (!outcome.accepted) {
    context.logger.info({ userId: state.user.id, check: outcome.check }, 'second factor refused');
    if (outcome.check === 'locked') {
      throw new AuthError(429, 'code_locked', 'Too many wrong entries for this code. Ask for a new code.');
    }
    if (outcome.check === 'expired') throw new AuthError(401, 'code_expired', 'This code has expired. Ask for a new code.');
    throw new AuthError(401, 'invalid_code', 'That code is not correct.');
  }
  await clear(db, [accountKey]);
  await refund(db, [ipKey]);

  const user = (await findUserById(db, state.user.id))!;
  const issued = await startSession(
    db,
    { userId: user.id, mfaVerified: true, ip: origin.ip, userAgent: origin.userAgent },
    now,
    policy.sessionTtlMs,
    state.session.id,
  );
  context.logger.info({ userId: user.id, method: user.mfa_method }, 'second factor accepted; signed in');
  return outcome.backupCodeUsed ? { user, issued, backupCodesRemaining: await remainingBackupCodes(db, user.id) } : { user, issued };
}

async function tryFactors(context: AccountsContext, state: SignInState, code: string, now: Date): Promise<Outcome> {
  const { user, session } = state;
  const mayEnrol = !user.mfa_enabled || session.mfa_verified;
  if (!/^\d{6}$/.test(code)) {
    const usable = user.mfa_enabled && user.mfa_method === 'totp';
    const used = usable && (await consumeBackupCode(context.db, context.secret, user.id, code, now));
    return used ? { accepted: true, backupCodeUsed: true } : { accepted: false, check: 'wrong' };
  }
  if (await tryAuthenticatorApp(context, user, mayEnrol, code, now)) return { accepted: true };
  return trySentCode(context, user, mayEnrol, code, now);
}

/** The first code of an app enrolment in progress confirms it; later codes sign in, once each. */
async function tryAuthenticatorApp(context: AccountsContext, user: UserRow, mayEnrol: boolean, code: string, now: Date): Promise<boolean> {
  const { db } = context;
  const enrolling = mayEnrol && user.pending_totp_secret ? matchTotp(user.pending_totp_secret, code, now) : null;
  if (enrolling !== null) {
    await db.transaction().execute(async (trx) => {
      await updateUser(
        trx,
        user.id,
        { mfa_method: 'totp', mfa_enabled: true, totp_secret: user.pending_totp_secret, pending_totp_secret: null, totp_last_counter: enrolling },
        now,
      );
      await activateBackupCodes(trx, user.id, now);
    });
    return true;
  }
  if (!user.mfa_enabled || user.mfa_method !== 'totp' || !user.totp_secret) return false;
  const step = matchTotp(user.totp_secret, code, now);
  if (step === null) return false;
  // Conditional on the last step accepted: of two uses of one code, even simultaneous, one passes.
  const taken = await db
    .updateTable('users')
    .set({ totp_last_counter: step, updated_at: now })
    .where('id', '=', user.id)
    .where((eb) => eb.or([eb('totp_last_counter', 'is', null), eb('totp_last_counter', '<', String(step))]))
    .executeTakeFirst();
  return taken.numUpdatedRows === 1n;
}

/** A code we sent: the sign-in code of an SMS account, or the code that enrols SMS. */
async function trySentCode(context: AccountsContext, user: UserRow, mayEnrol: boolean, code: string, now: Date): Promise<Outcome> {
  const login: CodeCheck = user.mfa_enabled && user.mfa_method === 'sms' ? await checkOneTimeCode(context, user.id, 'login', code) : 'none';
  if (login === 'accepted') return { accepted: true };
  const enrolment: CodeCheck = mayEnrol ? await checkOneTimeCode(context, user.id, 'registration', code) : 'none';
  if (enrolment === 'accepted') {
    await context.db.transaction().execute(async (trx) => {
      await updateUser(trx, user.id, { mfa_method: 'sms', mfa_enabled: true, totp_secret: null, pending_totp_secret: null }, now);
      await discardBackupCodes(trx, user.id);
    });
    return { accepted: true };
  }
  // Tell the person the most useful thing: a locked or expired code beats a plain "wrong".
  const checks = [login, enrolment];
  const check = checks.includes('locked') ? 'locked' : checks.includes('expired') ? 'expired' : 'wrong';
  return { accepted: false, check };
}
