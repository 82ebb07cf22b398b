import type { Kysely } from 'kysely';
import { liveRideStatuses } from '../../domain/ride/values.js';
import type { RideRow, RidesTables, RideWireStatus } from './rides.table.js';

type Db = Kysely<RidesTables>;

/** The statuses of a ride that is still happening (scheduled rides are not live until dispatched). */
export { liveRideStatuses };

export interface Page {
  /** 1 to 200; 50 when absent. */
  limit?: number;
  /** Only rides booked strictly before this instant: pass the last row's `created_at` for the next page. */
  before?: Date;
}

function pageLimit(limit = 50): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new RangeError(`limit: must be an integer from 1 to 200, got ${limit}`);
  return limit;
}

export async function rideById(db: Db, rideId: string): Promise<RideRow | undefined> {
  return db.selectFrom('rm_rides').selectAll().where('ride_id', '=', rideId).executeTakeFirst();
}

/** The rider's rides, newest booking first. */
export async function ridesForRider(db: Db, riderId: string, page: Page = {}): Promise<RideRow[]> {
  let query = db.selectFrom('rm_rides').selectAll().where('rider_id', '=', riderId);
  if (page.before) query = query.where('created_at', '<', page.before);
  return query.orderBy('created_at', 'desc').orderBy('ride_id').limit(pageLimit(page.limit)).execute();
}

/** The rides a driver was assigned, newest booking first; `statuses` narrows it (the history tab: completed). */
export async function ridesForDriver(
  db: Db,
  driverId: string,
  page: Page & { statuses?: readonly RideWireStatus[] } = {},
): Promise<RideRow[]> {
  let query = db.selectFrom('rm_rides').selectAll().where('driver_id', '=', driverId);
  if (page.statuses?.length) query = query.where('status', 'in', page.statuses);
  if (page.before) query = query.where('created_at', '<', page.before);
  return query.orderBy('created_at', 'desc').orderBy('ride_id').limit(pageLimit(page.limit)).execute();
}

/** What an online driver of this vehicle type may take: rides still looking for a driver, newest search first. */
export async function pendingRidesForVehicleType(
  db: Db,
  vehicleType: string,
  page: Pick<Page, 'limit'> & { exceptRiderId?: string } = {},
): Promise<RideRow[]> {
  return db
    .selectFrom('rm_rides')
    .selectAll()
    .where('status', '=', 'pending')
    .where('vehicle_type', '=', vehicleType)
    // A driver who also rides does not see their own booking among the rides to take.
    .$if(page.exceptRiderId !== undefined, (query) => query.where('rider_id', '!=', page.exceptRiderId!))
    .orderBy('search_started_at', 'desc')
    .orderBy('ride_id')
    .limit(pageLimit(page.limit))
    .execute();
}

/** Rides under way or looking for a driver, most recently changed first (the admin's monitor). */
export async function liveRides(db: Db, page: Pick<Page, 'limit'> = {}): Promise<RideRow[]> {
  return db
    .selectFrom('rm_rides')
    .selectAll()
    .where('status', 'in', liveRideStatuses)
    .orderBy('updated_at', 'desc')
    .orderBy('ride_id')
    .limit(pageLimit(page.limit ?? 200))
    .execute();
}

export interface RideFilter extends Page {
  status?: RideWireStatus;
  city?: string;
  vehicleType?: string;
  /** Booked at or after this instant. */
  from?: Date;
  /** Booked strictly before this instant. */
  to?: Date;
}

/** The admin rides list: any combination of filters, newest booking first. */
export async function ridesFiltered(db: Db, filter: RideFilter = {}): Promise<RideRow[]> {
  if (filter.from && filter.to && filter.from >= filter.to) throw new RangeError('from: must be earlier than to');
  let query = db.selectFrom('rm_rides').selectAll();
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.city) query = query.where('city', '=', filter.city as RideRow['city']);
  if (filter.vehicleType) query = query.where('vehicle_type', '=', filter.vehicleType);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.to) query = query.where('created_at', '<', filter.to);
  if (filter.before) query = query.where('created_at', '<', filter.before);
  return query.orderBy('created_at', 'desc').orderBy('ride_id').limit(pageLimit(filter.limit)).execute();
}

/** Whether the rider has had this driver on one of their rides, in one of `statuses` (the driver card's permission). */
export async function riderHasRiddenWith(db: Db, riderId: string, driverId: string, statuses: readonly RideWireStatus[]): Promise<boolean> {
  const ride = await db
    .selectFrom('rm_rides')
    .select('ride_id')
    .where('rider_id', '=', riderId)
    .where('driver_id', '=', driverId)
    .where('status', 'in', statuses)
    .limit(1)
    .executeTakeFirst();
  return ride !== undefined;
}
