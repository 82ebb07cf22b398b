import pg from 'pg';
import { createKysely } from '../../../platform/database/connect.js';
import { PostgresEventStore } from '../../../platform/eventStore/postgres/postgresEventStore.js';
import { projections } from '../../../projections/registry.js';
import { readModelRows } from '../../../projections/runner/readModelRows.js';
import { rebuildProjections } from '../../../projections/runner/rebuild.js';
import { ProjectionRunner } from '../../../projections/runner/runner.js';

/**
 * What must hold after any fault, checked on the database the servers used (all of them stopped):
 * the event store's invariants, and every read model equal, row for row, to a rebuild from `$all`.
 */

/** Each rule with the rows that break it (none when it holds), so a failure names them. */
export async function storeViolations(pool: pg.Pool): Promise<Record<string, unknown[]>> {
  const rows = async (text: string) => (await pool.query(text)).rows;
  return {
    // Revisions 0, 1, 2 … with no gap and no repeat, and the stream's own revision is its last.
    'gap-free revisions': await rows(`
      SELECT e.stream_name, count(*) AS events, min(e.stream_revision) AS first, max(e.stream_revision) AS last, s.revision AS stream_revision
        FROM es_events e JOIN es_streams s USING (stream_name)
       GROUP BY e.stream_name, s.revision
      HAVING min(e.stream_revision) <> 0 OR max(e.stream_revision) <> count(*) - 1 OR s.revision <> max(e.stream_revision)`),
    'no duplicate event ids': await rows(`SELECT event_id, count(*) AS copies FROM es_events GROUP BY event_id HAVING count(*) > 1`),
    // One driver assigned per ride (an accepted bid is followed by its assignment), and one driver on all its events.
    'no ride with two drivers': await rows(`
      SELECT stream_name,
             count(*) FILTER (WHERE event_type = 'DriverAssigned') AS assignments,
             count(*) FILTER (WHERE event_type = 'BidAccepted') AS bids_accepted,
             array_agg(DISTINCT data->>'driverId') FILTER (WHERE data ? 'driverId') AS drivers
        FROM es_events WHERE stream_name LIKE 'ride-%'
       GROUP BY stream_name
      HAVING count(*) FILTER (WHERE event_type = 'DriverAssigned') > 1
          OR count(*) FILTER (WHERE event_type = 'BidAccepted') > 1
          OR count(DISTINCT data->>'driverId') FILTER (WHERE data ? 'driverId') > 1`),
    'no completed ride without a start': await rows(`
      SELECT c.stream_name FROM es_events c
       WHERE c.stream_name LIKE 'ride-%' AND c.event_type = 'TripCompleted'
         AND NOT EXISTS (SELECT 1 FROM es_events s WHERE s.stream_name = c.stream_name AND s.event_type = 'TripStarted' AND s.stream_revision < c.stream_revision)`),
    // A command's events all carry its id: one command id per stream is one application of it.
    'no command applied twice to a stream': await rows(`
      SELECT stream_name, metadata->>'commandId' AS command_id, event_type, count(*) AS copies
        FROM es_events WHERE metadata ? 'commandId'
       GROUP BY stream_name, metadata->>'commandId', event_type HAVING count(*) > 1`),
  };
}

export interface RebuildComparison {
  /** Tables whose live rows differ from the rebuilt ones, with the first differing row of each. */
  differences: Array<{ table: string; live: number; rebuilt: number; firstDifference: unknown }>;
  tables: number;
  rows: number;
  events: number;
}

/**
 * Lets the read models finish what the servers had not applied yet (their own runner, as a
 * restarted server would), takes every read-model table, rebuilds them all from `$all`, and
 * compares. Servers must be stopped (the rebuild takes each projection's lock).
 */
export async function compareWithRebuild(url: string): Promise<RebuildComparison> {
  const pool = new pg.Pool({ connectionString: url, max: 6 });
  pool.on('error', () => {});
  const store = new PostgresEventStore({ pool, pollIntervalMs: 50 });
  try {
    const runner = new ProjectionRunner({ pool, store, projections });
    runner.start();
    await runner.waitUntilCaughtUp();
    await runner.stop();
    const db = createKysely<Record<string, never>>(pool);
    const tables = projections.flatMap((projection) => projection.tables);
    const live = new Map<string, unknown[]>();
    for (const table of tables) live.set(table, await readModelRows(db, table));
    const rebuilt = await rebuildProjections({ pool, store, projections, batchSize: 1000 });
    const differences: RebuildComparison['differences'] = [];
    let rows = 0;
    for (const table of tables) {
      const before = live.get(table)!;
      const after = await readModelRows(db, table);
      rows += before.length;
      const same = JSON.stringify(before) === JSON.stringify(after);
      if (!same) {
        const index = before.findIndex((row, i) => JSON.stringify(row) !== JSON.stringify(after[i]));
        const at = index === -1 ? before.length : index;
        differences.push({ table, live: before.length, rebuilt: after.length, firstDifference: { live: before[at], rebuilt: after[at] } });
      }
    }
    return { differences, tables: tables.length, rows, events: rebuilt.eventsRead };
  } finally {
    await store.close();
    await pool.end();
  }
}
