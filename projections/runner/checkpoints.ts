import { sql, type Generated, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Migration } from 'kysely/migration';
import { START, parsePosition, serializePosition, type Position } from '../../platform/eventStore/port.js';
import { projectionVersion, type Projection } from './projection.js';

export interface ProjectionCheckpointTable {
  name: string;
  /** A serialized `$all` position: everything up to and including it has been applied. */
  position: string;
  /** The projection version the read model was built with. */
  version: number;
  events_processed: Generated<string>;
  updated_at: Generated<Date>;
}

export type ProjectionCheckpointRow = Selectable<ProjectionCheckpointTable>;

export interface CheckpointDatabase {
  projection_checkpoints: ProjectionCheckpointTable;
}

export const checkpointMigrations: Record<string, Migration> = {
  '2026-11-23T00-00_projection_checkpoints': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('projection_checkpoints')
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('position', 'text', (column) => column.notNull())
        .addColumn('version', 'integer', (column) => column.notNull())
        .addColumn('events_processed', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('projection_checkpoints').execute();
    },
  },
};

export interface Checkpoint {
  position: Position;
  eventsProcessed: bigint;
}

/**
 * The projection's checkpoint, creating it at the start when missing. A stored version older or
 * newer than the projection's empties the read model first: its rows were built by other code.
 */
export async function openCheckpoint(db: Kysely<CheckpointDatabase>, projection: Projection): Promise<Checkpoint> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('projection_checkpoints')
      .values({ name: projection.name, position: serializePosition(START), version: projectionVersion(projection) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await trx
      .selectFrom('projection_checkpoints')
      .select(['position', 'version', 'events_processed'])
      .where('name', '=', projection.name)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.version !== projectionVersion(projection)) {
      await resetProjection(trx, projection);
      return { position: START, eventsProcessed: 0n };
    }
    return { position: parsePosition(row.position), eventsProcessed: BigInt(row.events_processed) };
  });
}

/** Empties the projection's tables and puts its checkpoint back at the start, atomically. */
export async function resetProjection(trx: Transaction<CheckpointDatabase>, projection: Projection): Promise<void> {
  await sql`TRUNCATE ${sql.join(projection.tables.map((table) => sql.table(table)))}`.execute(trx);
  await trx
    .insertInto('projection_checkpoints')
    .values({ name: projection.name, position: serializePosition(START), version: projectionVersion(projection) })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        position: serializePosition(START),
        version: projectionVersion(projection),
        events_processed: '0',
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

export class CheckpointMovedError extends Error {
  override name = 'CheckpointMovedError';
  constructor(readonly projection: string) {
    super(`The checkpoint of ${projection} was moved by another process; re-reading it`);
  }
}

/**
 * Moves the checkpoint from `from` to `to` inside the batch's transaction. Compare-and-set: if
 * another process moved it meanwhile, nothing is written and the batch is rolled back, so a batch
 * is never applied twice even if two runners slipped past the advisory lock. Run it first in the
 * transaction: the row lock then serialises competing batches before any read-model write.
 */
export async function advanceCheckpoint(
  trx: Transaction<CheckpointDatabase>,
  name: string,
  from: Position,
  to: Position,
  eventCount: number,
): Promise<void> {
  const result = await trx
    .updateTable('projection_checkpoints')
    .set((eb) => ({
      position: serializePosition(to),
      events_processed: sql<string>`${eb.ref('events_processed')} + ${eventCount}`,
      updated_at: sql<Date>`now()`,
    }))
    .where('name', '=', name)
    .where('position', '=', serializePosition(from))
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new CheckpointMovedError(name);
}

export async function readCheckpoints(db: Kysely<CheckpointDatabase>): Promise<Map<string, ProjectionCheckpointRow>> {
  const rows = await db.selectFrom('projection_checkpoints').selectAll().execute();
  return new Map(rows.map((row) => [row.name, row]));
}
