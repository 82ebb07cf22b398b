import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ensureAnalystAccess, lusakaDaySql, publishView } from '../shared/analystAccess.js';

/** The five models that kept a row per ride each until their facts became one table (2026-12-20). */
const FORMER_MODELS = [
  { projection: 'ridesPerDay', table: 'rm_analytics_ride_outcomes', views: ['rides_per_day'] },
  { projection: 'timeToAssignment', table: 'rm_analytics_ride_assignments', views: ['time_to_assignment', 'ride_assignments'] },
  { projection: 'cancellations', table: 'rm_analytics_cancellations', views: ['cancellations'] },
  { projection: 'revenuePerDay', table: 'rm_analytics_ride_revenue', views: ['revenue_per_day'] },
  { projection: 'demandPerCellHour', table: 'rm_analytics_ride_demand', views: ['demand_per_cell_hour'] },
];

/** Frozen in time: a later change is a new migration, never an edit. */
export const rideFactsMigrations: Record<string, Migration> = {
  '2026-12-20T00-00_analytics_ride_facts': {
    async up(db: Kysely<any>) {
      // A database made before this model held each ride five times over, in five projections'
      // tables; their views, tables, migration histories and checkpoints go (a fresh one has none).
      for (const former of FORMER_MODELS) {
        for (const view of former.views) await db.schema.withSchema('analytics').dropView(view).ifExists().execute();
        await db.schema.dropTable(former.table).ifExists().execute();
        await db.schema.dropTable(`migrations_projection_${former.projection}`).ifExists().execute();
        await db.schema.dropTable(`migrations_projection_${former.projection}_lock`).ifExists().execute();
      }
      const formerNames = FORMER_MODELS.map((former) => former.projection);
      await sql`DO $$ BEGIN
        IF to_regclass('projection_checkpoints') IS NOT NULL THEN
          DELETE FROM projection_checkpoints WHERE name = ANY(${sql.lit(`{${formerNames.join(',')}}`)}::text[]);
        END IF;
      END $$`.execute(db);

      await db.schema
        .createTable('rm_analytics_rides')
        .addColumn('ride_id', 'text', (column) => column.primaryKey())
        .addColumn('city', 'text', (column) => column.notNull())
        .addColumn('vehicle_type', 'text', (column) => column.notNull())
        .addColumn('pricing_method', 'text', (column) => column.notNull())
        .addColumn('h3_cell', 'text', (column) => column.notNull())
        .addColumn('cell_lat', 'double precision', (column) => column.notNull())
        .addColumn('cell_lng', 'double precision', (column) => column.notNull())
        .addColumn('search_started_at', 'timestamptz')
        .addColumn('assigned_at', 'timestamptz')
        .addColumn('completed_at', 'timestamptz')
        .addColumn('expired_at', 'timestamptz')
        .addColumn('cancelled_at', 'timestamptz')
        .addColumn('cancelled_by', 'text')
        .addColumn('cancel_reason_code', 'text')
        .addColumn('cancel_reason', 'text')
        .addColumn('cancelled_stage', 'text')
        .addColumn('driver_id', 'text')
        .addColumn('fare_ngwee', 'integer')
        .addColumn('commission_ngwee', 'integer')
        .addColumn('driver_share_ngwee', 'integer')
        .addColumn('last_revision', 'bigint', (column) => column.notNull())
        .execute();

      // The views analysts already know, with the same names, columns and answers as before.
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
           FROM rm_analytics_rides r
          CROSS JOIN LATERAL (VALUES ('requested', r.search_started_at), ('completed', r.completed_at),
                                     ('cancelled', r.cancelled_at), ('expired', r.expired_at)) AS m (milestone, at)
          WHERE m.at IS NOT NULL
          GROUP BY 1, 2, 3`,
      );
      await publishView(
        db,
        'ride_assignments',
        'Each ride that looked for a driver: the Lusaka day it started, and how many seconds until a driver was assigned (null if none was).',
        `SELECT ride_id, ${lusakaDaySql('search_started_at')} AS day, city, vehicle_type, pricing_method,
                search_started_at AS requested_at, assigned_at,
                extract(epoch FROM assigned_at - search_started_at)::double precision AS seconds_to_assignment
           FROM rm_analytics_rides
          WHERE search_started_at IS NOT NULL`,
      );
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
      await publishView(
        db,
        'cancellations',
        'Cancelled rides per Lusaka day of cancellation, city, vehicle type, reason code, stage (the ride state when cancelled) and who cancelled.',
        `SELECT ${lusakaDaySql('cancelled_at')} AS day, city, vehicle_type, cancel_reason_code AS reason_code, cancelled_stage AS stage, cancelled_by,
                count(*)::int AS cancellations
           FROM rm_analytics_rides
          WHERE cancelled_at IS NOT NULL
          GROUP BY 1, 2, 3, 4, 5, 6`,
      );
      await publishView(
        db,
        'revenue_per_day',
        "Completed rides per Lusaka day of completion, city and vehicle type: fares taken (revenue), the platform's 12 % commission, the drivers' share, and how many drivers earned.",
        `SELECT ${lusakaDaySql('completed_at')} AS day, city, vehicle_type,
                count(*)::int AS completed_rides,
                sum(fare_ngwee)::bigint AS revenue_ngwee,
                sum(commission_ngwee)::bigint AS commission_ngwee,
                sum(driver_share_ngwee)::bigint AS driver_earnings_ngwee,
                count(DISTINCT driver_id)::int AS drivers_paid
           FROM rm_analytics_rides
          WHERE completed_at IS NOT NULL
          GROUP BY 1, 2, 3`,
      );
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
           FROM rm_analytics_rides
          WHERE search_started_at IS NOT NULL
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
      );
    },
    async down(db: Kysely<any>) {
      for (const view of ['demand_per_cell_hour', 'revenue_per_day', 'cancellations', 'time_to_assignment', 'ride_assignments', 'rides_per_day']) {
        await db.schema.withSchema('analytics').dropView(view).execute();
      }
      await db.schema.dropTable('rm_analytics_rides').execute();
    },
  },
};
