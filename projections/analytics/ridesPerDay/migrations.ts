import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ensureAnalystAccess, lusakaDaySql, publishView } from '../shared/analystAccess.js';
import { createRideFactTable } from '../shared/rideFacts.js';

/** Frozen in time: a later change is a new migration, never an edit. */
export const ridesPerDayMigrations: Record<string, Migration> = {
  '2026-12-10T00-00_analytics_rides_per_day': {
    async up(db: Kysely<any>) {
      await createRideFactTable(db, 'rm_analytics_ride_outcomes')
        .addColumn('search_started_at', 'timestamptz')
        .addColumn('completed_at', 'timestamptz')
        .addColumn('cancelled_at', 'timestamptz')
        .addColumn('expired_at', 'timestamptz')
        .execute();
      await ensureAnalystAccess(db);
      // Each ride counts once per milestone, on the Lusaka day it reached it.
      await publishView(
        db,
        'rides_per_day',
        'Rides per Lusaka day, city and vehicle type: requested (started looking for a driver), completed, cancelled and expired that day.',
        `SELECT ${lusakaDaySql('m.at')} AS day, r.city, r.vehicle_type,
                count(*) FILTER (WHERE m.milestone = 'requested')::int AS requested,
                count(*) FILTER (WHERE m.milestone = 'completed')::int AS completed,
                count(*) FILTER (WHERE m.milestone = 'cancelled')::int AS cancelled,
                count(*) FILTER (WHERE m.milestone = 'expired')::int AS expired
           FROM rm_analytics_ride_outcomes r
          CROSS JOIN LATERAL (VALUES ('requested', r.search_started_at), ('completed', r.completed_at),
                                     ('cancelled', r.cancelled_at), ('expired', r.expired_at)) AS m (milestone, at)
          WHERE m.at IS NOT NULL
          GROUP BY 1, 2, 3`,
      );
    },
    async down(db: Kysely<any>) {
      await db.schema.dropView('analytics.rides_per_day').execute();
      await db.schema.dropTable('rm_analytics_ride_outcomes').execute();
    },
  },
};
