import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export { USER_TYPES, LANGUAGES, MFA_METHODS, CODE_PURPOSES } from '../domain/account/index.js';
export type { UserType, Language, MfaMethod, CodePurpose } from '../domain/account/index.js';
import type { CodePurpose, Language, MfaMethod, UserType } from '../domain/account/index.js';

/** Where a one-time code goes: the phone when there is one, otherwise the e-mail address. */
export type CodeChannel = 'sms' | 'email';

export interface UsersTable {
  id: string;
  /** Stored lower-cased; unique. */
  email: string;
  /** Unique regardless of case. */
  username: string | null;
  full_name: string;
  /** E.164 (`+260971234567`). */
  phone_number: string | null;
  /** argon2id; null for accounts that only sign in through Google or Apple. */
  password_hash: string | null;
  /** The kind of account it was opened as (what the admin portal shows and changes). */
  user_type: UserType;
  /**
   * Every role the account may act in: always its user_type, and for a rider who applied to drive
   * (or a driver who also rides) the other one too. Checked on every request (api/plugins/auth.ts).
   */
  roles: ColumnType<UserType[], UserType[], UserType[]>;
  preferred_language: Language;
  is_active: Generated<boolean>;
  mfa_method: MfaMethod | null;
  mfa_enabled: Generated<boolean>;
  totp_secret: string | null;
  /** An authenticator-app enrolment waiting for its first code. */
  pending_totp_secret: string | null;
  /** The last TOTP time step accepted: a code is never accepted twice. bigint, read as a string. */
  totp_last_counter: ColumnType<string | null, string | number | null, string | number | null>;
  created_at: Date;
  updated_at: Date;
}

export interface UserSessionsTable {
  /** sha256 of the cookie's token: a leaked table row cannot be replayed as a cookie. */
  id: string;
  user_id: string;
  mfa_verified: boolean;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

export interface OneTimeCodesTable {
  id: string;
  user_id: string;
  purpose: CodePurpose;
  channel: CodeChannel;
  /** HMAC of the code with the server secret. */
  code_hash: string;
  sent_at: Date;
  expires_at: Date;
  attempts: Generated<number>;
  consumed_at: Date | null;
}

export interface BackupCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: Date;
  /** Null while the enrolment that issued it is unconfirmed. */
  activated_at: Date | null;
  used_at: Date | null;
}

export interface AuthRateLimitsTable {
  key: string;
  window_start: Date;
  count: number;
}

/** Failed sign-ins under one key (an account, an account from one client) and when the next may come. */
export interface AuthThrottlesTable {
  key: string;
  /** Attempts counted as failures (counted before checking, given back by a success). */
  failures: number;
  last_attempt_at: Date;
  /** No attempt under this key is checked before this instant. */
  blocked_until: Date;
}

export interface ExternalIdentitiesTable {
  provider: 'google' | 'apple';
  /** The provider's `sub`: stable even when the e-mail address changes. */
  subject: string;
  user_id: string;
  email: string;
  created_at: Date;
}

export interface AccountsDatabase {
  users: UsersTable;
  user_sessions: UserSessionsTable;
  one_time_codes: OneTimeCodesTable;
  backup_codes: BackupCodesTable;
  auth_rate_limits: AuthRateLimitsTable;
  auth_throttles: AuthThrottlesTable;
  external_identities: ExternalIdentitiesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<UserSessionsTable>;
export type OneTimeCodeRow = Selectable<OneTimeCodesTable>;
