import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Frozen in time: a later change is a new migration, never an edit. */
export const paymentsMigrations: Record<string, Migration> = {
  '2026-11-26T00-00_payments': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rm_payments')
        .addColumn('ride_id', 'text', (column) => column.primaryKey())
        .addColumn('rider_id', 'text', (column) => column.notNull())
        .addColumn('driver_id', 'text', (column) => column.notNull())
        .addColumn('driver_user_id', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('amount_ngwee', 'integer', (column) => column.notNull())
        .addColumn('attempt', 'integer', (column) => column.notNull())
        .addColumn('method', 'text', (column) => column.notNull())
        .addColumn('gateway', 'text')
        .addColumn('provider_reference', 'uuid')
        .addColumn('provider_transaction_id', 'text')
        .addColumn('failure_reason', 'text')
        .addColumn('failure_detail', 'text')
        .addColumn('expires_at', 'timestamptz')
        .addColumn('settled_method', 'text')
        .addColumn('settled_by', 'text')
        .addColumn('settled_at', 'timestamptz')
        .addColumn('refunded_ngwee', 'integer', (column) => column.notNull())
        .addColumn('owed_back_ngwee', 'integer', (column) => column.notNull())
        .addColumn('requested_at', 'timestamptz', (column) => column.notNull())
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
        .addColumn('context', 'jsonb', (column) => column.notNull())
        .addColumn('last_revision', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('rm_payments_by_rider').on('rm_payments').columns(['rider_id', 'requested_at desc']).execute();
      await db.schema.createIndex('rm_payments_by_time').on('rm_payments').columns(['requested_at desc', 'ride_id']).execute();
      await db.schema
        .createTable('rm_payment_failures')
        .addColumn('ride_id', 'text', (column) => column.notNull())
        .addColumn('attempt', 'integer', (column) => column.notNull())
        .addColumn('rider_id', 'text', (column) => column.notNull())
        .addColumn('driver_id', 'text', (column) => column.notNull())
        .addColumn('method', 'text', (column) => column.notNull())
        .addColumn('gateway', 'text')
        .addColumn('reason', 'text', (column) => column.notNull())
        .addColumn('detail', 'text')
        .addColumn('amount_ngwee', 'integer', (column) => column.notNull())
        .addColumn('failed_at', 'timestamptz', (column) => column.notNull())
        .addPrimaryKeyConstraint('rm_payment_failures_pk', ['ride_id', 'attempt'])
        .execute();
      await db.schema.createIndex('rm_payment_failures_by_time').on('rm_payment_failures').columns(['failed_at desc']).execute();
      await db.schema
        .createTable('rm_payment_refunds')
        .addColumn('refund_reference', 'uuid', (column) => column.primaryKey())
        .addColumn('ride_id', 'text', (column) => column.notNull())
        .addColumn('attempt', 'integer', (column) => column.notNull())
        .addColumn('rider_id', 'text', (column) => column.notNull())
        .addColumn('amount_ngwee', 'integer', (column) => column.notNull())
        .addColumn('reason', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('detail', 'text')
        .addColumn('requested_at', 'timestamptz', (column) => column.notNull())
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('rm_payment_refunds_by_time').on('rm_payment_refunds').columns(['requested_at desc']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('rm_payment_refunds').execute();
      await db.schema.dropTable('rm_payment_failures').execute();
      await db.schema.dropTable('rm_payments').execute();
    },
  },
};
