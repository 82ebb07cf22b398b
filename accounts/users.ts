import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountsDatabase, Language, MfaMethod, UserRow, UserType, UserUpdate } from './accounts.table.js';
import { AuthError } from './errors.js';
import { SELF_SERVICE_ROLES, type SelfServiceRole } from '../domain/account/index.js';

type Db = Kysely<AccountsDatabase>;

/** A user as the API shows it: never the password hash or the second-factor secrets. */
export interface PublicUser {
  id: string;
  email: string;
  username: string | null;
  fullName: string;
  phoneNumber: string | null;
  userType: UserType;
  /** Every role the account may act in (its userType, and for a two-role account the other). */
  roles: UserType[];
  preferredLanguage: Language;
  mfaEnabled: boolean;
  mfaMethod: MfaMethod | null;
}

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    fullName: row.full_name,
    phoneNumber: row.phone_number,
    userType: row.user_type,
    roles: orderedRoles(row.user_type, row.roles),
    preferredLanguage: row.preferred_language,
    mfaEnabled: row.mfa_enabled,
    mfaMethod: row.mfa_method,
  };
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  fullName: string;
  username?: string | undefined;
  phoneNumber?: string | undefined;
  userType: UserType;
  preferredLanguage?: Language | undefined;
}

/**
 * Inserts a user. The only way an admin or staff account comes to exist (they never register
 * themselves): an operator's script or a test calls this directly. A taken e-mail address or
 * username is a 409 naming it.
 */
export async function insertUser(db: Db, user: NewUser, now: Date): Promise<UserRow> {
  try {
    return await db
      .insertInto('users')
      .values({
        id: randomUUID(),
        email: user.email.trim().toLowerCase(),
        username: user.username ?? null,
        full_name: user.fullName,
        phone_number: user.phoneNumber ?? null,
        password_hash: user.passwordHash,
        user_type: user.userType,
        roles: [user.userType],
        preferred_language: user.preferredLanguage ?? 'en',
        mfa_method: null,
        totp_secret: null,
        pending_totp_secret: null,
        totp_last_counter: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

function uniqueViolation(error: unknown): AuthError | undefined {
  const pgError = error as { code?: string; constraint?: string };
  if (pgError.code !== '23505') return undefined;
  if (pgError.constraint === 'users_username_unique') {
    return new AuthError(409, 'username_taken', 'That username is already taken', { field: 'username' });
  }
  return new AuthError(409, 'email_taken', 'An account with this email already exists', { field: 'email' });
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function updateUser(db: Db, id: string, patch: Omit<UserUpdate, 'id' | 'updated_at'>, now: Date): Promise<UserRow> {
  try {
    return await db
      .updateTable('users')
      .set({ ...patch, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

/**
 * Activates or deactivates an account. Deactivating also ends every session at once; the auth
 * plugin's per-request check would refuse them anyway, this just leaves no live rows behind.
 */
export async function setUserActive(db: Db, id: string, active: boolean, now: Date): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const user = await updateUser(trx, id, { is_active: active }, now);
    if (!active) {
      await trx.updateTable('user_sessions').set({ revoked_at: now }).where('user_id', '=', id).where('revoked_at', 'is', null).execute();
    }
    return user;
  });
}

/** The account's own kind first, then any other role it holds. */
function orderedRoles(userType: UserType, roles: readonly UserType[]): UserType[] {
  return [userType, ...roles.filter((role) => role !== userType)];
}

/**
 * A rider takes up driving, or a driver riding, on the same account: the role is added at once
 * (driving still waits for an approved application before any ride is offered). Only passenger and
 * driver accounts may; taking up a role already held is a no-op.
 */
export async function addSelfServiceRole(db: Db, id: string, role: SelfServiceRole, now: Date): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new AuthError(404, 'not_found', 'No such account');
  if (!(SELF_SERVICE_ROLES as readonly string[]).includes(user.user_type)) {
    throw new AuthError(403, 'forbidden_role', `A ${user.user_type} account holds its one role only`, { field: 'role' });
  }
  if (user.roles.includes(role)) return user;
  return updateUser(db, id, { roles: orderedRoles(user.user_type, [...user.roles, role]) }, now);
}
