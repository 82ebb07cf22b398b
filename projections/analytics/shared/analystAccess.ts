import { sql, type Kysely } from 'kysely';

/**
 * Analysts read the analytics read models through views in their own schema, as the role
 * `analyst`, which may read those views and nothing else: not the accounts, sessions or events,
 * not the read-model tables behind the views (a view reads its tables with its owner's rights),
 * and it writes nowhere.
 *
 * Called by the analytics projections' migrations: what these helpers do is part of those frozen
 * migrations, so a change here is a new helper for a new migration, never an edit.
 */
export const ANALYTICS_SCHEMA = 'analytics';
export const ANALYST_ROLE = 'analyst';

/**
 * The `analytics` schema and the `analyst` role, idempotently. Roles belong to the whole
 * PostgreSQL cluster, not to a database: every database migrated on the same server (each test
 * file has its own) meets the role another one already made, sometimes at the same instant, so
 * both "already exists" errors are expected and mean the job is done.
 */
export async function ensureAnalystAccess<Database>(db: Kysely<Database>): Promise<void> {
  await sql`CREATE SCHEMA IF NOT EXISTS analytics`.execute(db);
  await sql`
    DO $$
    BEGIN
      IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'analyst') THEN
        CREATE ROLE analyst NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
      END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END
    $$`.execute(db);
  await sql`GRANT USAGE ON SCHEMA analytics TO analyst`.execute(db);
  // PostgreSQL lets every role (PUBLIC) make temporary tables; an analyst writes nothing at all.
  // The app's own login owns the database (or is a superuser), so it keeps the right.
  await sql`
    DO $$
    BEGIN
      EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
    END
    $$`.execute(db);
}

/** `analytics.<name>` over `query`, readable by `analyst`, with what it answers as its comment. */
export async function publishView<Database>(db: Kysely<Database>, name: string, comment: string, query: string): Promise<void> {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`name: "${name}" is not a plain lower-case SQL name`);
  await sql.raw(`CREATE VIEW analytics.${name} AS ${query}`).execute(db);
  await sql.raw(`GRANT SELECT ON analytics.${name} TO analyst`).execute(db);
  await sql`COMMENT ON VIEW ${sql.raw(`analytics.${name}`)} IS ${sql.lit(comment)}`.execute(db);
}

/** The Lusaka calendar day of an instant column, in SQL (UTC+2 all year, no daylight saving). */
export const lusakaDaySql = (column: string): string => `(${column} AT TIME ZONE 'Africa/Lusaka')::date`;
