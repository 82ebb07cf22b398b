import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { createPool } from '../../database/connect.js';
import { START } from '../port.js';
import { migrateEventStore, PostgresEventStore } from './postgresEventStore.js';

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase('listen');
  pool = createPool(database.url, 6);
  await migrateEventStore(pool);
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a subscription whose LISTEN connection is refused tries again less and less often, polling meanwhile, and listens once it may', async () => {
  // Connections for LISTEN are taken with `pool.connect()`; queries take theirs through a callback.
  // Refuse the former only, as a server full of clients ("too many clients") would.
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient>;
  const listenTries: number[] = [];
  let refuse = true;
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback);
    listenTries.push(Date.now());
    return refuse ? Promise.reject(Object.assign(new Error('sorry, too many clients already'), { code: '53300' })) : connect();
  }) as typeof pool.connect;

  const store = new PostgresEventStore({ pool, pollIntervalMs: 20 });
  const controller = new AbortController();
  const subscription = store.subscribeToAll({ fromPosition: START, signal: controller.signal });
  const seen: string[] = [];
  const consuming = (async () => {
    for await (const message of subscription) if (message.kind === 'event') seen.push(message.event.type);
  })();
  try {
    await sleep(3_500);
    // A try at once, then after 1 s and 2 s more: not one per 20 ms poll.
    expect(listenTries.length).toBeGreaterThanOrEqual(2);
    expect(listenTries.length).toBeLessThanOrEqual(4);
    const gaps = listenTries.slice(1).map((at, index) => at - listenTries[index]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(950);
    if (gaps[1] !== undefined) expect(gaps[1]).toBeGreaterThanOrEqual(1_950);

    // Polling went on meanwhile: an append is seen without a notification.
    const writerPool = createPool(database.url, 1);
    const writer = new PostgresEventStore({ pool: writerPool });
    await writer.appendToStream('listen-1', [{ id: randomUUID(), type: 'Polled', data: {} }]);
    await writer.close();
    await writerPool.end();
    await expect.poll(() => seen, { timeout: 2_000 }).toContain('Polled');

    refuse = false;
    await expect
      .poll(
        async () => {
          const { rows } = await pool.query<{ count: string }>(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN es_events' AND pid <> pg_backend_pid()",
          );
          return Number(rows[0]!.count);
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(1);
  } finally {
    controller.abort();
    await consuming.catch(() => {});
    await store.close();
    pool.connect = connect as typeof pool.connect;
  }
}, 30_000);
