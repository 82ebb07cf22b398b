import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ensureAnalystAccess, lusakaDaySql, publishView } from '../shared/analystAccess.js';
import { createRideFactTable } from '../shared/rideFacts.js';

/** Frozen in time: a later change is a new migration, never an edit. */
export const demandPerCellHourMigrations: Record<string, Migration> = {
  '2026-12-10T00-00_analytics_demand_per_cell_hour': {
    async up(db: Kysely<any>) {
      await createRideFactTable(db, 'rm_analytics_ride_demand')
        .addColumn('h3_cell', 'text', (column) => column.notNull())
        .addColumn('cell_lat', 'double precision', (column) => column.notNull())
        .addColumn('cell_lng', 'double precision', (column) => column.notNull())
        .addColumn('search_started_at', 'timestamptz')
        .execute();
      await ensureAnalystAccess(db);
      // The three-argument date_trunc cuts hours in Lusaka time whatever the session's time zone.
      await publishView(
        db,
        'demand_per_cell_hour',
        'Ride requests per pickup H3 cell (resolution 8, as dispatch uses) per Lusaka hour: day, hour of day (0-23), the hour as an instant, the cell and its centre, city and vehicle type.',
        `SELECT ${lusakaDaySql('search_started_at')} AS day,
                extract(hour FROM search_started_at AT TIME ZONE 'Africa/Lusaka')::int AS hour,
                date_trunc('hour', search_started_at, 'Africa/Lusaka') AS hour_start,
                h3_cell, cell_lat, cell_lng, city, vehicle_type,
                count(*)::int AS requests
           FROM rm_analytics_ride_demand
          WHERE search_started_at IS NOT NULL
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
      );
    },
    async down(db: Kysely<any>) {
      await db.schema.dropView('analytics.demand_per_cell_hour').execute();
      await db.schema.dropTable('rm_analytics_ride_demand').execute();
    },
  },
};
