import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { migrateToLatest } from '../platform/database/migrate.js';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** Frozen in time: a later change is a new migration, never an edit. */
export const accountsMigrations: Record<string, Migration> = {
  '2026-11-30T00-00_accounts': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'uuid', (column) => column.primaryKey())
        .addColumn('email', 'text', (column) => column.notNull().unique())
        .addColumn('username', 'text')
        .addColumn('full_name', 'text', (column) => column.notNull())
        .addColumn('phone_number', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('user_type', 'text', (column) =>
          column.notNull().check(sql`user_type IN (${inList(['passenger', 'driver', 'admin', 'staff'])})`),
        )
        .addColumn('preferred_language', 'text', (column) =>
          column.notNull().defaultTo('en').check(sql`preferred_language IN (${inList(['en', 'fr', 'pt', 'sw', 'zh', 'nya', 'bem'])})`),
        )
        .addColumn('is_active', 'boolean', (column) => column.notNull().defaultTo(true))
        .addColumn('mfa_method', 'text', (column) => column.check(sql`mfa_method IN ('sms', 'totp')`))
        .addColumn('mfa_enabled', 'boolean', (column) => column.notNull().defaultTo(false))
        .addColumn('totp_secret', 'text')
        .addColumn('pending_totp_secret', 'text')
        .addColumn('totp_last_counter', 'bigint')
        .addColumn('created_at', 'timestamptz', (column) => column.notNull())
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
        .addCheckConstraint('users_email_lower_case', sql`email = lower(email)`)
        .execute();
      await db.schema.createIndex('users_username_unique').on('users').unique().expression(sql`lower(username)`).execute();

      await db.schema
        .createTable('user_sessions')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('mfa_verified', 'boolean', (column) => column.notNull())
        .addColumn('created_at', 'timestamptz', (column) => column.notNull())
        .addColumn('last_seen_at', 'timestamptz', (column) => column.notNull())
        .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
        .addColumn('revoked_at', 'timestamptz')
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('user_sessions_by_user').on('user_sessions').column('user_id').execute();

      await db.schema
        .createTable('one_time_codes')
        .addColumn('id', 'uuid', (column) => column.primaryKey())
        .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (column) => column.notNull().check(sql`purpose IN ('login', 'registration')`))
        .addColumn('channel', 'text', (column) => column.notNull().check(sql`channel IN ('sms', 'email')`))
        .addColumn('code_hash', 'text', (column) => column.notNull())
        .addColumn('sent_at', 'timestamptz', (column) => column.notNull())
        .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('consumed_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('one_time_codes_latest').on('one_time_codes').columns(['user_id', 'sent_at desc']).execute();

      await db.schema
        .createTable('backup_codes')
        .addColumn('id', 'uuid', (column) => column.primaryKey())
        .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (column) => column.notNull())
        .addColumn('created_at', 'timestamptz', (column) => column.notNull())
        .addColumn('activated_at', 'timestamptz')
        .addColumn('used_at', 'timestamptz')
        .addUniqueConstraint('backup_codes_unique', ['user_id', 'code_hash'])
        .execute();

      await db.schema
        .createTable('auth_rate_limits')
        .addColumn('key', 'text', (column) => column.primaryKey())
        .addColumn('window_start', 'timestamptz', (column) => column.notNull())
        .addColumn('count', 'integer', (column) => column.notNull())
        .execute();

      await db.schema
        .createTable('external_identities')
        .addColumn('provider', 'text', (column) => column.notNull().check(sql`provider IN ('google', 'apple')`))
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('created_at', 'timestamptz', (column) => column.notNull())
        .addPrimaryKeyConstraint('external_identities_pk', ['provider', 'subject'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['external_identities', 'auth_rate_limits', 'backup_codes', 'one_time_codes', 'user_sessions', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  '2026-12-20T00-00_auth_throttles': {
    async up(db: Kysely<any>) {
      // Growing delays between failed sign-ins (accounts/rateLimits.ts, throttle): no lockout.
      await db.schema
        .createTable('auth_throttles')
        .addColumn('key', 'text', (column) => column.primaryKey())
        .addColumn('failures', 'integer', (column) => column.notNull())
        .addColumn('last_attempt_at', 'timestamptz', (column) => column.notNull())
        .addColumn('blocked_until', 'timestamptz', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('auth_throttles').execute();
    },
  },
  '2027-01-10T00-00_account_roles': {
    async up(db: Kysely<any>) {
      // One account, two roles: a rider may also drive and a driver may also ride. Every account
      // holds its own kind; only passenger and driver may be held together.
      await db.schema.alterTable('users').addColumn('roles', sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'::text[]`)).execute();
      await sql`UPDATE users SET roles = ARRAY[user_type]`.execute(db);
      await sql`ALTER TABLE users ALTER COLUMN roles DROP DEFAULT`.execute(db);
      await sql`ALTER TABLE users ADD CONSTRAINT users_roles_hold_user_type CHECK (user_type = ANY (roles))`.execute(db);
      await sql`ALTER TABLE users ADD CONSTRAINT users_roles_known CHECK (roles <@ ARRAY['passenger', 'driver', 'admin', 'staff']::text[])`.execute(db);
      await sql`ALTER TABLE users ADD CONSTRAINT users_roles_combinable CHECK (cardinality(roles) = 1 OR roles <@ ARRAY['passenger', 'driver']::text[])`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('users').dropColumn('roles').execute();
    },
  },
};

export function migrateAccounts<Database>(db: Kysely<Database>): Promise<void> {
  return migrateToLatest(db, 'accounts', accountsMigrations);
}
