import type { Kysely } from 'kysely';
import type { DriverProfilesTables } from '../driverProfiles/index.js';
import type { RidesTables } from '../rides/index.js';
import type { AdminActivityRow, AdminActivityTables } from './adminActivity.table.js';

/** The feed names its subjects from the rides and driver read models. */
export type ActivityFeedTables = AdminActivityTables & RidesTables & DriverProfilesTables;
type Db = Kysely<ActivityFeedTables>;

/** An entry with what its subject is called today: a ride's route and town, a driver's account and plate. */
export interface ActivityEntryRow extends AdminActivityRow {
  ride_pickup: string | null;
  ride_dropoff: string | null;
  ride_city: string | null;
  driver_user_id: string | null;
  driver_plate: string | null;
}

/** The newest entries first (in `$all` order, so entries stored in one instant keep theirs); the subject's names joined from the rides and driver read models (left: a ride not yet projected still shows). */
export async function recentActivity(db: Db, limit: number): Promise<ActivityEntryRow[]> {
  return db
    .selectFrom('rm_admin_activity as a')
    .leftJoin('rm_rides as r', (join) => join.on('a.subject_type', '=', 'ride').onRef('r.ride_id', '=', 'a.subject_id'))
    .leftJoin('rm_driver_profiles as d', (join) => join.on('a.subject_type', '=', 'driver').onRef('d.driver_id', '=', 'a.subject_id'))
    .selectAll('a')
    .select([
      'r.pickup_address as ride_pickup',
      'r.dropoff_address as ride_dropoff',
      'r.city as ride_city',
      'd.user_id as driver_user_id',
      'd.plate_number as driver_plate',
    ])
    .orderBy('a.position_commit', 'desc')
    .orderBy('a.position_prepare', 'desc')
    .limit(limit)
    .execute() as Promise<ActivityEntryRow[]>;
}
