import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../platform/database/connect.js';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.js';
import { acquireAdvisoryLock, dedicatedConnections } from './advisoryLock.js';
import type pg from 'pg';

let database: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase('advisory_lock');
  pool = createPool(database.url, 2);
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

const pidOf = async (client: pg.Client) => (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
const terminate = (pid: number) => pool.query('SELECT pg_terminate_backend($1)', [pid]);

describe('advisory locks on connections of their own', () => {
  it('a lock connection cut before anyone listens to it is no uncaught exception: its next query fails instead', async () => {
    const client = await dedicatedConnections(pool)();
    // Given a connection nobody else listens to yet (as between connecting and acquiring)
    const pid = await pidOf(client);
    // When its backend is terminated
    await terminate(pid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Then the process goes on (vitest fails the file on an uncaught exception) and the client says it is broken.
    await expect(client.query('SELECT 1')).rejects.toThrow();
    await client.end().catch(() => {});
  });

  it('a held lock reports its loss when its connection drops, and another session then takes it', async () => {
    const connect = dedicatedConnections(pool);
    const held = await acquireAdvisoryLock({ connect, name: 'lock-spec' });
    expect(held).toBeDefined();
    const waiting = await acquireAdvisoryLock({ connect, name: 'lock-spec', timeoutMs: 100, retryMs: 20 }).catch((error: Error) => error);
    expect(waiting).toBeInstanceOf(Error);
    expect((waiting as Error).name).toBe('LockHeldError');

    const { rows } = await pool.query<{ pid: number }>("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted");
    await terminate(rows[0]!.pid);
    await expect.poll(() => held!.lost.aborted).toBe(true);
    const next = await acquireAdvisoryLock({ connect, name: 'lock-spec', timeoutMs: 2_000, retryMs: 20 });
    expect(next).toBeDefined();
    await next!.release();
    await held!.release();
  });
});
