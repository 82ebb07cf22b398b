/**
 * npm run bench:store — the event store against a baseline measured in the same run, on the same
 * PostgreSQL (DATABASE_URL, or an embedded one started for the run).
 *
 *   (a) baseline: plain single-row INSERTs into a table with the events table's columns
 *       (each kind runs three times, interleaved; the median counts)
 *   (b) our appends, one event each: fresh streams, and 1,000 hot streams with exact revisions
 *   (c) a `$all` catch-up read of 200,000 events
 *   (d) one projection applying 200,000 events to a read-model table
 *   (e) the full rebuild — every projection of the registry on one replay of `$all`, as
 *       `npm run projections:rebuild` runs it — over the same events, most of them real ride and
 *       bid histories (made by the domain deciders, then copied under fresh ids)
 *
 * Targets: (b) at concurrency 16 ≥ 0.6 × (a) at concurrency 16; (c) ≥ 100,000 events/s;
 * (d) ≥ 20,000 events/s; (e) ≥ 0.3 × (c) in events/s. Ends with one JSON line holding every figure.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { createPool } from '../../platform/database/connect.js';
import { dropDatabase, ensureDatabase, startDatabaseServer } from '../../platform/database/server.js';
import { START } from '../../platform/eventStore/port.js';
import { migrateEventStore, PostgresEventStore } from '../../platform/eventStore/postgres/postgresEventStore.js';
import { benchFullRebuild, benchProjection } from './projectionBench.js';
import { baselineInsert, benchEvent, createBaselineTable, run } from './insertBaseline.js';
import { fillWithRideHistories } from './realisticHistory.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const APPENDS_C1 = Math.round(1_500 * SCALE);
const APPENDS_C16 = Math.round(8_000 * SCALE);
const ALL_EVENTS = Math.round(200_000 * SCALE);
const HOT_STREAMS = 1_000;
const ROUNDS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const figures: Record<string, number> = {};

async function main() {
  const folder = mkdtempSync(path.join(tmpdir(), 'tiyende-bench-'));
  chmodSync(folder, 0o755);
  const server = await startDatabaseServer(process.env, { dataDir: path.join(folder, 'pg'), persistent: false });
  const name = `tiyende_bench_${Date.now()}`;
  const url = await ensureDatabase(server.adminUrl, name);
  const pool = createPool(url, 20);
  console.log(`PostgreSQL: ${server.kind === 'embedded' ? 'embedded (started for this run)' : 'DATABASE_URL'}; scale ${SCALE}`);
  try {
    await migrateEventStore(pool);
    const store = new PostgresEventStore({ pool });
    await createBaselineTable(pool);

    // Interleaved rounds, median of each: a busy machine slows every kind alike, not one.
    for (const concurrency of [1, 16]) {
      const count = concurrency === 1 ? APPENDS_C1 : APPENDS_C16;
      const hot = hotStreams(concurrency);
      const seconds: Record<string, number[]> = { baseline: [], fresh: [], hot: [] };
      for (let round = 0; round < ROUNDS; round++) {
        seconds.baseline!.push(await run(count, concurrency, () => baselineInsert(pool)));
        seconds.fresh!.push(await run(count, concurrency, () =>
          store.appendToStream(`bench-${randomUUID()}`, [benchEvent()], { expectedRevision: 'no_stream' }).then(() => {})));
        seconds.hot!.push(await run(count, concurrency, (worker) => hot.append(store, worker)));
      }
      record(`baseline_insert_c${concurrency}`, count, median(seconds.baseline!));
      record(`append_fresh_c${concurrency}`, count, median(seconds.fresh!));
      record(`append_hot_c${concurrency}`, count, median(seconds.hot!));
    }
    figures.ratio_fresh_c16 = round(figures.append_fresh_c16_events_per_s! / figures.baseline_insert_c16_events_per_s!);
    figures.ratio_hot_c16 = round(figures.append_hot_c16_events_per_s! / figures.baseline_insert_c16_events_per_s!);
    figures.ratio_fresh_c1 = round(figures.append_fresh_c1_events_per_s! / figures.baseline_insert_c1_events_per_s!);
    figures.ratio_hot_c1 = round(figures.append_hot_c1_events_per_s! / figures.baseline_insert_c1_events_per_s!);
    console.log(`ratio (b)/(a) at concurrency 16: fresh ${figures.ratio_fresh_c16}, hot ${figures.ratio_hot_c16} (target ≥ 0.6)`);
    console.log(`ratio (b)/(a) at concurrency 1:  fresh ${figures.ratio_fresh_c1}, hot ${figures.ratio_hot_c1}`);

    await fillWithRideHistories(store, pool, ALL_EVENTS);
    const total = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n);
    const started = performance.now();
    let read = 0;
    let position = START;
    for (;;) {
      const page = await store.readAll({ fromPosition: position, maxCount: 1_000 });
      read += page.events.length;
      position = page.nextPosition;
      if (page.isEndOfAll) break;
    }
    const seconds = (performance.now() - started) / 1000;
    if (read !== total) throw new Error(`$all read ${read} events, the table holds ${total}`);
    record('all_read', read, seconds);
    console.log(`$all read: target ≥ 100,000 events/s`);

    const projection = await benchProjection(pool, store, ALL_EVENTS);
    record('projection', projection.events, projection.seconds);
    console.log(`projection: target ≥ 20,000 events/s`);

    const rebuild = await benchFullRebuild(pool, store);
    record('full_rebuild', rebuild.events, rebuild.seconds);
    figures.ratio_full_rebuild_vs_all_read = round(figures.full_rebuild_events_per_s! / figures.all_read_events_per_s!);
    console.log(`full rebuild (${rebuild.projections} projections) / $all read: ${figures.ratio_full_rebuild_vs_all_read} (target ≥ 0.3)`);

    const verdict = {
      appends_c16_vs_baseline: Math.min(figures.ratio_fresh_c16, figures.ratio_hot_c16) >= 0.6,
      all_read: figures.all_read_events_per_s! >= 100_000,
      projection: figures.projection_events_per_s! >= 20_000,
      full_rebuild_vs_all_read: figures.ratio_full_rebuild_vs_all_read >= 0.3,
    };
    console.log(JSON.stringify({ bench: 'store', scale: SCALE, ...figures, targets_met: verdict }));
    await store.close();
  } finally {
    await pool.end();
    await dropDatabase(server.adminUrl, name).catch(() => {});
    await server.stop();
  }
}

function record(label: string, events: number, seconds: number) {
  const perSecond = Math.round(events / seconds);
  figures[`${label}_events_per_s`] = perSecond;
  console.log(`${label.padEnd(22)} ${String(events).padStart(8)} events in ${seconds.toFixed(2)} s = ${perSecond.toLocaleString('en')} events/s`);
}

/** 1,000 hot streams, split between workers so each appends with exact expected revisions. */
function hotStreams(concurrency: number) {
  const prefix = randomUUID().slice(0, 8);
  const revisions = new Map<number, bigint | 'no_stream'>();
  const cursor = new Map<number, number>();
  return {
    async append(store: PostgresEventStore, worker: number) {
      const mine = Math.floor(HOT_STREAMS / concurrency);
      const slot = (cursor.get(worker) ?? 0) % mine;
      cursor.set(worker, slot + 1);
      const stream = worker * mine + slot;
      const expected = revisions.get(stream) ?? 'no_stream';
      const result = await store.appendToStream(`hot-${prefix}${stream}`, [benchEvent()], { expectedRevision: expected });
      revisions.set(stream, result.nextExpectedRevision);
    },
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

await main();
