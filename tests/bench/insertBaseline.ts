/**
 * The raw-INSERT baseline both store and end-to-end benchmarks measure in their own run: plain
 * single-row INSERTs into a table with the events table's columns, prepared once per connection
 * as the store's own statements are. A busy machine slows it and what it is compared with alike.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventToAppend } from '../../platform/eventStore/port.js';

/** Runs `count` operations on `concurrency` workers; answers the seconds taken. */
export async function run(count: number, concurrency: number, operation: (worker: number) => Promise<void>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < count) {
        next++;
        await operation(worker);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

export function benchEvent(): EventToAppend {
  return {
    id: randomUUID(),
    type: 'RideRequested',
    data: { rideId: randomUUID(), vehicleType: 'car', pickup: { lat: -12.80, lng: 28.21 }, fare: 2550 },
    metadata: { correlationId: randomUUID(), userId: 'bench', role: 'passenger', schemaVersion: 1 },
  };
}

export async function createBaselineTable(pool: pg.Pool) {
  await pool.query(`
    CREATE TABLE bench_baseline (
      global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id  xid8   NOT NULL DEFAULT pg_current_xact_id(),
      stream_name     text   NOT NULL,
      stream_revision bigint NOT NULL,
      event_id        uuid   NOT NULL,
      event_type      text   NOT NULL,
      data            jsonb  NOT NULL,
      metadata        jsonb  NOT NULL,
      created         timestamptz NOT NULL DEFAULT clock_timestamp())`);
}

export async function baselineInsert(pool: pg.Pool) {
  const event = benchEvent();
  // Prepared once per connection, as the store's own statements are: a like-for-like baseline.
  await pool.query({
    name: 'bench_baseline_insert',
    text: `INSERT INTO bench_baseline (stream_name, stream_revision, event_id, event_type, data, metadata)
           VALUES ($1, 0, $2, $3, $4, $5)`,
    values: [`bench-${randomUUID()}`, event.id, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata)],
  });
}

