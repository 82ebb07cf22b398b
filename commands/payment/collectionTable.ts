import type { ColumnType, Kysely, Selectable } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What the payment collection reactor remembers of each mobile-money attempt and refund, built
 * from the payment streams in the same transactions as its checkpoint; the collector works
 * through it (sends requests, asks providers for news, answers callbacks).
 *
 * `state`: `to_send` (the provider has not confirmed it has the request), `sent` (waiting on the
 * payer, or on the provider's word), `closed` (our ledger has the final outcome), `abandoned`
 * (no final word after the longest wait: the reconciliation report lists it).
 */
export type CollectionState = 'to_send' | 'sent' | 'closed' | 'abandoned';

export interface PaymentCollectionAttemptTable {
  reference: string;
  ride_id: string;
  attempt: number;
  gateway: string;
  method: string;
  msisdn: string;
  network: string;
  amount_ngwee: number;
  state: CollectionState;
  /** Our ledger's status of the attempt, as its events said: requested, awaitingApproval, succeeded, failed, expired. */
  ledger_status: string;
  provider_transaction_id: string | null;
  requested_at: Date;
  next_check_at: Date;
  checks: ColumnType<number, number | undefined, number>;
  last_problem: string | null;
}

export interface PaymentCollectionRefundTable {
  refund_reference: string;
  ride_id: string;
  attempt: number;
  payment_reference: string;
  gateway: string;
  amount_ngwee: number;
  reason: string;
  state: CollectionState;
  ledger_status: string;
  requested_at: Date;
  next_check_at: Date;
  checks: ColumnType<number, number | undefined, number>;
  last_problem: string | null;
}

export interface PaymentCollectionTables {
  payment_collection_attempts: PaymentCollectionAttemptTable;
  payment_collection_refunds: PaymentCollectionRefundTable;
}

export type CollectionAttemptRow = Selectable<PaymentCollectionAttemptTable>;
export type CollectionRefundRow = Selectable<PaymentCollectionRefundTable>;

/** Frozen in time: a later change is a new migration, never an edit. */
export const paymentCollectionMigrations: Record<string, Migration> = {
  '2026-11-26T00-00_payment_collection': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('payment_collection_attempts')
        .addColumn('reference', 'uuid', (column) => column.primaryKey())
        .addColumn('ride_id', 'text', (column) => column.notNull())
        .addColumn('attempt', 'integer', (column) => column.notNull())
        .addColumn('gateway', 'text', (column) => column.notNull())
        .addColumn('method', 'text', (column) => column.notNull())
        .addColumn('msisdn', 'text', (column) => column.notNull())
        .addColumn('network', 'text', (column) => column.notNull())
        .addColumn('amount_ngwee', 'integer', (column) => column.notNull())
        .addColumn('state', 'text', (column) => column.notNull())
        .addColumn('ledger_status', 'text', (column) => column.notNull())
        .addColumn('provider_transaction_id', 'text')
        .addColumn('requested_at', 'timestamptz', (column) => column.notNull())
        .addColumn('next_check_at', 'timestamptz', (column) => column.notNull())
        .addColumn('checks', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('last_problem', 'text')
        .execute();
      await db.schema
        .createIndex('payment_collection_attempts_due')
        .on('payment_collection_attempts')
        .columns(['state', 'next_check_at'])
        .execute();
      await db.schema
        .createIndex('payment_collection_attempts_by_ride')
        .on('payment_collection_attempts')
        .columns(['ride_id', 'attempt'])
        .execute();
      await db.schema
        .createTable('payment_collection_refunds')
        .addColumn('refund_reference', 'uuid', (column) => column.primaryKey())
        .addColumn('ride_id', 'text', (column) => column.notNull())
        .addColumn('attempt', 'integer', (column) => column.notNull())
        .addColumn('payment_reference', 'uuid', (column) => column.notNull())
        .addColumn('gateway', 'text', (column) => column.notNull())
        .addColumn('amount_ngwee', 'integer', (column) => column.notNull())
        .addColumn('reason', 'text', (column) => column.notNull())
        .addColumn('state', 'text', (column) => column.notNull())
        .addColumn('ledger_status', 'text', (column) => column.notNull())
        .addColumn('requested_at', 'timestamptz', (column) => column.notNull())
        .addColumn('next_check_at', 'timestamptz', (column) => column.notNull())
        .addColumn('checks', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('last_problem', 'text')
        .execute();
      await db.schema
        .createIndex('payment_collection_refunds_due')
        .on('payment_collection_refunds')
        .columns(['state', 'next_check_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('payment_collection_refunds').execute();
      await db.schema.dropTable('payment_collection_attempts').execute();
    },
  },
};
