import { sql, type Kysely } from 'kysely';
import type { DriverProfileRow, DriverProfilesTables, DriverVerificationStatus } from './driverProfiles.table.js';

type Db = Kysely<DriverProfilesTables>;

export async function driverById(db: Db, driverId: string): Promise<DriverProfileRow | undefined> {
  return db.selectFrom('rm_driver_profiles').selectAll().where('driver_id', '=', driverId).executeTakeFirst();
}

/** The profiles of several drivers at once (driver cards on lists and bids); unknown ids are left out. */
export async function driversByIds(db: Db, driverIds: readonly string[]): Promise<DriverProfileRow[]> {
  if (driverIds.length === 0) return [];
  return db.selectFrom('rm_driver_profiles').selectAll().where('driver_id', 'in', driverIds).execute();
}

/** The driver profile of a login (a user applies as one driver; the latest if ever more). */
export async function driverByUserId(db: Db, userId: string): Promise<DriverProfileRow | undefined> {
  return db
    .selectFrom('rm_driver_profiles')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type ReviewStatus = Exclude<DriverVerificationStatus, 'not_applied'>;

export interface AdminDriverFilter {
  /** Matches the licence number, plate, vehicle make or model, or driver id (case-insensitive, anywhere). */
  search?: string;
  /**
   * Logins whose name, email or phone matched the search in the API's user accounts: their drivers
   * match too. (Those details are not events, so this read model does not hold them.)
   */
  matchingUserIds?: readonly string[];
  status?: ReviewStatus;
}

export interface AdminDriverCounts {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  suspended: number;
  onlineNow: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The admin's drivers page: drivers who applied, newest first, with the tab counts. The counts
 * follow the search but not the status tab, so every tab shows how many it holds.
 */
export async function driversForAdmin(
  db: Db,
  filter: AdminDriverFilter = {},
): Promise<{ drivers: DriverProfileRow[]; counts: AdminDriverCounts }> {
  let applied = db.selectFrom('rm_driver_profiles').where('verification_status', '<>', 'not_applied');
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const userIds = filter.matchingUserIds ?? [];
    applied = applied.where((eb) =>
      eb.or([
        eb('licence_number', 'ilike', pattern),
        eb('plate_number', 'ilike', pattern),
        eb('vehicle_make', 'ilike', pattern),
        eb('vehicle_model', 'ilike', pattern),
        eb('driver_id', 'ilike', pattern),
        ...(userIds.length > 0 ? [eb('user_id', 'in', userIds)] : []),
      ]),
    );
  }
  const listed = filter.status ? applied.where('verification_status', '=', filter.status) : applied;
  const [drivers, counts] = await Promise.all([
    listed.selectAll().orderBy('created_at', 'desc').orderBy('driver_id').execute(),
    applied
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`(count(*) FILTER (WHERE verification_status = 'pending'))::int`.as('pending'),
        sql<number>`(count(*) FILTER (WHERE verification_status = 'approved'))::int`.as('approved'),
        sql<number>`(count(*) FILTER (WHERE verification_status = 'rejected'))::int`.as('rejected'),
        sql<number>`(count(*) FILTER (WHERE verification_status = 'suspended'))::int`.as('suspended'),
        sql<number>`(count(*) FILTER (WHERE online))::int`.as('onlineNow'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { drivers, counts };
}

/** Approved drivers on duty with this vehicle type and free to take a ride. */
export async function availableDrivers(db: Db, vehicleType: string): Promise<DriverProfileRow[]> {
  return db
    .selectFrom('rm_driver_profiles')
    .selectAll()
    .where('on_duty_vehicle_type', '=', vehicleType)
    .where('online', '=', true)
    .where('engaged_ride_id', 'is', null)
    .where('verification_status', '=', 'approved')
    .orderBy('online_since')
    .orderBy('driver_id')
    .execute();
}
