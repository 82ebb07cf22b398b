import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Frozen in time: a later change is a new migration, never an edit. Run as module `payments_sandbox`. */
export const sandboxPaymentMigrations: Record<string, Migration> = {
  '2026-12-01T00-00_sandbox_payments': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('sandbox_payment_requests')
        .addColumn('reference', 'uuid', (column) => column.primaryKey())
        .addColumn('ride_id', 'text', (column) => column.notNull())
        .addColumn('method', 'text', (column) => column.notNull())
        .addColumn('msisdn', 'text', (column) => column.notNull())
        .addColumn('amount_ngwee', 'integer', (column) => column.notNull().check(sqlPositive('amount_ngwee')))
        .addColumn('description', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('decline_reason', 'text')
        .addColumn('transaction_id', 'text')
        .addColumn('requested_at', 'timestamptz', (column) => column.notNull())
        .addColumn('decided_at', 'timestamptz')
        .addColumn('callback_delivered_at', 'timestamptz')
        .addColumn('callback_error', 'text')
        .execute();
      await db.schema
        .createIndex('sandbox_payment_requests_by_status')
        .on('sandbox_payment_requests')
        .columns(['status', 'requested_at'])
        .execute();
      await db.schema
        .createTable('sandbox_refunds')
        .addColumn('refund_reference', 'uuid', (column) => column.primaryKey())
        .addColumn('payment_reference', 'uuid', (column) => column.notNull().references('sandbox_payment_requests.reference'))
        .addColumn('amount_ngwee', 'integer', (column) => column.notNull().check(sqlPositive('amount_ngwee')))
        .addColumn('transaction_id', 'text', (column) => column.notNull())
        .addColumn('refunded_at', 'timestamptz', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('sandbox_refunds').execute();
      await db.schema.dropTable('sandbox_payment_requests').execute();
    },
  },
};

function sqlPositive(column: string) {
  return sql`${sql.ref(column)} > 0`;
}
