/**
 * Child process of projectionCrash.int.spec.ts: runs one projection against DATABASE_URL until
 * it has caught up with `$all` and applied EXPECTED_EVENTS in all, then exits 0. The test kills
 * it with SIGKILL at random moments. (Caught up alone is not enough: it promises only what was
 * visible, and an old transaction anywhere on the server holds back the store's fence.)
 * Env: DATABASE_URL, PROJECTION (a name from projections/registry.ts), BATCH_SIZE, EXPECTED_EVENTS.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createKysely, createPool } from '../../platform/database/connect.js';
import { PostgresEventStore } from '../../platform/eventStore/postgres/postgresEventStore.js';
import { findProjection } from '../../projections/registry.js';
import type { CheckpointDatabase } from '../../projections/runner/checkpoints.js';
import { ProjectionRunner } from '../../projections/runner/runner.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: required');
const projection = findProjection(process.env.PROJECTION ?? '');
const batchSize = Number(process.env.BATCH_SIZE ?? 10);
const expectedEvents = BigInt(process.env.EXPECTED_EVENTS ?? 0);

const pool = createPool(url, 4);
const store = new PostgresEventStore({ pool, pollIntervalMs: 50 });
const runner = new ProjectionRunner({
  pool,
  store,
  projections: [projection],
  batchSize,
  // The killed predecessor's session may take a moment to end and free the lock.
  lockRetryMs: 20,
  logger: {
    info: () => {},
    warn: (details, message) => console.error(message, details),
    error: (details, message) => console.error(message, details),
  },
});
runner.start();
try {
  await runner.waitUntilCaughtUp(projection.name);
  while ((await eventsProcessed()) < expectedEvents) await sleep(20);
} finally {
  await runner.stop();
  await store.close();
  await pool.end();
}

async function eventsProcessed(): Promise<bigint> {
  const row = await createKysely<CheckpointDatabase>(pool)
    .selectFrom('projection_checkpoints')
    .select('events_processed')
    .where('name', '=', projection.name)
    .executeTakeFirst();
  return BigInt(row?.events_processed ?? 0);
}
