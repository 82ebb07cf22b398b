/**
 * `npm run projections:rebuild [name]` — empties a projection's tables (every projection's when
 * no name is given) and replays `$all` into them, once for all of them, printing the progress
 * (events done, events/s, time left) every second. Finds the database as the app does: the
 * DATABASE_NAME database (default `tiyende`) on DATABASE_URL's server, or on the embedded
 * PostgreSQL in DATA_DIR/pg (default .data/pg), which must not be running already. Replays
 * from EventStoreDB when EVENTSTORE_URL is set, as the app does.
 */
import path from 'node:path';
import { createKysely, createPool } from '../../platform/database/connect.js';
import { ensureDatabase, startDatabaseServer } from '../../platform/database/server.js';
import { createEventStoreDbEventStore } from '../../platform/eventStore/esdb/esdbEventStore.js';
import type { EventStore } from '../../platform/eventStore/port.js';
import { migrateEventStore, PostgresEventStore } from '../../platform/eventStore/postgres/postgresEventStore.js';
import { READ_MODELS_APPLICATION_NAME } from '../../platform/eventStore/postgres/migrations.js';
import { findProjection, projections } from '../registry.js';
import { migrateProjections } from '../runner/migrate.js';
import { createPostgresLagProbe } from '../runner/postgresLagProbe.js';
import { describeProgress, rebuildProjections } from '../runner/rebuild.js';

async function main(args: string[]): Promise<void> {
  if (args.includes('--help') || args.length > 1) {
    console.log(`Usage: npm run projections:rebuild [name]\nProjections: ${projections.map((p) => p.name).join(', ')}`);
    process.exitCode = args.includes('--help') ? 0 : 1;
    return;
  }
  const targets = args[0] ? [findProjection(args[0])] : projections;
  const server = await startDatabaseServer(process.env, { dataDir: path.join(process.env.DATA_DIR ?? '.data', 'pg') });
  const url = await ensureDatabase(server.adminUrl, process.env.DATABASE_NAME ?? 'tiyende');
  // It writes read models and appends nothing: named so, its transactions hold no subscriber back.
  const pool = createPool(url, 10, { applicationName: READ_MODELS_APPLICATION_NAME });
  const store: EventStore = process.env.EVENTSTORE_URL
    ? createEventStoreDbEventStore(process.env.EVENTSTORE_URL)
    : new PostgresEventStore({ pool });
  try {
    if (!process.env.EVENTSTORE_URL) await migrateEventStore(pool);
    await migrateProjections(createKysely(pool), projections);
    console.log(`rebuilding ${targets.map((projection) => projection.name).join(', ')} on one replay of $all…`);
    let lastPrinted = 0;
    const result = await rebuildProjections({
      pool,
      store,
      projections: targets,
      lagProbe: process.env.EVENTSTORE_URL ? undefined : createPostgresLagProbe(pool),
      onProgress: (progress) => {
        if (Date.now() - lastPrinted < 1000) return;
        lastPrinted = Date.now();
        console.log(describeProgress(progress));
      },
    });
    const rate = result.seconds > 0 ? Math.round(result.eventsRead / result.seconds) : result.eventsRead;
    for (const rebuilt of result.projections) console.log(`${rebuilt.name}: applied ${rebuilt.eventsReplayed.toLocaleString('en')} events`);
    console.log(
      `replayed ${result.eventsRead.toLocaleString('en')} events into ${result.projections.length} projection(s) in ` +
        `${result.seconds.toFixed(2)} s (${rate.toLocaleString('en')} events/s)`,
    );
  } finally {
    await store.close();
    await pool.end();
    await server.stop();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`projections:rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
