import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { migrateToLatest } from '../platform/database/migrate.js';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** Frozen in time: a later change is a new migration, never an edit. Runs after the accounts' migrations (foreign keys to users). */
export const productTableMigrations: Record<string, Migration> = {
  '2026-12-01T00-00_support_audit_payment_methods': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('support_messages')
        .addColumn('id', 'uuid', (column) => column.primaryKey())
        .addColumn('user_id', 'uuid', (column) => column.references('users.id').onDelete('set null'))
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('category', 'text', (column) =>
          column
            .notNull()
            .check(
              sql`category IN (${inList(['ride_booking', 'payment_issues', 'driver_support', 'safety_concerns', 'technical_issues', 'account_help', 'feedback', 'other'])})`,
            ),
        )
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('urgency', 'text', (column) =>
          column.notNull().check(sql`urgency IN (${inList(['low', 'medium', 'high', 'emergency'])})`),
        )
        .addColumn('status', 'text', (column) =>
          column
            .notNull()
            .defaultTo('open')
            .check(sql`status IN (${inList(['open', 'in_progress', 'resolved'])})`),
        )
        .addColumn('created_at', 'timestamptz', (column) => column.notNull())
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('support_messages_newest').on('support_messages').columns(['created_at desc', 'id']).execute();

      await db.schema
        .createTable('admin_audit_log')
        .addColumn('id', 'uuid', (column) => column.primaryKey())
        // Orders entries made in the same instant (one request can make several).
        .addColumn('seq', 'bigint', (column) => column.notNull().generatedAlwaysAsIdentity())
        // No foreign keys: the log outlives the accounts it names.
        .addColumn('actor_user_id', 'uuid', (column) => column.notNull())
        .addColumn('action', 'text', (column) => column.notNull())
        .addColumn('target_type', 'text', (column) => column.notNull())
        .addColumn('target_id', 'text', (column) => column.notNull())
        .addColumn('changes', 'jsonb', (column) => column.notNull())
        .addColumn('correlation_id', 'text', (column) => column.notNull())
        .addColumn('created_at', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('admin_audit_log_by_target').on('admin_audit_log').columns(['target_id', 'created_at', 'seq']).execute();
      await db.schema.createIndex('admin_audit_log_newest').on('admin_audit_log').columns(['created_at', 'seq']).execute();

      await db.schema
        .createTable('saved_payment_methods')
        .addColumn('id', 'uuid', (column) => column.primaryKey())
        .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (column) => column.notNull())
        .addColumn('type', 'text', (column) => column.notNull().check(sql`type IN (${inList(['mobile_money', 'bank', 'digital_wallet'])})`))
        .addColumn('account_number', 'text', (column) => column.notNull())
        .addColumn('is_default', 'boolean', (column) => column.notNull())
        .addColumn('is_verified', 'boolean', (column) => column.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (column) => column.notNull())
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
        .addUniqueConstraint('saved_payment_methods_unique', ['user_id', 'provider', 'account_number'])
        .execute();
      // At most one default per user, whatever races the API loses.
      await db.schema
        .createIndex('saved_payment_methods_one_default')
        .on('saved_payment_methods')
        .column('user_id')
        .unique()
        .where(sql.ref('is_default'), '=', true)
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['saved_payment_methods', 'admin_audit_log', 'support_messages']) await db.schema.dropTable(table).execute();
    },
  },
  '2026-12-20T00-00_idempotency_keys': {
    async up(db: Kysely<any>) {
      // An Idempotency-Key as one user sent it to one route (method and path), with the
      // fingerprint of the request it first came with; kept 24 hours (product/idempotencyKeys.ts).
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('scope', 'text', (column) => column.notNull())
        .addColumn('key', 'text', (column) => column.notNull())
        .addColumn('fingerprint', 'text', (column) => column.notNull())
        .addColumn('created_at', 'timestamptz', (column) => column.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'scope', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_by_age').on('idempotency_keys').column('created_at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('idempotency_keys').execute();
      },
    },
  // A message about one ride (reported from the support centre's "Your trips"): which ride.
  '2026-12-02T00-00_support_message_ride': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('support_messages').addColumn('ride_id', 'text').execute();
      await db.schema.createIndex('support_messages_by_ride').on('support_messages').column('ride_id').where(sql.ref('ride_id'), 'is not', null).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('support_messages').dropColumn('ride_id').execute();
    },
  },
};

/** The product's ordinary tables (support messages, admin audit log, saved payment methods). */
export function migrateProductTables<Database>(db: Kysely<Database>): Promise<void> {
  return migrateToLatest(db, 'product', productTableMigrations);
}
