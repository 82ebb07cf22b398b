import { randomBytes, randomUUID } from 'node:crypto';
import { paymentStreamId } from '../../domain/payment/index.js';
import { schemaVersionOf } from '../../domain/upcasting/index.js';
import type { JsonValue } from '../../platform/eventStore/port.js';
import { cashCollected, cashRequested, rideId } from '../../tests/support/fixtures/payment.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTestBed, type ApiTestBed } from '../../tests/support/apiTestBed.js';
import type { SharedTables } from '../../api/services/database.js';
import { recordAnalyticsHistory } from '../../tests/support/analyticsHistory.js';
import { ensureAnalystAccess } from './shared/analystAccess.js';

const VIEWS = [
  'bid_outcomes',
  'bids',
  'cancellations',
  'demand_per_cell_hour',
  'payments_per_day',
  'revenue_per_day',
  'ride_assignments',
  'rides_per_day',
  'time_to_assignment',
];

/** Runs one statement as `analyst` in a transaction of its own, rolled back: its rows, or the error's SQLSTATE. */
async function asAnalyst(pool: pg.Pool, statement: string): Promise<{ rows: unknown[] } | { code: string; message: string }> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL ROLE analyst');
    const { rows } = await client.query(statement);
    return { rows };
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

const denied = (pool: pg.Pool, statement: string) => expect(asAnalyst(pool, statement), statement).resolves.toMatchObject({ code: '42501' });

describe('the analyst role reads the analytics views and nothing else', () => {
  let bed: ApiTestBed;
  let tables: string[];
  beforeAll(async () => {
    // The whole app's schema: event store, every read model, accounts and sessions, the API's own tables.
    bed = await startApiTestBed();
    await bed.signIn('admin'); // a user with a password hash, a session and TOTP secrets
    await recordAnalyticsHistory(bed.store);
    // A ride paid in cash, for the view of settled payments.
    await bed.store.appendToStream(
      paymentStreamId(rideId),
      [cashRequested(), cashCollected()].map((event) => ({ id: randomUUID(), type: event.type, data: event.data as unknown as JsonValue, metadata: { schemaVersion: schemaVersionOf(event.type) } })),
    );
    await bed.settle();
    const { rows } = await bed.pool.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
        WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
    );
    tables = rows.map((row) => row.name);
  }, 120_000);
  afterAll(() => bed.close());

  it('is a role that cannot log in or administer anything', async () => {
    const { rows } = await bed.pool.query(`SELECT rolcanlogin, rolsuper, rolcreatedb, rolcreaterole, rolbypassrls FROM pg_roles WHERE rolname = 'analyst'`);
    expect(rows).toEqual([{ rolcanlogin: false, rolsuper: false, rolcreatedb: false, rolcreaterole: false, rolbypassrls: false }]);
  });

  it('can read every analytics view, and they are the documented ones', async () => {
    const { rows } = await bed.pool.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.views WHERE table_schema = 'analytics' ORDER BY 1`);
    expect(rows.map((row) => row.name)).toEqual(VIEWS);
    for (const view of VIEWS) {
      const result = await asAnalyst(bed.pool, `SELECT * FROM analytics.${view}`);
      expect(result, view).toEqual({ rows: expect.any(Array) });
      expect((result as { rows: unknown[] }).rows.length, view).toBeGreaterThan(0);
    }
  });

  it('cannot read any table: not users, password hashes, sessions, events, nor the read models behind the views', async () => {
    expect(tables).toEqual(expect.arrayContaining(['public.users', 'public.user_sessions', 'public.es_events', 'public.rm_rides', 'public.rm_analytics_rides']));
    for (const table of tables) await denied(bed.pool, `SELECT * FROM ${table} LIMIT 1`);
    await denied(bed.pool, 'SELECT password_hash FROM public.users');
    await denied(bed.pool, 'SELECT count(*) FROM public.user_sessions');
  });

  it('cannot write anything anywhere', async () => {
    await denied(bed.pool, `INSERT INTO users (id, email, full_name, user_type, created_at, updated_at) VALUES (gen_random_uuid(), 'x@example.com', 'X', 'admin', now(), now())`);
    await denied(bed.pool, `UPDATE users SET user_type = 'admin'`);
    await denied(bed.pool, 'DELETE FROM user_sessions');
    await denied(bed.pool, 'DELETE FROM es_events');
    await denied(bed.pool, 'TRUNCATE rm_analytics_rides');
    await denied(bed.pool, `UPDATE rm_analytics_rides SET fare_ngwee = 0`);
    // The one view PostgreSQL could write through: refused for want of the privilege.
    await denied(bed.pool, `UPDATE analytics.ride_assignments SET city = 'ndola'`);
    await denied(bed.pool, `DELETE FROM analytics.ride_assignments`);
    // The others aggregate or join: not writable by anybody; still refused.
    for (const view of VIEWS.filter((name) => name !== 'ride_assignments')) {
      expect(await asAnalyst(bed.pool, `DELETE FROM analytics.${view}`), view).toMatchObject({ code: expect.stringMatching(/^(42501|55000|0A000)$/) });
    }
    await denied(bed.pool, 'CREATE TABLE public.notes (id int)');
    await denied(bed.pool, 'CREATE TABLE analytics.notes (id int)');
    await denied(bed.pool, 'CREATE VIEW analytics.my_users AS SELECT 1 AS one');
    await denied(bed.pool, 'CREATE TEMPORARY TABLE scratch (id int)');
    await denied(bed.pool, 'CREATE SCHEMA sandbox');
    await denied(bed.pool, 'DROP VIEW analytics.rides_per_day');
    await denied(bed.pool, 'ALTER VIEW analytics.bids RENAME TO all_bids');
  });

  it('setting up access again (another database on the same server, a re-run) changes nothing', async () => {
    await ensureAnalystAccess<SharedTables>(bed.db);
    await ensureAnalystAccess<SharedTables>(bed.db);
    expect(await asAnalyst(bed.pool, 'SELECT count(*)::int AS n FROM analytics.rides_per_day')).toEqual({ rows: [{ n: 4 }] });
  });

  it('lends its rights to a login user granted the role, as docs/analytics.md tells', async () => {
    const login = `analyst_test_${randomBytes(4).toString('hex')}`;
    const password = randomBytes(12).toString('hex');
    await bed.pool.query(`CREATE ROLE ${login} LOGIN PASSWORD '${password}' IN ROLE analyst`);
    try {
      const url = new URL(bed.pool.options.connectionString!);
      url.username = login;
      url.password = password;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const { rows } = await client.query('SELECT sum(requested)::int AS requested FROM analytics.rides_per_day');
        expect(rows).toEqual([{ requested: 10 }]);
        await expect(client.query('SELECT email FROM users')).rejects.toMatchObject({ code: '42501' });
      } finally {
        await client.end();
      }
    } finally {
      await bed.pool.query(`DROP ROLE ${login}`);
    }
  });
});
