import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Frozen in time: a later change is a new migration, never an edit. */
export const ridesMigrations: Record<string, Migration> = {
  '2026-11-24T00-00_rides': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rm_rides')
        .addColumn('ride_id', 'text', (column) => column.primaryKey())
        .addColumn('rider_id', 'text', (column) => column.notNull())
        .addColumn('driver_id', 'text')
        .addColumn('driver_user_id', 'text')
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('vehicle_type', 'text', (column) => column.notNull())
        .addColumn('pricing_method', 'text', (column) => column.notNull())
        .addColumn('proposed_fare_ngwee', 'integer')
        .addColumn('offered_fare_ngwee', 'integer')
        .addColumn('agreed_fare_ngwee', 'integer')
        .addColumn('final_fare_ngwee', 'integer')
        .addColumn('quote_total_ngwee', 'integer', (column) => column.notNull())
        .addColumn('quote_floor_ngwee', 'integer', (column) => column.notNull())
        .addColumn('quote_ceiling_ngwee', 'integer', (column) => column.notNull())
        .addColumn('fare_breakdown', 'jsonb', (column) => column.notNull())
        .addColumn('accepted_bid_id', 'text')
        .addColumn('payment_method', 'text', (column) => column.notNull())
        .addColumn('passenger_count', 'integer')
        .addColumn('package_size', 'text')
        .addColumn('notes', 'text')
        .addColumn('pickup_address', 'text', (column) => column.notNull())
        .addColumn('pickup_lat', 'double precision', (column) => column.notNull())
        .addColumn('pickup_lng', 'double precision', (column) => column.notNull())
        .addColumn('dropoff_address', 'text', (column) => column.notNull())
        .addColumn('dropoff_lat', 'double precision', (column) => column.notNull())
        .addColumn('dropoff_lng', 'double precision', (column) => column.notNull())
        .addColumn('stops', 'jsonb', (column) => column.notNull())
        .addColumn('city', 'text', (column) => column.notNull())
        .addColumn('quoted_distance_km', 'double precision')
        .addColumn('quoted_duration_minutes', 'double precision')
        .addColumn('trip_distance_km', 'double precision')
        .addColumn('trip_duration_minutes', 'double precision')
        .addColumn('scheduled_for', 'timestamptz')
        .addColumn('cancelled_by', 'text')
        .addColumn('cancelled_by_user_id', 'text')
        .addColumn('cancel_reason', 'text')
        .addColumn('cancelled_stage', 'text')
        .addColumn('rider_rating_given', 'smallint')
        .addColumn('rider_rating_comment', 'text')
        .addColumn('driver_rating_given', 'smallint')
        .addColumn('driver_rating_comment', 'text')
        .addColumn('emergency_raised', 'boolean', (column) => column.notNull())
        .addColumn('emergency_count', 'integer', (column) => column.notNull())
        .addColumn('first_emergency_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (column) => column.notNull())
        .addColumn('search_started_at', 'timestamptz')
        .addColumn('accepted_at', 'timestamptz')
        .addColumn('arrived_at', 'timestamptz')
        .addColumn('started_at', 'timestamptz')
        .addColumn('completed_at', 'timestamptz')
        .addColumn('cancelled_at', 'timestamptz')
        .addColumn('expired_at', 'timestamptz')
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
        .addColumn('last_revision', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('rm_rides_by_rider').on('rm_rides').columns(['rider_id', 'created_at desc']).execute();
      await db.schema.createIndex('rm_rides_by_driver').on('rm_rides').columns(['driver_id', 'created_at desc']).execute();
      await db.schema.createIndex('rm_rides_by_created').on('rm_rides').columns(['created_at desc']).execute();
      // The drivers' poll (every 5 s per online driver): a small partial index, pending rides only.
      await db.schema
        .createIndex('rm_rides_pending_by_vehicle')
        .on('rm_rides')
        .columns(['vehicle_type', 'search_started_at desc'])
        .where(sql.ref('status'), '=', 'pending')
        .execute();
      await db.schema
        .createIndex('rm_rides_live')
        .on('rm_rides')
        .columns(['updated_at desc'])
        .where(sql.ref('status'), 'in', ['pending', 'accepted', 'arrived', 'in_progress'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('rm_rides').execute();
    },
  },
  '2026-11-26T23-30_rides_state': {
    async up(db: Kysely<any>) {
      // Rows built before this have no state to fold on from; version 2 of the projection empties
      // the table and rebuilds it from the events, so the column never stays null past a rebuild.
      await db.schema.alterTable('rm_rides').addColumn('ride_state', 'jsonb').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('rm_rides').dropColumn('ride_state').execute();
    },
  },
};
