import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Frozen in time: a later change is a new migration, never an edit. */
export const ridePinsMigrations: Record<string, Migration> = {
  '2026-11-24T00-00_ride_pins': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rm_ride_pins')
        .addColumn('ride_id', 'text', (column) => column.primaryKey())
        .addColumn('rider_id', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('pin', 'text')
        .addColumn('failed_attempts', 'integer', (column) => column.notNull())
        .addColumn('attempts_left', 'integer', (column) => column.notNull())
        .addColumn('issued_at', 'timestamptz')
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
        .addColumn('last_revision', 'bigint', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('rm_ride_pins').execute();
    },
  },
};
