import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Frozen in time: a later change is a new migration, never an edit. */
export const driverProfilesMigrations: Record<string, Migration> = {
  '2026-11-24T00-00_driver_profiles': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rm_driver_profiles')
        .addColumn('driver_id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text')
        .addColumn('verification_status', 'text', (column) => column.notNull())
        .addColumn('licence_number', 'text')
        .addColumn('vehicle_make', 'text')
        .addColumn('vehicle_model', 'text')
        .addColumn('vehicle_year', 'integer')
        .addColumn('vehicle_colour', 'text')
        .addColumn('plate_number', 'text')
        .addColumn('vehicle_type', 'text')
        .addColumn('documents', 'jsonb', (column) => column.notNull())
        .addColumn('applications', 'integer', (column) => column.notNull())
        .addColumn('submitted_at', 'timestamptz')
        .addColumn('decided_at', 'timestamptz')
        .addColumn('decided_by', 'text')
        .addColumn('decision_reason', 'text')
        .addColumn('online', 'boolean', (column) => column.notNull())
        .addColumn('on_duty_vehicle_type', 'text')
        .addColumn('online_since', 'timestamptz')
        .addColumn('engaged_ride_id', 'text')
        .addColumn('rating', 'double precision')
        .addColumn('rating_count', 'integer', (column) => column.notNull())
        .addColumn('rating_total', 'integer', (column) => column.notNull())
        .addColumn('completed_rides', 'integer', (column) => column.notNull())
        .addColumn('created_at', 'timestamptz', (column) => column.notNull())
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
        .addColumn('verification_revision', 'bigint')
        .addColumn('duty_revision', 'bigint')
        .execute();
      await db.schema.createIndex('rm_driver_profiles_by_user').on('rm_driver_profiles').column('user_id').execute();
      await db.schema
        .createIndex('rm_driver_profiles_by_status')
        .on('rm_driver_profiles')
        .columns(['verification_status', 'created_at desc'])
        .execute();
      // "No drivers available for {vehicle}": free, approved, online drivers of one type.
      await db.schema
        .createIndex('rm_driver_profiles_available')
        .on('rm_driver_profiles')
        .column('on_duty_vehicle_type')
        .where(sql<boolean>`online AND engaged_ride_id IS NULL AND verification_status = 'approved'`)
        .execute();
      await db.schema
        .createTable('rm_driver_profile_rides')
        .addColumn('ride_id', 'text', (column) => column.primaryKey())
        .addColumn('driver_id', 'text', (column) => column.notNull())
        .addColumn('completed', 'boolean', (column) => column.notNull())
        .addColumn('rider_stars', 'smallint')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('rm_driver_profile_rides').execute();
      await db.schema.dropTable('rm_driver_profiles').execute();
    },
  },
  '2026-11-26T15-00_driver_profiles_document_files': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('rm_driver_profiles').addColumn('document_files', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`)).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('rm_driver_profiles').dropColumn('document_files').execute();
    },
  },
};
