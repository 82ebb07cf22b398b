import type { Kysely } from 'kysely';
import type pg from 'pg';
import pino from 'pino';
import { buildApp } from '../../api/app.js';
import { fromNewestCheckpoint, LiveHub, type LiveHubOptions } from '../../api/live/index.js';
import type { App } from '../../api/types.js';
import { startWriteSideProcesses, type WriteSideProcesses } from '../../commands/reactors/index.js';
import { createCommandServices, type CommandServices } from '../../commands/shared/services.js';
import { defaultPlatformSettings, type PlatformSettings } from '../../commands/shared/settings.js';
import { createKysely, createPool } from '../../platform/database/connect.js';
import { migrateEventStore, PostgresEventStore } from '../../platform/eventStore/postgres/postgresEventStore.js';
import { projections } from '../../projections/registry.js';
import { createPostgresLagProbe, migrateProjections, ProjectionRunner } from '../../projections/runner/index.js';
import { migrateProductTables } from '../../api/support/migrations.js';
import { createTestAccounts, FakeClock, signInAs, type SignedIn } from './accounts.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/**
 * The whole API on a database of its own: event store, every projection and reactor running,
 * accounts, and a fake clock shared by all of them. For route and journey tests through
 * `app.inject` (and a real ws client once the app listens).
 */
export interface ApiTestBed {
  app: App;
  db: Kysely<any>;
  pool: pg.Pool;
  store: PostgresEventStore;
  commands: CommandServices;
  clock: FakeClock;
  settings: PlatformSettings;
  projections: ProjectionRunner;
  writeSide: WriteSideProcesses;
  /** The live hub behind `/ws` (listen with `app.listen({ port: 0 })` for a real ws client). */
  live: LiveHub;
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
  } = {},
): Promise<ApiTestBed> {
  const database: TestDatabase = await createTestDatabase('api');
  const pool = createPool(database.url, 20);
  const db = createKysely<any>(pool);
  await migrateEventStore(pool);
  await migrateProjections(db, projections);
  const store = new PostgresEventStore({ pool, pollIntervalMs: 100 });
  const clock = new FakeClock(options.startAt);
  const settings: PlatformSettings = { ...defaultPlatformSettings, ...options.settings };
  const commands = createCommandServices({ store, db, clock, ...(options.settingsFromEvents ? {} : { settings: { current: async () => settings } }) });
  const accounts = await createTestAccounts(db, { clock });
  await migrateProductTables(db);
  const lagProbe = createPostgresLagProbe(pool);
  const runner = new ProjectionRunner({ pool, store, projections, lagProbe, batchSize: 200 });
  runner.start();
  const writeSide = await startWriteSideProcesses(commands, pool, undefined, { lagProbe, timerPollIntervalMs: 50 });
  const live = new LiveHub({ store, pool, startFrom: fromNewestCheckpoint([runner, writeSide.reactors]), options: options.live });
  await live.start();
  const app = await buildApp({ logger: pino({ level: 'silent' }), health: async () => { throw new Error('no health in the API test bed'); }, accounts, commands, live });

  // Caught up twice in a row: a reactor may append (and so put the projections behind again)
  // just after the lag was read.
  async function settle() {
    let quietRounds = 0;
    for (let round = 0; round < 400; round++) {
      const lag = [...(await runner.lag()), ...(await writeSide.reactors.lag())];
      quietRounds = lag.every((p) => p.eventsBehind === 0) ? quietRounds + 1 : 0;
      if (quietRounds >= 2) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('projections did not catch up within 10 s');
  }

  return {
    app, db, pool, store, commands, clock, settings, projections: runner, writeSide, live,
    signIn: (userType, overrides) => signInAs(app, accounts, userType, overrides),
    settle,
    async close() {
      await app.close();
      await live.close();
      await writeSide.stop();
      await runner.stop();
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
}
