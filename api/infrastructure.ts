import type pg from 'pg';
import type { Logger } from 'pino';
import { createKysely } from '../platform/database/connect.js';
import type { DatabaseServer } from '../platform/database/server.js';
import type { EventStore } from '../platform/eventStore/port.js';
import { checkpointLag, ReadPositions, type CheckpointDatabase, type ProjectionLag } from '../projections/runner/index.js';
import type { WriteSideProcesses } from '../commands/reactors/index.js';
import { createCommandServices, type CommandServices } from '../commands/shared/services.js';
import type { MemoryTextMessages } from '../commands/shared/safetyPorts.js';
import { PaymentCollector } from '../commands/payment/collector.js';
import type { OpenedStorage } from '../platform/documents/index.js';
import { accountsFromConfig, startAccountsHousekeeping, type Accounts, type AccountsDatabase } from '../accounts/index.js';
import { fromNewestCheckpoint, LiveHub } from '../live/index.js';
import { purgeIdempotencyKeys, type ProductDatabase } from '../product/index.js';
import type { Config } from './config.js';
import { commandsDatabase, openFoundation, type Foundation } from './foundation.js';
import type { PaymentsSetup } from './payments.js';
import { readSideProjections, startReadSideProcesses } from './readSide/processes.js';
import { ReadSideSupervisor } from './readSide/supervisor.js';
import { routingConfigFromEnv } from '../platform/routing/index.js';
import { startRouting, type ServedRouting } from './routing.js';
import type { RouteEncodingsTables } from '../projections/routeEncodings/index.js';
import type { HealthReport } from './routes/health.js';

/** Where the read side runs for this API: in its own process, or in a worker it supervises. */
export type ReadSide =
  | { mode: 'inline'; processes: WriteSideProcesses }
  | { mode: 'worker'; supervisor: ReadSideSupervisor };

/** Everything the app stands on, chosen from the environment: the composition root. */
export interface Infrastructure {
  pool: pg.Pool;
  eventStore: EventStore;
  eventStoreAdapter: 'postgres' | 'eventstoredb';
  databaseKind: DatabaseServer['kind'];
  /** What command handlers work with: the store, the database, the clock, settings. */
  commands: CommandServices;
  /** The projections, reactors, timers and payment collector's loop: READ_SIDE (api/readSide/processes.ts). */
  readSide: ReadSide;
  /** Each projection's and reactor's checkpoint, lag and status, wherever they run (for /health). */
  projectionLag(): Promise<ProjectionLag[]>;
  /** Where each read model stands (checkpoints and their NOTIFYs), for reads that wait for a position. */
  readPositions: ReadPositions;
  /** Users, sessions and MFA (ordinary tables, not event-sourced). */
  accounts: Accounts;
  /** Live updates for this instance's sockets (`/ws`), following `$all` from its end. */
  live: LiveHub;
  /** The configured payment providers (the sandbox by default). */
  payments: PaymentsSetup;
  /**
   * Provider callbacks and reconciliation, answered here; the collector's loop (sending, polling)
   * runs with the read side. Null without providers.
   */
  collector: PaymentCollector | null;
  /** Documents and recordings, encrypted at rest. */
  storage: OpenedStorage;
  /** The safety net's SMS "sent" in development (no SMS gateway): GET /api/dev/texts; null when a gateway is configured or in production. */
  textOutbox: MemoryTextMessages | null;
  /** Routes along the roads (docs/maps.md): the configured engine, then the offline router with the verified encodings. */
  routing: ServedRouting;
  /** Where `npm run map:import` wrote the imported roads and their tiles (MAP_DATA_DIR). */
  mapDataDir: string;
  health(): Promise<HealthReport>;
  close(): Promise<void>;
}

export async function startInfrastructure(config: Config, logger: Logger): Promise<Infrastructure> {
  const foundation = await openFoundation(config, logger);
  const { pool, eventStore, eventStoreAdapter, server, payments } = foundation;
  // Started first: the worker comes up (it migrates nothing new) while the API gets ready.
  const supervisor = config.READ_SIDE === 'worker' ? startWorker(config, foundation, logger) : undefined;
  // One pool; each module works through a handle typed with its own tables.
  const accountsDb = createKysely<AccountsDatabase>(pool);
  const accounts = accountsFromConfig(config, accountsDb, logger);
  const housekeeping = startAccountsHousekeeping(accounts.context.db, accounts.context.policy, () => accounts.context.clock.now(), (error) =>
    logger.warn({ err: error }, 'accounts housekeeping failed'),
  );
  // Idempotency keys are remembered 24 hours; older ones are cleared once an hour.
  const productDb = createKysely<ProductDatabase>(pool);
  const idempotencyPurge = setInterval(() => {
    purgeIdempotencyKeys(productDb, new Date()).catch((error: unknown) => logger.warn({ err: error }, 'idempotency key purge failed'));
  }, 60 * 60 * 1000);
  idempotencyPurge.unref();
  // ROUTING_* and MAP_DATA_DIR (platform/routing/config.ts); a bad value stops the start naming it.
  const routingConfig = routingConfigFromEnv(process.env, config.DATA_DIR);
  const routing = await startRouting(routingConfig, createKysely<RouteEncodingsTables>(pool), { logger: logger.child({ component: 'routing' }) });
  const commands = createCommandServices({ store: eventStore, db: commandsDatabase(foundation), safety: foundation.safety, router: routing.router });
  for (const [gateway, url] of Object.entries(payments.providers.callbackUrlsToRegister)) {
    logger.info({ gateway, url }, 'set this callback URL on the payment provider’s application');
  }

  const { readSide, collector, projectionLag } = await startReadSide(foundation, commands, logger, supervisor);
  const readPositions = new ReadPositions(pool);
  await readPositions.start();
  const live = new LiveHub({
    store: eventStore,
    pool,
    logger: logger.child({ component: 'live' }),
    startFrom: fromNewestCheckpoint([{ lag: projectionLag }]),
  });
  await live.start();
  logger.info(
    {
      database: server.kind,
      eventStore: eventStoreAdapter,
      readSide: readSide.mode,
      paymentGateways: [...payments.providers.byGateway.keys()],
    },
    'infrastructure ready',
  );

  return {
    pool,
    eventStore,
    eventStoreAdapter,
    databaseKind: server.kind,
    commands,
    readSide,
    projectionLag,
    readPositions,
    accounts,
    live,
    payments,
    collector,
    storage: foundation.storage,
    textOutbox: foundation.textOutbox,
    routing,
    mapDataDir: routingConfig.mapDataDir,
    health: async () => {
      const report = await checkHealth(foundation, projectionLag);
      const recentlyLost = Date.now() - foundation.lastConnectionLoss() < 30_000;
      if (recentlyLost && report.status === 'ok') return { ...report, status: 'degraded', database: { ...report.database, reconnecting: true } };
      // The worker is down (being started again): the API serves, the read models stand still.
      if (readSide.mode === 'worker' && !readSide.supervisor.running && report.status === 'ok') return { ...report, status: 'degraded' };
      return report;
    },
    async close() {
      routing.stop();
      await live.close();
      await readPositions.stop();
      housekeeping.stop();
      clearInterval(idempotencyPurge);
      if (readSide.mode === 'inline') await readSide.processes.stop();
      else await readSide.supervisor.stop();
      await foundation.close();
    },
  };
}

/** READ_SIDE=worker: the worker, on this API's database (the embedded server too), keying share links alike. */
function startWorker(config: Config, foundation: Foundation, logger: Logger): ReadSideSupervisor {
  const supervisor = new ReadSideSupervisor({
    logger: logger.child({ component: 'read-side supervisor' }),
    env: {
      ...process.env,
      DATABASE_URL: foundation.server.adminUrl,
      DATABASE_NAME: config.DATABASE_NAME,
      TRIP_SHARE_SECRET: foundation.tripShareSecret,
    },
    onText: (message) => void foundation.textOutbox?.send(message),
  });
  supervisor.start();
  return supervisor;
}

/**
 * Without a supervisor (READ_SIDE=inline) the read side runs here; with one, the API waits (a
 * while) for its worker to be ready, and answers for the read side from the stored checkpoints
 * and the statuses the worker reports.
 */
async function startReadSide(foundation: Foundation, commands: CommandServices, logger: Logger, supervisor: ReadSideSupervisor | undefined) {
  if (!supervisor) {
    const processes = await startReadSideProcesses(foundation, commands, logger);
    return { readSide: { mode: 'inline', processes } satisfies ReadSide, collector: processes.payments, projectionLag: () => processes.reactors.lag() };
  }
  if (!(await supervisor.whenReady(120_000))) logger.warn('the read-side worker is not ready yet: serving meanwhile (the read models catch up when it is)');
  const db = createKysely<CheckpointDatabase>(foundation.pool);
  const watched = readSideProjections(foundation, commands);
  const collector = new PaymentCollector({ services: commands, providers: foundation.payments.providers.byGateway, logger: logger.child({ component: 'payments' }) });
  return {
    readSide: { mode: 'worker', supervisor } satisfies ReadSide,
    collector,
    projectionLag: () => checkpointLag(db, watched, foundation.lagProbe, (name) => supervisor.statusOf(name)),
  };
}

async function checkHealth(foundation: Foundation, projectionLag: () => Promise<ProjectionLag[]>): Promise<HealthReport> {
  const { pool, eventStore, eventStoreAdapter: adapter, server } = foundation;
  const kind = server.kind;
  const started = performance.now();
  const database = await pool
    .query('SELECT 1')
    .then(() => ({ ok: true, kind, latencyMs: Math.round((performance.now() - started) * 10) / 10 }))
    .catch((error: Error) => ({ ok: false, kind, error: error.message }));
  const store = await eventStore
    .readAll({ maxCount: 1 })
    .then(() => ({ ok: true, adapter }))
    .catch((error: Error) => ({ ok: false, adapter, error: error.message }));
  const lag = database.ok ? await projectionLag().catch(() => []) : [];
  const projectionsHealthy = lag.every((p) => p.status !== 'failed');
  return {
    status: !database.ok || !store.ok ? 'down' : projectionsHealthy ? 'ok' : 'degraded',
    database,
    eventStore: store,
    projections: lag.map((p) => ({
      name: p.name,
      status: p.status,
      eventsBehind: p.eventsBehind ?? -1,
      msBehind: p.msBehind ?? -1,
      ...(p.error !== undefined && { error: p.error }),
    })),
  };
}
