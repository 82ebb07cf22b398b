import { sql, type QueryExecutorProvider } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAnalyticsHistory, type AnalyticsHistory } from '../../tests/support/analyticsHistory.js';
import { openTestBed, waitForApplied, type TestBed } from '../../tests/support/projectionTestKit.js';
import { readModelRows } from '../runner/readModelRows.js';
import { rebuildProjection } from '../runner/rebuild.js';
import { ProjectionRunner } from '../runner/runner.js';
import { analyticsReadModels } from './index.js';

/** Every analytics table in key order, and every analytics view in full column order. */
async function dump(db: QueryExecutorProvider): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of analyticsReadModels.flatMap((projection) => projection.tables)) out[table] = await readModelRows(db, table);
  const { rows: views } = await sql<{ name: string; columns: number }>`
    SELECT c.relname AS name, count(a.attnum)::int AS columns
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0
     WHERE n.nspname = 'analytics' AND c.relkind = 'v'
     GROUP BY c.relname ORDER BY c.relname`.execute(db);
  for (const view of views) {
    const order = Array.from({ length: view.columns }, (_, index) => index + 1).join(', ');
    out[`analytics.${view.name}`] = (await sql.raw(`SELECT * FROM analytics.${view.name} ORDER BY ${order}`).execute(db)).rows;
  }
  return out;
}

describe('the analytics read models are rebuildable from events', () => {
  let bed: TestBed;
  let history: AnalyticsHistory;
  let live: Record<string, unknown[]>;
  beforeAll(async () => {
    bed = await openTestBed('analyticsreplay');
    await bed.migrate(...analyticsReadModels);
    history = await recordAnalyticsHistory(bed.store);
    const runner = new ProjectionRunner({ pool: bed.pool, store: bed.store, projections: analyticsReadModels, batchSize: 9 });
    runner.start();
    for (const projection of analyticsReadModels) {
      const bids = projection.name === 'bidOutcomes' ? history.bidEvents() : 0;
      await waitForApplied(bed.db, projection.name, history.rideEvents() + bids);
    }
    await runner.stop();
    live = await dump(bed.db);
  });
  afterAll(() => bed.dispose());

  it('has something in every table and view to compare', () => {
    expect(Object.keys(live)).toEqual(expect.arrayContaining(['rm_analytics_rides', 'rm_analytics_bids', 'analytics.rides_per_day', 'analytics.time_to_assignment', 'analytics.bid_outcomes', 'analytics.cancellations', 'analytics.revenue_per_day', 'analytics.demand_per_cell_hour']));
    expect(Object.entries(live).filter(([, rows]) => rows.length === 0).map(([name]) => name)).toEqual([]);
  });

  it('replaying the same events twice into fresh tables gives identical rows', async () => {
    for (const batchSize of [1, 1_000]) {
      for (const projection of analyticsReadModels) {
        const result = await rebuildProjection({ pool: bed.pool, store: bed.store, projection, batchSize });
        expect(result.eventsReplayed, projection.name).toBeGreaterThanOrEqual(history.rideEvents());
      }
      expect(await dump(bed.db), `rebuilt in batches of ${batchSize}`).toEqual(live);
    }
  });

  it('gives the same rows when every event is delivered again', async () => {
    for (const projection of analyticsReadModels) {
      const again = await bed.store.readAll({ filter: projection.filter });
      expect(again.events.length, projection.name).toBe(history.rideEvents() + (projection.name === 'bidOutcomes' ? history.bidEvents() : 0));
      await bed.db.transaction().execute((trx) => projection.handle(trx, again.events));
    }
    expect(await dump(bed.db)).toEqual(live);
  });
});
