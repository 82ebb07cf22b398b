import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { AccountsDatabase, UserRow, UserType } from './accounts.table.js';
import { normalisePhoneNumber } from '../domain/shared/phone.js';

/**
 * What the admin portal reads and does with accounts beyond sign-in: find users, count them,
 * look up the people behind driver profiles, end sessions and delete accounts.
 */

type Db = Kysely<AccountsDatabase>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Name, e-mail, username or phone containing the text; a phone typed the Zambian way also matches its stored +260 form. */
function matching(search: string) {
  const pattern = `%${escapeLike(search)}%`;
  const phone = normalisePhoneNumber(search);
  return (eb: ExpressionBuilder<AccountsDatabase, 'users'>) =>
    eb.or([
      eb('full_name', 'ilike', pattern),
      eb('email', 'ilike', pattern),
      eb('username', 'ilike', pattern),
      eb('phone_number', 'ilike', pattern),
      ...(phone ? [eb('phone_number', '=', phone)] : []),
    ]);
}

export interface UserListFilter {
  search?: string;
  userType?: UserType;
  limit: number;
  offset: number;
}

/** The admin's users page: newest accounts first. */
export async function listUsers(db: Db, filter: UserListFilter): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll();
  const search = filter.search?.trim();
  if (search) query = query.where(matching(search));
  // A two-role account is listed under both (a rider who also drives is among the drivers).
  if (filter.userType) query = query.where(sql<boolean>`${filter.userType} = ANY (roles)`);
  return query.orderBy('created_at', 'desc').orderBy('id').limit(filter.limit).offset(filter.offset).execute();
}

export interface UserCounts {
  total: number;
  active: number;
  passengers: number;
  drivers: number;
  admins: number;
  staff: number;
}

/** The users page's counters (over every account, whatever the search). */
export async function countUsers(db: Db): Promise<UserCounts> {
  return db
    .selectFrom('users')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) FILTER (WHERE is_active))::int`.as('active'),
      sql<number>`(count(*) FILTER (WHERE 'passenger' = ANY (roles)))::int`.as('passengers'),
      sql<number>`(count(*) FILTER (WHERE 'driver' = ANY (roles)))::int`.as('drivers'),
      sql<number>`(count(*) FILTER (WHERE user_type = 'admin'))::int`.as('admins'),
      sql<number>`(count(*) FILTER (WHERE user_type = 'staff'))::int`.as('staff'),
    ])
    .executeTakeFirstOrThrow();
}

/** The accounts with these ids (any missing ones are simply absent). */
export async function usersByIds(db: Db, ids: readonly string[]): Promise<UserRow[]> {
  const unique = [...new Set(ids)].filter((id) => UUID.test(id));
  if (unique.length === 0) return [];
  return db.selectFrom('users').selectAll().where('id', 'in', unique).execute();
}

/** Ids of the accounts whose name, e-mail, username or phone match: the drivers page searches people too. */
export async function userIdsMatching(db: Db, search: string, limit = 500): Promise<string[]> {
  const text = search.trim();
  if (!text) return [];
  const rows = await db.selectFrom('users').select('id').where(matching(text)).limit(limit).execute();
  return rows.map((row) => row.id);
}

/** Ends every live session of the user (a deactivated account is signed out everywhere at once). */
export async function endSessionsOf(db: Db, userId: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('user_sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the account; sessions, codes and linked sign-ins go with it (foreign keys cascade). */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
