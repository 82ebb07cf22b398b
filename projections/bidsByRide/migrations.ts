import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Frozen in time: a later change is a new migration, never an edit. */
export const bidsByRideMigrations: Record<string, Migration> = {
  '2026-11-24T00-00_bids_by_ride': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rm_bids_by_ride')
        .addColumn('bid_id', 'text', (column) => column.primaryKey())
        .addColumn('ride_id', 'text', (column) => column.notNull())
        .addColumn('driver_id', 'text', (column) => column.notNull())
        .addColumn('driver_user_id', 'text', (column) => column.notNull())
        .addColumn('amount_ngwee', 'integer', (column) => column.notNull())
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('estimated_arrival_min', 'integer', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('placed_at', 'timestamptz', (column) => column.notNull())
        .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('rm_bids_by_ride_by_ride').on('rm_bids_by_ride').columns(['ride_id', 'placed_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('rm_bids_by_ride').execute();
    },
  },
};
