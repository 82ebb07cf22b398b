import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Frozen in time: a later change is a new migration, never an edit. */
export const platformStatsMigrations: Record<string, Migration> = {
  '2026-11-24T00-00_platform_stats': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rm_platform_daily')
        .addColumn('day', 'date', (column) => column.primaryKey())
        .addColumn('rides_requested', 'integer', (column) => column.notNull())
        .addColumn('rides_completed', 'integer', (column) => column.notNull())
        .addColumn('rides_cancelled', 'integer', (column) => column.notNull())
        .addColumn('rides_expired', 'integer', (column) => column.notNull())
        .addColumn('revenue_ngwee', 'bigint', (column) => column.notNull())
        .addColumn('commission_ngwee', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('rm_platform_totals')
        .addColumn('scope', 'text', (column) => column.primaryKey())
        .addColumn('rides_total', 'integer', (column) => column.notNull())
        .addColumn('live_rides', 'integer', (column) => column.notNull())
        .addColumn('scheduled_rides', 'integer', (column) => column.notNull())
        .addColumn('completed_rides', 'integer', (column) => column.notNull())
        .addColumn('revenue_ngwee', 'bigint', (column) => column.notNull())
        .addColumn('commission_ngwee', 'bigint', (column) => column.notNull())
        .addColumn('drivers_total', 'integer', (column) => column.notNull())
        .addColumn('drivers_pending', 'integer', (column) => column.notNull())
        .addColumn('drivers_approved', 'integer', (column) => column.notNull())
        .addColumn('drivers_rejected', 'integer', (column) => column.notNull())
        .addColumn('drivers_suspended', 'integer', (column) => column.notNull())
        .addColumn('drivers_online', 'integer', (column) => column.notNull())
        .addColumn('applied_position', 'text', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('rm_platform_totals').execute();
      await db.schema.dropTable('rm_platform_daily').execute();
    },
  },
};
