import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ensureAnalystAccess, publishView } from '../analytics/shared/analystAccess.js';

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
  '2026-11-27T00-00_driver_earnings_from_payments': {
    // Earnings are counted from settled payments now (issue 12): the ledger is read again from the
    // payment streams (the projection's version 2 rebuilds it), so the old tables go.
    async up(db: Kysely<any>) {
      await db.schema.dropTable('rm_driver_earnings_daily').execute();
      await db.schema.dropTable('rm_driver_earning_rides').execute();
      await db.schema
        .createTable('rm_driver_earning_rides')
        .addColumn('ride_id', 'text', (column) => column.primaryKey())
        .addColumn('driver_id', 'text', (column) => column.notNull())
        .addColumn('payment_status', 'text', (column) => column.notNull())
        .addColumn('payment_context', 'jsonb', (column) => column.notNull())
        .addColumn('last_revision', 'text', (column) => column.notNull())
        .addColumn('method', 'text')
        .addColumn('settled_at', 'timestamptz')
        .addColumn('day', 'date')
        .addColumn('gross_ngwee', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('commission_ngwee', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('net_ngwee', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('owed_to_driver_ngwee', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('owed_by_driver_ngwee', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('rm_driver_earning_rides_by_driver')
        .on('rm_driver_earning_rides')
        .columns(['driver_id', 'settled_at desc'])
        .execute();
      await db.schema
        .createTable('rm_driver_earnings_daily')
        .addColumn('driver_id', 'text', (column) => column.notNull())
        .addColumn('day', 'date', (column) => column.notNull())
        .addColumn('rides', 'integer', (column) => column.notNull())
        .addColumn('gross_ngwee', 'bigint', (column) => column.notNull())
        .addColumn('commission_ngwee', 'bigint', (column) => column.notNull())
        .addColumn('net_ngwee', 'bigint', (column) => column.notNull())
        .addColumn('owed_to_driver_ngwee', 'bigint', (column) => column.notNull())
        .addColumn('owed_by_driver_ngwee', 'bigint', (column) => column.notNull())
        .addPrimaryKeyConstraint('rm_driver_earnings_daily_pk', ['driver_id', 'day'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('rm_driver_earnings_daily').execute();
      await db.schema.dropTable('rm_driver_earning_rides').execute();
    },
  },
  '2026-11-27T01-00_analytics_payments_per_day': {
    async up(db: Kysely<any>) {
      await ensureAnalystAccess(db);
      await publishView(
        db,
        'payments_per_day',
        "Rides paid, per Lusaka day the payment settled and payment method: the money actually taken (less refunds), the platform's 12 % commission, the drivers' share, what the platform owes drivers (mobile money) and drivers owe the platform (cash), and how many drivers were paid.",
        `SELECT day, method,
                count(*)::int AS paid_rides,
                sum(gross_ngwee)::bigint AS revenue_ngwee,
                sum(commission_ngwee)::bigint AS commission_ngwee,
                sum(net_ngwee)::bigint AS driver_earnings_ngwee,
                sum(owed_to_driver_ngwee)::bigint AS owed_to_drivers_ngwee,
                sum(owed_by_driver_ngwee)::bigint AS owed_by_drivers_ngwee,
                count(DISTINCT driver_id)::int AS drivers_paid
           FROM rm_driver_earning_rides
          WHERE day IS NOT NULL
          GROUP BY 1, 2`,
      );
    },
    async down(db: Kysely<any>) {
      await db.schema.dropView('analytics.payments_per_day').execute();
    },
  },
};
