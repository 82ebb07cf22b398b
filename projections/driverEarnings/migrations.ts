import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Frozen in time: a later change is a new migration, never an edit. */
export const driverEarningsMigrations: Record<string, Migration> = {
  '2026-11-24T00-00_driver_earnings': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rm_driver_earning_rides')
        .addColumn('ride_id', 'text', (column) => column.primaryKey())
        .addColumn('driver_id', 'text', (column) => column.notNull())
        .addColumn('day', 'date', (column) => column.notNull())
        .addColumn('completed_at', 'timestamptz', (column) => column.notNull())
        .addColumn('gross_ngwee', 'integer', (column) => column.notNull())
        .addColumn('commission_ngwee', 'integer', (column) => column.notNull())
        .addColumn('net_ngwee', 'integer', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('rm_driver_earning_rides_by_driver')
        .on('rm_driver_earning_rides')
        .columns(['driver_id', 'completed_at desc'])
        .execute();
      await db.schema
        .createTable('rm_driver_earnings_daily')
        .addColumn('driver_id', 'text', (column) => column.notNull())
        .addColumn('day', 'date', (column) => column.notNull())
        .addColumn('completed_rides', 'integer', (column) => column.notNull())
        .addColumn('gross_ngwee', 'bigint', (column) => column.notNull())
        .addColumn('commission_ngwee', 'bigint', (column) => column.notNull())
        .addColumn('net_ngwee', 'bigint', (column) => column.notNull())
        .addPrimaryKeyConstraint('rm_driver_earnings_daily_pk', ['driver_id', 'day'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('rm_driver_earnings_daily').execute();
      await db.schema.dropTable('rm_driver_earning_rides').execute();
    },
  },
};
