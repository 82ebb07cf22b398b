import path from 'node:path';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import { createKysely, createPool } from '../platform/database/connect.js';
import { ensureDatabase, startDatabaseServer, type DatabaseServer } from '../platform/database/server.js';
import { createEventStoreDbEventStore } from '../platform/eventStore/esdb/esdbEventStore.js';
import { pingEventStoreDb } from '../platform/eventStore/esdb/ping.js';
import type { EventStore } from '../platform/eventStore/port.js';
import { migrateEventStore, PostgresEventStore } from '../platform/eventStore/postgres/postgresEventStore.js';
import { projections } from '../projections/registry.js';
import { createPostgresLagProbe, migrateProjections, ProjectionRunner } from '../projections/runner/index.js';
import { startWriteSideProcesses, type WriteSideProcesses } from '../commands/reactors/index.js';
import { createCommandServices, type CommandServices } from '../commands/shared/services.js';
import { accountsFromConfig } from './accounts/fromConfig.js';
import { startAccountsHousekeeping } from './accounts/housekeeping.js';
import { migrateAccounts, type Accounts } from './accounts/index.js';
import { fromNewestCheckpoint, LiveHub } from './live/index.js';
import { migrateProductTables } from './support/migrations.js';
import type { Config } from './config.js';
import type { HealthReport } from './routes/health.js';

/** Everything the app stands on, chosen from the environment: the composition root. */
export interface Infrastructure {
  pool: pg.Pool;
  db: Kysely<any>;
  eventStore: EventStore;
  eventStoreAdapter: 'postgres' | 'eventstoredb';
  databaseKind: DatabaseServer['kind'];
  projections: ProjectionRunner;
  /** What command handlers work with: the store, the database, the clock, settings. */
  commands: CommandServices;
  /** Reactors (bid settlement, driver duty, dispatch, timer scheduling) and the timer scheduler. */
  writeSide: WriteSideProcesses;
  /** Users, sessions and MFA (ordinary tables, not event-sourced). */
  accounts: Accounts;
  /** Live updates for this instance's sockets (`/ws`), following `$all` from its end. */
  live: LiveHub;
  health(): Promise<HealthReport>;
  close(): Promise<void>;
}

export async function startInfrastructure(config: Config, logger: Logger): Promise<Infrastructure> {
  const server = await startDatabaseServer(config.DATABASE_URL ? { DATABASE_URL: config.DATABASE_URL } : {}, {
    dataDir: path.join(config.DATA_DIR, 'pg'),
    port: config.EMBEDDED_PG_PORT || undefined,
    persistent: true,
    onLog: (message) => logger.debug({ postgres: message.trim() }, 'embedded postgres'),
  });
  const url = await ensureDatabase(server.adminUrl, config.DATABASE_NAME);
  const pool = createPool(url, 20);
  const db = createKysely<any>(pool);

  let eventStore: EventStore;
  let eventStoreAdapter: Infrastructure['eventStoreAdapter'];
  if (config.EVENTSTORE_URL) {
    await pingEventStoreDb(config.EVENTSTORE_URL, 5_000);
    eventStore = createEventStoreDbEventStore(config.EVENTSTORE_URL);
    eventStoreAdapter = 'eventstoredb';
  } else {
    await migrateEventStore(pool);
    eventStore = new PostgresEventStore({ pool });
    eventStoreAdapter = 'postgres';
  }
  await migrateProjections(db, projections);
  await migrateAccounts(db);
  await migrateProductTables(db);
  const accounts = accountsFromConfig(config, db, logger);
  const housekeeping = startAccountsHousekeeping(accounts.context.db, accounts.context.policy, () => accounts.context.clock.now(), (error) =>
    logger.warn({ err: error }, 'accounts housekeeping failed'),
  );
  const runner = new ProjectionRunner({
    pool,
    store: eventStore,
    projections,
    // Lag is counted in the events table: only the Postgres adapter has one.
    lagProbe: eventStoreAdapter === 'postgres' ? createPostgresLagProbe(pool) : undefined,
    logger: logger.child({ component: 'projections' }),
  });
  runner.start();
  const commands = createCommandServices({ store: eventStore, db });
  const writeSide = await startWriteSideProcesses(commands, pool, logger.child({ component: 'reactors' }), {
    lagProbe: eventStoreAdapter === 'postgres' ? createPostgresLagProbe(pool) : undefined,
  });
  const live = new LiveHub({
    store: eventStore,
    pool,
    logger: logger.child({ component: 'live' }),
    startFrom: fromNewestCheckpoint([runner, writeSide.reactors]),
  });
  await live.start();
  logger.info(
    { database: server.kind, eventStore: eventStoreAdapter, projections: projections.map((p) => p.name) },
    'infrastructure ready',
  );

  return {
    pool,
    db,
    eventStore,
    eventStoreAdapter,
    databaseKind: server.kind,
    projections: runner,
    commands,
    writeSide,
    accounts,
    live,
    health: () => checkHealth(pool, eventStore, eventStoreAdapter, server.kind, [runner, writeSide.reactors]),
    async close() {
      await live.close();
      housekeeping.stop();
      await writeSide.stop();
      await runner.stop();
      await eventStore.close();
      await pool.end();
      await server.stop();
    },
  };
}

async function checkHealth(
  pool: pg.Pool,
  eventStore: EventStore,
  adapter: Infrastructure['eventStoreAdapter'],
  kind: DatabaseServer['kind'],
  runners: ProjectionRunner[],
): Promise<HealthReport> {
  const started = performance.now();
  const database = await pool
    .query('SELECT 1')
    .then(() => ({ ok: true, kind, latencyMs: Math.round((performance.now() - started) * 10) / 10 }))
    .catch((error: Error) => ({ ok: false, kind, error: error.message }));
  const store = await eventStore
    .readAll({ maxCount: 1 })
    .then(() => ({ ok: true, adapter }))
    .catch((error: Error) => ({ ok: false, adapter, error: error.message }));
  const lag = database.ok ? (await Promise.all(runners.map((runner) => runner.lag().catch(() => [])))).flat() : [];
  const projectionsHealthy = lag.every((p) => p.status !== 'failed');
  return {
    status: !database.ok || !store.ok ? 'down' : projectionsHealthy ? 'ok' : 'degraded',
    database,
    eventStore: store,
    projections: lag.map((p) => ({ name: p.name, status: p.status, eventsBehind: p.eventsBehind ?? -1, msBehind: p.msBehind ?? -1 })),
  };
}
