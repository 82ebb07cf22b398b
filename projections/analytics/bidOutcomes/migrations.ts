import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ensureAnalystAccess, lusakaDaySql, publishView } from '../shared/analystAccess.js';

/** Frozen in time: a later change is a new migration, never an edit. */
export const bidOutcomesMigrations: Record<string, Migration> = {
  '2026-12-10T00-00_analytics_bid_outcomes': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rm_analytics_bid_rides')
        .addColumn('ride_id', 'text', (column) => column.primaryKey())
        .addColumn('city', 'text', (column) => column.notNull())
        .addColumn('vehicle_type', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('rm_analytics_bids')
        .addColumn('bid_id', 'text', (column) => column.notNull())
        .addColumn('placed_revision', 'bigint', (column) => column.notNull())
        .addColumn('ride_id', 'text', (column) => column.notNull())
        .addColumn('amount_ngwee', 'integer', (column) => column.notNull())
        .addColumn('placed_at', 'timestamptz', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('settled_at', 'timestamptz')
        .addColumn('rejection_reason', 'text')
        .addColumn('last_revision', 'bigint', (column) => column.notNull())
        .addPrimaryKeyConstraint('rm_analytics_bids_pk', ['bid_id', 'placed_revision'])
        .execute();
      await ensureAnalystAccess(db);
      // A left join: a bid whose ride is unknown (never, in $all order) still counts, with no city.
      await publishView(
        db,
        'bids',
        'Each bid placement: the Lusaka day it was placed, its ride, city and vehicle type, amount, and status (placed while open, then accepted, rejected, withdrawn or expired).',
        `SELECT b.bid_id, b.ride_id, ${lusakaDaySql('b.placed_at')} AS day, r.city, r.vehicle_type,
                b.amount_ngwee, b.placed_at, b.status, b.settled_at, b.rejection_reason
           FROM rm_analytics_bids b
           LEFT JOIN rm_analytics_bid_rides r ON r.ride_id = b.ride_id`,
      );
      await publishView(
        db,
        'bid_outcomes',
        'Bids per Lusaka day placed, city and vehicle type: rides with bids, bids placed and how they ended, bids per ride, and acceptance rate (accepted / placed).',
        `SELECT day, city, vehicle_type,
                count(DISTINCT ride_id)::int AS rides_with_bids,
                count(*)::int AS bids_placed,
                count(*) FILTER (WHERE status = 'accepted')::int AS bids_accepted,
                count(*) FILTER (WHERE status = 'rejected')::int AS bids_rejected,
                count(*) FILTER (WHERE status = 'withdrawn')::int AS bids_withdrawn,
                count(*) FILTER (WHERE status = 'expired')::int AS bids_expired,
                count(*) FILTER (WHERE status = 'placed')::int AS bids_open,
                count(DISTINCT ride_id) FILTER (WHERE status = 'accepted')::int AS rides_with_accepted_bid,
                round(count(*)::numeric / count(DISTINCT ride_id), 2) AS bids_per_ride,
                round((count(*) FILTER (WHERE status = 'accepted'))::numeric / count(*), 4) AS acceptance_rate
           FROM analytics.bids
          GROUP BY day, city, vehicle_type`,
      );
    },
    async down(db: Kysely<any>) {
      await db.schema.dropView('analytics.bid_outcomes').execute();
      await db.schema.dropView('analytics.bids').execute();
      await db.schema.dropTable('rm_analytics_bids').execute();
      await db.schema.dropTable('rm_analytics_bid_rides').execute();
    },
  },
};
