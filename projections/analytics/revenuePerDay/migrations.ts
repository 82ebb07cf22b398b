import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ensureAnalystAccess, lusakaDaySql, publishView } from '../shared/analystAccess.js';
import { createRideFactTable } from '../shared/rideFacts.js';

/** Frozen in time: a later change is a new migration, never an edit. */
export const revenuePerDayMigrations: Record<string, Migration> = {
  '2026-12-10T00-00_analytics_revenue_per_day': {
    async up(db: Kysely<any>) {
      await createRideFactTable(db, 'rm_analytics_ride_revenue')
        .addColumn('driver_id', 'text')
        .addColumn('completed_at', 'timestamptz')
        .addColumn('fare_ngwee', 'integer')
        .addColumn('commission_ngwee', 'integer')
        .addColumn('driver_share_ngwee', 'integer')
        .execute();
      await ensureAnalystAccess(db);
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
           FROM rm_analytics_ride_revenue
          WHERE completed_at IS NOT NULL
          GROUP BY 1, 2, 3`,
      );
    },
    async down(db: Kysely<any>) {
      await db.schema.dropView('analytics.revenue_per_day').execute();
      await db.schema.dropTable('rm_analytics_ride_revenue').execute();
    },
  },
};
