/**
 * The numbers that govern sign-in. One-time codes follow the spec (6 digits, 5 minutes, resend after
 * 30 s, each single-use); the rest are our choices. Tests shorten or lengthen them through
 * `createAccounts({ policy })`, never by editing this file.
 */
export interface AuthPolicy {
  /** A one-time code's life. */
  codeTtlMs: number;
  /** How long after sending a code another may be sent to the same account. */
  resendCooldownMs: number;
  /** Wrong entries that lock a one-time code (a new one must be sent). */
  maxCodeAttempts: number;
  /** Failed second-factor codes allowed per account in one window (the password already passed). */
  maxFailuresPerWindow: number;
  /** Growing delays between failed passwords, per account and client and per account (see signIn.ts). */
  signInThrottle: SignInThrottle;
  /**
   * Failed logins (and, separately, failed codes) allowed per IP address in one window. Higher than
   * per account: Zambian mobile networks put many subscribers behind one address (carrier NAT),
   * and one person's typos must not lock out their neighbours; it still stops a script spraying
   * guesses across accounts.
   */
  maxFailuresPerIpPerWindow: number;
  failureWindowMs: number;
  /** One-time codes sent from one IP in one window (SMS costs money; a script must not spend it). */
  maxCodesSentPerIpPerWindow: number;
  /** A session that has passed the password but not yet the second factor. */
  pendingSessionTtlMs: number;
  /** A fully signed-in session, counted from sign-in. */
  sessionTtlMs: number;
  /** last_seen_at is written at most this often, so reads stay reads. */
  sessionTouchIntervalMs: number;
  /** How many backup codes an authenticator-app enrolment hands out. */
  backupCodeCount: number;
}

export interface SignInThrottle {
  /** Failures of one account from one client before any delay: typos cost nothing. */
  freeFailuresPerClient: number;
  /**
   * Failures of one account from all clients before clients that have themselves been failing
   * wait too (a guesser spread over many addresses). A client with no failures is never held back
   * by this: the owner is not locked out by someone else's guesses.
   */
  freeFailuresPerAccount: number;
  /** The first delay; each further failure doubles it. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Failures are forgotten after this long without an attempt. */
  forgetAfterMs: number;
}

const MINUTE = 60_000;

export const defaultAuthPolicy: AuthPolicy = {
  codeTtlMs: 5 * MINUTE,
  resendCooldownMs: 30_000,
  maxCodeAttempts: 5,
  maxFailuresPerWindow: 5,
  // 3 free typos per device; then 1 s, 2 s, 4 s, … to 15 min: ~4 guesses an hour at the cap. An
  // account under a spread-out attack makes failing clients wait after 10 failures in all.
  signInThrottle: { freeFailuresPerClient: 3, freeFailuresPerAccount: 10, firstDelayMs: 1000, maxDelayMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE },
  maxFailuresPerIpPerWindow: 30,
  failureWindowMs: 15 * MINUTE,
  maxCodesSentPerIpPerWindow: 20,
  pendingSessionTtlMs: 15 * MINUTE,
  sessionTtlMs: 30 * 24 * 60 * MINUTE,
  sessionTouchIntervalMs: MINUTE,
  backupCodeCount: 10,
};
