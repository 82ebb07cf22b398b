import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import { sharedDatabase, type SharedDatabase, type SharedTables } from '../../api/services/database.js';
import { expect } from 'vitest';
import type pg from 'pg';
import { createKysely, createPool } from '../../platform/database/connect.js';
import { migrateEventStore, PostgresEventStore } from '../../platform/eventStore/postgres/postgresEventStore.js';
import type { AllFilter, EventStore, RecordedEvent } from '../../platform/eventStore/port.js';
import { createTestDatabase } from './database.js';
import { liveParts, openedFor } from './openedFor.js';
import { Scenario, type TestDriver } from './rideScenarios.js';
import { resetProjection, type CheckpointDatabase } from '../../projections/runner/checkpoints.js';
import { migrateProjections } from '../../projections/runner/migrate.js';
import { defineProjection, type Projection } from '../../projections/runner/projection.js';

/** Spec support: a database of the test's own, with the event store migrated. */
export interface TestBed {
  pool: pg.Pool;
  /** Every read model's tables (the test migrates those it needs) and the projections' checkpoints. */
  db: SharedDatabase;
  store: PostgresEventStore;
  migrate(...projections: Projection[]): Promise<void>;
  dispose(): Promise<void>;
}

export async function openTestBed(label: string): Promise<TestBed> {
  const database = await createTestDatabase(label);
  const pool = createPool(database.url);
  await migrateEventStore(pool);
  const store = new PostgresEventStore({ pool, pollIntervalMs: 100 });
  const handle = createKysely<SharedTables>(pool);
  const db = sharedDatabase(handle);
  return {
    pool,
    db,
    store,
    migrate: (...projections) => migrateProjections(handle, projections),
    async dispose() {
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
}

/**
 * A read model's spec bed, named once at the top of its describe: each test gets a database of its
 * own with `projections` migrated, and a Scenario from `start` in which `onlineDrivers` are
 * approved and on duty.
 */
export function useScenarioBed(
  label: string,
  { projections, start, onlineDrivers = [] }: { projections: Projection[]; start: string; onlineDrivers?: TestDriver[] },
): { bed: TestBed; db: SharedDatabase; scenario: Scenario } {
  const current = openedFor(
    'test',
    async () => {
      const bed = await openTestBed(label);
      await bed.migrate(...projections);
      const scenario = new Scenario(bed.store, start);
      for (const driver of onlineDrivers) {
        await scenario.approvedDriver(driver);
        await scenario.goOnline(driver);
      }
      return { bed, db: bed.db, scenario };
    },
    ({ bed }) => bed.dispose(),
  );
  return liveParts(current, ['bed', 'db', 'scenario']);
}

export async function appendEvents(store: EventStore, streamName: string, types: readonly string[]): Promise<void> {
  await store.appendToStream(
    streamName,
    types.map((type, index) => ({ id: randomUUID(), type, data: { index } })),
  );
}

/**
 * Records every event it applies, counting applications: an event applied twice shows
 * `applied = 2`. With `failOn`, the batch holding that event type writes what came before it,
 * then throws, as a handler with a bug half-way through a batch would.
 */
export function seenEventsProjection(
  name: string,
  options: { filter?: AllFilter; failOn?: string; version?: number } = {},
): Projection {
  const table = `test_seen_${name.toLowerCase()}`;
  return defineProjection<SeenTables>({
    name,
    version: options.version,
    filter: options.filter,
    tables: [table],
    migrations: {
      '2026-11-23T00-00_seen': {
        async up(db: Kysely<any>) {
          await db.schema
            .createTable(table)
            .addColumn('event_id', 'uuid', (column) => column.primaryKey())
            .addColumn('stream_name', 'text', (column) => column.notNull())
            .addColumn('event_type', 'text', (column) => column.notNull())
            .addColumn('applied', 'integer', (column) => column.notNull())
            .execute();
        },
      },
    },
    async handle(trx, events) {
      const poison = events.findIndex((event) => event.type === options.failOn);
      await upsertSeen(trx, table, poison === -1 ? events : events.slice(0, poison));
      if (poison !== -1) throw new Error(`cannot digest ${events[poison]!.type}`);
    },
  });
}

/** The test projections' tables, one per name: each event seen, and how many times it was applied. */
type SeenTables = Record<`test_seen_${string}`, { event_id: string; stream_name: string; event_type: string; applied: number }>;

/** The test projection's table is named per test: plain SQL, whatever the handle's types. */
async function upsertSeen(db: QueryExecutorProvider, table: string, events: readonly RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => sql`(${event.id}, ${event.streamName}, ${event.type}, 1)`);
  await sql`
    INSERT INTO ${sql.table(table)} (event_id, stream_name, event_type, applied) VALUES ${sql.join(rows)}
    ON CONFLICT (event_id) DO UPDATE SET applied = ${sql.ref(`${table}.applied`)} + 1`.execute(db);
}

export async function seenRows(db: QueryExecutorProvider, projection: Projection) {
  const { rows } = await sql<{ event_id: string; stream_name: string; event_type: string; applied: number }>`
    SELECT event_id, stream_name, event_type, applied FROM ${sql.table(projection.tables[0]!)} ORDER BY event_id`.execute(db);
  return rows;
}

export async function checkpointOf(db: Kysely<CheckpointDatabase>, name: string) {
  return db
    .selectFrom('projection_checkpoints')
    .select(['position', 'events_processed', 'version'])
    .where('name', '=', name)
    .executeTakeFirst();
}

/** Sends the projection back to the start of `$all` (its next run replays everything), in one transaction. */
export function replayFromStart(db: Kysely<CheckpointDatabase>, projection: Projection): Promise<void> {
  return db.transaction().execute((trx) => resetProjection(trx, projection));
}

/** Polls until the check passes (or throws its last error after the timeout). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/**
 * Waits until the projection's checkpoint has counted `count` events. Tests wait for this rather
 * than for `caughtUp`: an event committed a moment ago can stay behind the store's transaction
 * fence while any older transaction on the server is still open, and `caughtUp` only promises
 * what was visible.
 */
export async function waitForApplied(db: Kysely<CheckpointDatabase>, name: string, count: number, version = 1): Promise<void> {
  await eventually(async () => expect(await checkpointOf(db, name)).toMatchObject({ events_processed: String(count), version }));
}
