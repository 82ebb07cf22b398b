import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sharedDatabase, type SharedDatabase, type SharedTables } from '../../api/services/database.js';
import { defaultSafetyPorts, type MemoryTextMessages } from '../../commands/shared/safetyPorts.js';
import type pg from 'pg';
import pino from 'pino';
import { buildApp } from '../../api/app.js';
import { recordingStoreIn } from '../../api/foundation.js';
import { fromNewestCheckpoint, LiveHub, type LiveHubOptions } from '../../live/index.js';
import type { App } from '../../api/types.js';
import { startWriteSideProcesses, type WriteSideProcesses } from '../../commands/reactors/index.js';
import { createCommandServices, type CommandServices } from '../../commands/shared/services.js';
import { defaultPlatformSettings, type PlatformSettings } from '../../commands/shared/settings.js';
import { createKysely, createPool } from '../../platform/database/connect.js';
import { createOfflineRouter, type RoadNetwork } from '../../platform/routing/index.js';
import { feedVerifiedRoutes, type ServedRouting } from '../../api/routing.js';
import { migrateEventStore, PostgresEventStore } from '../../platform/eventStore/postgres/postgresEventStore.js';
import { openStorage, type ObjectStore } from '../../platform/documents/index.js';
import { projections } from '../../projections/registry.js';
import { createPostgresLagProbe, migrateProjections, notifyReadPositions, ProjectionRunner, ReadPositions } from '../../projections/runner/index.js';
import { migrateProductTables } from '../../product/index.js';
import { createTestAccounts, FakeClock, signInAs, type SignedIn } from './accounts.js';
import { paymentsFromEnv, type PaymentsSetup } from '../../api/payments.js';
import type { PaymentCollectorOptions } from '../../commands/payment/collector.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/**
 * The whole API on a database of its own: event store, every projection and reactor running,
 * accounts, and a fake clock shared by all of them. For route and journey tests through
 * `app.inject` (and a real ws client once the app listens).
 */
export interface ApiTestBed {
  app: App;
  /** Every module's tables, for a test to arrange and inspect across them: the app's own handle type. */
  db: SharedDatabase;
  pool: pg.Pool;
  store: PostgresEventStore;
  commands: CommandServices;
  clock: FakeClock;
  settings: PlatformSettings;
  projections: ProjectionRunner;
  writeSide: WriteSideProcesses;
  /** The live hub behind `/ws` (listen with `app.listen({ port: 0 })` for a real ws client). */
  live: LiveHub;
  /** Present when the bed was started with a road network: the offline router the quotes use. */
  routing: ServedRouting | undefined;
  /** The encrypted document store behind the upload routes (a temporary folder). */
  documents: ObjectStore;
  /** The payment providers (the sandbox, whose callbacks reach this app through `app.inject`); the collector is `writeSide.payments`. */
  payments: PaymentsSetup;
  /** Uploads (ride recordings), encrypted, in a temporary folder of the bed's own. */
  storage: ObjectStore;
  /** The safety net's SMS, kept in memory (the services' default text messages port). */
  texts: MemoryTextMessages;
  signIn(userType: 'passenger' | 'driver' | 'admin' | 'staff', overrides?: { email?: string; fullName?: string }): Promise<SignedIn>;
  /** Waits until every projection and reactor has applied everything appended so far. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export async function startApiTestBed(
  options: {
    settings?: Partial<PlatformSettings>;
    /** Read the settings from the platform settings stream, as `npm start` does (admins change them), instead of fixing `settings`. */
    settingsFromEvents?: boolean;
    startAt?: Date;
    live?: Partial<LiveHubOptions>;
    /** Price and route along these roads (with the verified encodings fed in), as `npm start` does; without it, the great-circle estimate. */
    roads?: RoadNetwork;
    /** MAP_DATA_DIR for /api/map and its tiles. */
    mapDataDir?: string;
    /** The payment collector's pace (by default it asks a provider 30 s of the fake clock after sending). */
    collector?: Partial<Omit<PaymentCollectorOptions, 'services' | 'providers'>>;
    /** More payment settings (PAYMENTS_*, MTN_MOMO_*, AIRTEL_MONEY_*). */
    paymentsEnv?: Record<string, string>;
    /** How long a read naming a position waits at most for the read models (the app's default: 2 s). */
    readWaitMs?: number;
  } = {},
): Promise<ApiTestBed> {
  const database: TestDatabase = await createTestDatabase('api');
  const pool = createPool(database.url, 20);
  // The handle as Kysely sees it (migrations infer their types from it), and as the app's modules do.
  const handle = createKysely<SharedTables>(pool);
  const db = sharedDatabase(handle);
  await migrateEventStore(pool);
  await migrateProjections(handle, projections);
  const store = new PostgresEventStore({ pool, pollIntervalMs: 100 });
  const clock = new FakeClock(options.startAt);
  const settings: PlatformSettings = { ...defaultPlatformSettings, ...options.settings };
  let routing: ServedRouting | undefined;
  if (options.roads) {
    const offline = createOfflineRouter(options.roads);
    // Tests reload the verified routes when they mean to (`bed.routing.refresh()`), not on a timer.
    routing = await feedVerifiedRoutes({ router: offline, offline }, db, { pollMs: 3_600_000 });
  }
  // Documents on disk in a throw-away folder, encrypted with a development key kept there.
  const storageDir = mkdtempSync(path.join(tmpdir(), 'tiyende-bed-storage-'));
  const storage = openStorage({ kind: 'disk', dataDir: storageDir, root: path.join(storageDir, 'uploads'), encryption: { previousKeys: [] } }, { info: () => {}, warn: () => {} });
  const commands = createCommandServices({
    store,
    db,
    clock,
    // As the app wires them (api/foundation.ts): the retention timer deletes recordings from this storage.
    safety: { ...defaultSafetyPorts(), recordings: recordingStoreIn(storage.store) },
    ...(options.settingsFromEvents ? {} : { settings: { current: async () => settings } }),
    ...(routing ? { router: routing.router } : {}),
  });
  const accounts = await createTestAccounts(db, { clock });
  await migrateProductTables(handle);
  const lagProbe = createPostgresLagProbe(pool);
  // The sandbox calls back over HTTP; here its callbacks go straight into the app under test.
  const callbackBase = 'http://tiyende.test/api/payments/callbacks';
  let appForCallbacks: App | undefined;
  const callbacksIntoApp = (async (url: string | URL | Request, init?: RequestInit) => {
    const target = String(url);
    if (!target.startsWith('http://tiyende.test/') || !appForCallbacks) throw new TypeError(`fetch failed: ${target} is not reachable from the test bed`);
    const response = await appForCallbacks.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: target.slice('http://tiyende.test'.length),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(init?.body ? { payload: String(init.body) } : {}),
    });
    return new Response(response.body, { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') } });
  }) as typeof fetch;
  const payments = await paymentsFromEnv(
    { NODE_ENV: 'test', PAYMENTS_CALLBACK_BASE_URL: callbackBase, ...options.paymentsEnv },
    pool,
    { accounts: db, product: db },
    callbacksIntoApp,
  );
  // As the app runs them: the read models and the reactors on one reader.
  const writeSide = await startWriteSideProcesses(commands, pool, undefined, {
    lagProbe,
    timerPollIntervalMs: 50,
    alongside: projections,
    payments: payments.requests,
    collector: { providers: payments.providers.byGateway, pollIntervalMs: 50, ...options.collector },
    onCommit: notifyReadPositions,
  });
  const readPositions = new ReadPositions(pool, { pollMs: 50 });
  await readPositions.start();
  const runner = writeSide.reactors;
  const live = new LiveHub({ store, pool, startFrom: fromNewestCheckpoint([runner]), options: options.live });
  await live.start();
  const texts = commands.safety.textMessages as MemoryTextMessages;
  const app = await buildApp({
    logger: pino({ level: 'silent' }),
    health: async () => {
      throw new Error('no health in the API test bed');
    },
    accounts,
    commands,
    live,
    // No import: /api/map says so and its tiles answer 404, as on a server before `npm run map:import`.
    mapDataDir: options.mapDataDir ?? '/nonexistent/tiyende-map-data',
    documents: storage.store,
    payments: { providers: payments.providers, collector: writeSide.payments },
    storage: storage.store,
    textOutbox: texts,
    readPositions,
    readWaitMs: options.readWaitMs,
  });
  appForCallbacks = app;

  // Caught up twice in a row: a reactor may append (and so put the projections behind again)
  // just after the lag was read.
  async function settle() {
    let quietRounds = 0;
    let lag = await runner.lag();
    for (let round = 0; round < 400; round++) {
      lag = await runner.lag();
      quietRounds = lag.every((p) => p.eventsBehind === 0) ? quietRounds + 1 : 0;
      if (quietRounds >= 2) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const behind = lag.filter((p) => p.eventsBehind !== 0).map((p) => `${p.name} (${p.status}, ${p.eventsBehind} behind${p.error ? `: ${p.error}` : ''})`);
    throw new Error(`projections did not catch up within 10 s: ${behind.join('; ')}`);
  }

  return {
    app, db, pool, store, commands, clock, settings, projections: runner, writeSide, live, routing, documents: storage.store, payments, storage: storage.store, texts,
    signIn: (userType, overrides) => signInAs(app, accounts, userType, overrides),
    settle,
    async close() {
      routing?.stop();
      // Each step named: a close that hangs fails saying which part never let go.
      await closing('the app', () => app.close());
      await closing('the live hub', () => live.close());
      await closing('the read positions', () => readPositions.stop());
      await closing('the write side processes', () => writeSide.stop());
      await closing('the event store', () => store.close());
      await closing(`the pool (${pool.totalCount - pool.idleCount} client(s) still checked out)`, () => pool.end());
      await closing('the database', () => database.drop());
      storage.close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

const CLOSE_STEP_MS = 20_000;

async function closing(what: string, step: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`closing the API test bed: ${what} did not close within ${CLOSE_STEP_MS / 1000} s`)), CLOSE_STEP_MS);
  });
  try {
    await Promise.race([step(), hung]);
  } finally {
    clearTimeout(timer);
  }
}
