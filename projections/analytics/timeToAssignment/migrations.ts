import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ensureAnalystAccess, lusakaDaySql, publishView } from '../shared/analystAccess.js';
import { createRideFactTable } from '../shared/rideFacts.js';

/** Frozen in time: a later change is a new migration, never an edit. */
export const timeToAssignmentMigrations: Record<string, Migration> = {
  '2026-12-10T00-00_analytics_time_to_assignment': {
    async up(db: Kysely<any>) {
      await createRideFactTable(db, 'rm_analytics_ride_assignments')
        .addColumn('search_started_at', 'timestamptz')
        .addColumn('assigned_at', 'timestamptz')
        .execute();
      await ensureAnalystAccess(db);
      await publishView(
        db,
        'ride_assignments',
        'Each ride that looked for a driver: the Lusaka day it started, and how many seconds until a driver was assigned (null if none was).',
        `SELECT ride_id, ${lusakaDaySql('search_started_at')} AS day, city, vehicle_type, pricing_method,
                search_started_at AS requested_at, assigned_at,
                extract(epoch FROM assigned_at - search_started_at)::double precision AS seconds_to_assignment
           FROM rm_analytics_ride_assignments
          WHERE search_started_at IS NOT NULL`,
      );
      // percentile_cont skips the nulls: the percentiles are over the rides that got a driver.
      await publishView(
        db,
        'time_to_assignment',
        'Per Lusaka day (of the request), city and vehicle type: rides requested, rides assigned, and the median and 90th percentile seconds from request to driver assigned.',
        `SELECT day, city, vehicle_type,
                count(*)::int AS requested,
                count(assigned_at)::int AS assigned,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds_to_assignment) AS median_seconds,
                percentile_cont(0.9) WITHIN GROUP (ORDER BY seconds_to_assignment) AS p90_seconds
           FROM analytics.ride_assignments
          GROUP BY day, city, vehicle_type`,
      );
    },
    async down(db: Kysely<any>) {
      await db.schema.dropView('analytics.time_to_assignment').execute();
      await db.schema.dropView('analytics.ride_assignments').execute();
      await db.schema.dropTable('rm_analytics_ride_assignments').execute();
    },
  },
};
