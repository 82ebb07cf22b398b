import { sql, type QueryExecutorProvider } from 'kysely';

/**
 * A fingerprint of everything a request could change: the event store, every read model, and the
 * ordinary tables the API writes (accounts, sessions, saved payment accounts, support messages,
 * the admin audit log, driver positions, timers). Two equal digests mean nothing was written.
 *
 *   const before = await stateDigest(bed.db);
 *   …requests that must all be refused…
 *   expect(await stateDigest(bed.db)).toEqual(before);
 */
const WRITTEN_TABLES = [
  'es_events',
  'es_streams',
  'users',
  'user_sessions',
  'backup_codes',
  'one_time_codes',
  'auth_rate_limits',
  'external_identities',
  'saved_payment_methods',
  'support_messages',
  'admin_audit_log',
  'driver_locations',
  'dispatch_driver_availability',
  'timers',
];

/**
 * Columns left out of a table's digest: the timer scheduler's own bookkeeping as a due timer is
 * fired (on the wall clock, whatever request is in flight). A timer scheduled, moved or cancelled
 * by a request still changes the digest (its id, due time, kind, payload and causes are in it).
 */
const SCHEDULER_BOOKKEEPING: Record<string, readonly string[]> = {
  timers: ['status', 'attempts', 'last_error', 'retry_at', 'fired_at'],
};

export type StateDigest = Record<string, string>;

export async function stateDigest(db: QueryExecutorProvider): Promise<StateDigest> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND (table_name LIKE 'rm\\_%' OR table_name = ANY(${WRITTEN_TABLES}))
    ORDER BY table_name`.execute(db);
  const digest: StateDigest = {};
  for (const { name } of rows) {
    const left = SCHEDULER_BOOKKEEPING[name] ?? [];
    const text = left.length === 0 ? sql`t::text` : sql`(to_jsonb(t) - ${sql.val(left)}::text[])::text`;
    const { rows: [row] } = await sql<{ count: string; hash: string | null }>`
      SELECT count(*) AS count, md5(string_agg(${text}, '|' ORDER BY ${text})) AS hash FROM ${sql.table(name)} t`.execute(db);
    digest[name] = `${row!.count} rows, ${row!.hash ?? 'empty'}`;
  }
  return digest;
}

/** How many events the store holds. */
export async function eventCount(db: QueryExecutorProvider): Promise<number> {
  const { rows } = await sql<{ count: string }>`SELECT count(*) AS count FROM es_events`.execute(db);
  return Number(rows[0]!.count);
}
