import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type pg from 'pg';
import type { Logger } from 'pino';
import { createKysely, createPool } from '../platform/database/connect.js';
import { ensureDatabase, startDatabaseServer, type DatabaseServer } from '../platform/database/server.js';
import { waitForDatabase } from '../platform/database/waitForDatabase.js';
import { createEventStoreDbEventStore } from '../platform/eventStore/esdb/esdbEventStore.js';
import { pingEventStoreDb } from '../platform/eventStore/esdb/ping.js';
import type { EventStore } from '../platform/eventStore/port.js';
import { migrateEventStore, PostgresEventStore } from '../platform/eventStore/postgres/postgresEventStore.js';
import { projections } from '../projections/registry.js';
import { createPostgresLagProbe, migrateProjections, type CheckpointDatabase, type LagProbe } from '../projections/runner/index.js';
import type { CommandsDatabase } from '../commands/shared/database.js';
import { MemoryTextMessages, type RecordingStore, type SafetyPorts, type TextMessage, type TextMessages } from '../commands/shared/safetyPorts.js';
import { createShareTokens } from '../commands/tripShare/index.js';
import { loadStorageConfig, openStorage, type ObjectStore, type OpenedStorage } from '../platform/documents/index.js';
import { createSmsGatewaySender, migrateAccounts, usersByIds, type AccountsDatabase } from '../accounts/index.js';
import { migrateProductTables, type ProductDatabase } from '../product/index.js';
import type { Config } from './config.js';
import { paymentsFromEnv, type PaymentsSetup } from './payments.js';

/**
 * What the API and the read-side worker both stand on: the database (the API starts the embedded
 * one; a worker is given its address), the event store, the read models', accounts' and products'
 * tables migrated, the document storage, the safety net's ports and the payment providers.
 */
export interface Foundation {
  server: DatabaseServer;
  /** The app's database on that server (a worker started by the API is given it as DATABASE_URL). */
  databaseUrl: string;
  pool: pg.Pool;
  eventStore: EventStore;
  eventStoreAdapter: 'postgres' | 'eventstoredb';
  /** Lag is counted in the events table: only the Postgres adapter has one. */
  lagProbe: LagProbe | undefined;
  storage: OpenedStorage;
  safety: SafetyPorts;
  /** The secret share links are keyed by (TRIP_SHARE_SECRET, or the random one of this start): a worker started by the API is given it. */
  tripShareSecret: string;
  /** The safety net's SMS "sent" in development (no SMS gateway): GET /api/dev/texts; null when a gateway is configured or in production. */
  textOutbox: MemoryTextMessages | null;
  payments: PaymentsSetup;
  /** When the pool last lost a connection (ms since the epoch; 0: never). */
  lastConnectionLoss(): number;
  close(): Promise<void>;
}

export interface FoundationOptions {
  /**
   * Where the development outbox's SMS go instead of this process's memory: a worker hands them
   * to the API that started it, which serves GET /api/dev/texts.
   */
  forwardTexts?: (message: TextMessage) => void;
}

export async function openFoundation(config: Config, logger: Logger, options: FoundationOptions = {}): Promise<Foundation> {
  // Read before anything starts: a malformed storage variable stops the start naming it.
  const storageConfig = loadStorageConfig({ ...process.env, DATA_DIR: config.DATA_DIR, NODE_ENV: config.NODE_ENV });
  const server = await startDatabaseServer(config.DATABASE_URL ? { DATABASE_URL: config.DATABASE_URL } : {}, {
    dataDir: path.join(config.DATA_DIR, 'pg'),
    port: config.EMBEDDED_PG_PORT || undefined,
    persistent: true,
    onLog: (message) => logger.debug({ postgres: message.trim() }, 'embedded postgres'),
    onNotice: (message) => logger.warn(message),
  });
  if (server.kind === 'embedded') logger.info({ port: server.port }, `embedded PostgreSQL listening on 127.0.0.1:${server.port}`);
  // A server given by DATABASE_URL may still be starting (or be full for a moment): wait, saying so.
  await waitForDatabase(server.adminUrl, { timeoutMs: config.DATABASE_WAIT_SECONDS * 1000, onWait: (message) => logger.warn(message) });
  const databaseUrl = await ensureDatabase(server.adminUrl, config.DATABASE_NAME);
  // A connection lost (failover, restart, pg_terminate_backend) is logged, and /health says
  // "degraded" for the next 30 s while the pool reconnects.
  let lastConnectionLoss = 0;
  const pool = createPool(databaseUrl, 20, {
    onConnectionLost: (error) => {
      lastConnectionLoss = Date.now();
      logger.warn({ err: error }, 'a database connection was lost; the pool reconnects');
    },
  });

  let eventStore: EventStore;
  let eventStoreAdapter: Foundation['eventStoreAdapter'];
  if (config.EVENTSTORE_URL) {
    await pingEventStoreDb(config.EVENTSTORE_URL, 5_000);
    eventStore = createEventStoreDbEventStore(config.EVENTSTORE_URL);
    eventStoreAdapter = 'eventstoredb';
  } else {
    await migrateEventStore(pool);
    eventStore = new PostgresEventStore({ pool });
    eventStoreAdapter = 'postgres';
  }
  await migrateProjections(createKysely<CheckpointDatabase>(pool), projections);
  const accountsDb = createKysely<AccountsDatabase>(pool);
  await migrateAccounts(accountsDb);
  const productDb = createKysely<ProductDatabase>(pool);
  await migrateProductTables(productDb);
  const storage = openStorage(storageConfig, {
    info: (message) => logger.info(message),
    warn: (message) => logger.warn(message),
  });
  const tripShareSecret = config.TRIP_SHARE_SECRET ?? randomBytes(32).toString('base64url');
  if (!config.TRIP_SHARE_SECRET) logger.warn('TRIP_SHARE_SECRET is not set: share links are keyed by a random secret and close when the server restarts');
  const { safety, textOutbox } = safetyPortsFromConfig({ ...config, TRIP_SHARE_SECRET: tripShareSecret }, storage, logger, options.forwardTexts);
  // Trusted contacts are texted in the rider's chosen language.
  safety.languageOf = async (userId) => (await usersByIds(accountsDb, [userId]))[0]?.preferred_language ?? null;
  const payments = await paymentsFromEnv(process.env, pool, { accounts: accountsDb, product: productDb });
  return {
    server,
    databaseUrl,
    pool,
    eventStore,
    eventStoreAdapter,
    lagProbe: eventStoreAdapter === 'postgres' ? createPostgresLagProbe(pool) : undefined,
    storage,
    safety,
    tripShareSecret,
    textOutbox,
    payments,
    lastConnectionLoss: () => lastConnectionLoss,
    async close() {
      await eventStore.close();
      await pool.end();
      storage.close();
      await server.stop();
    },
  };
}

/** The commands' handle on the foundation's pool. */
export function commandsDatabase(foundation: Pick<Foundation, 'pool'>) {
  return createKysely<CommandsDatabase>(foundation.pool);
}

/**
 * Where the retention timer deletes a ride's recording: the object the upload route stored under
 * `recordings/<documentId>` (api/routes/safety/recordingMedia.ts), in the app's encrypted store.
 */
export function recordingStoreIn(store: ObjectStore): RecordingStore {
  return { deleteRecording: (documentId) => store.delete(`recordings/${documentId}`) };
}

/**
 * The safety net's ports: share-link tokens keyed by TRIP_SHARE_SECRET, SMS through the accounts' gateway when configured (else the log and the development
 * outbox, like one-time codes; production without a gateway logs a warning per message it could
 * not send), and recordings' storage.
 */
export function safetyPortsFromConfig(
  config: Config & { TRIP_SHARE_SECRET: string },
  storage: OpenedStorage,
  logger: Logger,
  forwardTexts?: (message: TextMessage) => void,
): { safety: SafetyPorts; textOutbox: MemoryTextMessages | null } {
  const developmentOutbox = !config.SMS_GATEWAY_URL && config.NODE_ENV !== 'production';
  const textOutbox = developmentOutbox && !forwardTexts ? new MemoryTextMessages() : null;
  const log = logger.child({ component: 'sms' });
  let textMessages: TextMessages;
  if (config.SMS_GATEWAY_URL) {
    textMessages = createSmsGatewaySender({ url: config.SMS_GATEWAY_URL, token: config.SMS_GATEWAY_TOKEN ?? '' });
  } else if (developmentOutbox) {
    textMessages = {
      async send(message: TextMessage) {
        if (forwardTexts) forwardTexts(message);
        else await textOutbox!.send(message);
        log.info({ to: message.to }, `SMS (development outbox): ${message.text}`);
      },
    };
  } else {
    textMessages = {
      async send(message: TextMessage) {
        log.warn({ to: message.to }, 'SMS not sent: no SMS_GATEWAY_URL is configured');
      },
    };
  }
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  return {
    safety: {
      shareTokens: createShareTokens(config.TRIP_SHARE_SECRET),
      publicUrl,
      textMessages,
      recordings: recordingStoreIn(storage.store),
    },
    textOutbox,
  };
}
