import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedTables } from '../../../api/services/database.js';
import { migrateToLatest } from '../../../platform/database/migrate.js';
import { recordAnalyticsHistory } from '../../../tests/support/analyticsHistory.js';
import { openTestBed, type TestBed } from '../../../tests/support/projectionTestKit.js';
import { projectUntilApplied } from '../../../tests/support/projectUntilApplied.js';
import { ensureAnalystAccess, publishView } from '../shared/analystAccess.js';
import { ridesPerDay } from '../ridesPerDay/index.js';
import { rideFactsProjection } from './projection.js';

/** The five ride-keyed models as a database made before rideFacts holds them: a table, its views, a migration history, a checkpoint. */
const FORMER = [
  { name: 'ridesPerDay', table: 'rm_analytics_ride_outcomes', views: ['rides_per_day'] },
  { name: 'timeToAssignment', table: 'rm_analytics_ride_assignments', views: ['ride_assignments', 'time_to_assignment'] },
  { name: 'cancellations', table: 'rm_analytics_cancellations', views: ['cancellations'] },
  { name: 'revenuePerDay', table: 'rm_analytics_ride_revenue', views: ['revenue_per_day'] },
  { name: 'demandPerCellHour', table: 'rm_analytics_ride_demand', views: ['demand_per_cell_hour'] },
];

/** A former model's one migration, as its history records it: its table with one row, and its views. */
function formerMigration(former: (typeof FORMER)[number]): Record<string, Migration> {
  return {
    [`2026-12-10T00-00_analytics_${former.name}`]: {
      async up(db: Kysely<any>) {
        await db.schema.createTable(former.table).addColumn('ride_id', 'text', (column) => column.primaryKey()).execute();
        await db.insertInto(former.table).values({ ride_id: 'ride-old' }).execute();
        await ensureAnalystAccess(db);
        let over = former.table;
        for (const view of former.views) {
          await publishView(db, view, 'as it was', `SELECT ride_id FROM ${over}`);
          over = `analytics.${view}`;
        }
      },
    },
  };
}

describe('rideFacts takes over from the five ride-keyed analytics models', () => {
  let bed: TestBed;
  beforeAll(async () => {
    bed = await openTestBed('ridefactsupgrade');
    await bed.migrate();
    for (const former of FORMER) {
      await migrateToLatest<SharedTables>(bed.db, `projection_${former.name}`, formerMigration(former));
      await bed.db.insertInto('projection_checkpoints').values({ name: former.name, position: '0', version: 1, events_processed: '42' }).execute();
    }
    await bed.migrate(rideFactsProjection);
  });
  afterAll(() => bed.dispose());

  it('drops their tables, migration histories and checkpoints', async () => {
    const { rows } = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND (c.relname LIKE 'rm_analytics%' OR c.relname LIKE 'migrations\\_projection\\_%')
       ORDER BY 1`.execute(bed.db);
    expect(rows.map((row) => row.name)).toEqual(['migrations_projection_rideFacts', 'migrations_projection_rideFacts_lock', 'rm_analytics_rides']);
    const checkpoints = await bed.db.selectFrom('projection_checkpoints').select('name').execute();
    expect(checkpoints.map((row) => row.name)).toEqual([]);
  });

  it('publishes the same views over the one table, which a replay from the start fills', async () => {
    const { rows: views } = await sql<{ name: string; definition: string }>`
      SELECT viewname AS name, definition FROM pg_views WHERE schemaname = 'analytics' ORDER BY 1`.execute(bed.db);
    expect(views.map((view) => view.name)).toEqual(FORMER.flatMap((former) => former.views).sort());
    for (const view of views) expect(view.definition, view.name).toMatch(/rm_analytics_rides|analytics\.ride_assignments/);
    const history = await recordAnalyticsHistory(bed.store);
    await projectUntilApplied({ ...bed, projection: rideFactsProjection, events: history.rideEvents(), batchSize: 50 });
    const lines = await ridesPerDay(bed.db, { from: '2026-03-04', to: '2026-03-04' });
    expect(lines.reduce((sum, line) => sum + line.requested, 0)).toBeGreaterThan(0);
  });
});
