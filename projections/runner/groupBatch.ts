import { sql, type Kysely, type Transaction } from 'kysely';
import { comparePositions, serializePosition, type Position, type RecordedEvent } from '../../platform/eventStore/port.js';
import type { Batch } from './batches.js';
import { CheckpointMovedError, type CheckpointDatabase } from './checkpoints.js';
import type { Projection } from './projection.js';
import { ProjectionHandlerError } from './projectionWorker.js';
import { isTransient } from './transientErrors.js';

/** One projection's share of a page read once for several: where it stands, and what it matches. */
export interface GroupMember {
  projection: Projection;
  /** Its checkpoint: everything up to here is applied. */
  position: Position;
  /** Its own filter, compiled: the page holds the union of every member's. */
  matches: ((event: RecordedEvent) => boolean) | undefined;
}

export type MemberOutcome =
  | { kind: 'applied'; events: number }
  /** Already at or past the page's end: nothing to do. */
  | { kind: 'skipped' }
  /** Its handler threw on a page: nothing of it was written, its checkpoint did not move. */
  | { kind: 'failed'; error: unknown; transient: boolean }
  /** Another process moved its checkpoint: it must re-read where it stands. */
  | { kind: 'moved'; error: CheckpointMovedError };

export interface GroupBatchOptions {
  /** `SET LOCAL synchronous_commit = off`: a rebuild can always be run again, so it need not wait for the disk. */
  asyncCommit?: boolean;
  /** Runs inside the transaction, after the members' writes: a NOTIFY that fires on commit, say. */
  beforeCommit?: (trx: Transaction<CheckpointDatabase>, applied: ReadonlyArray<{ name: string; position: Position }>) => Promise<void>;
}

/**
 * Applies one page of `$all` to several projections in ONE transaction: every member's checkpoint
 * moves in one compare-and-set statement (taking the checkpoint rows' locks before any read-model
 * write, as a single projection's batch does), then each member's handler writes. If a handler
 * throws, the page is applied again with a savepoint per member: the one that throws is rolled back
 * to its savepoint and its checkpoint put back, so it alone stops; the others commit. Each event is applied exactly once: a page and the
 * checkpoints it moves commit together or not at all.
 */
export async function applyGroupBatch(
  db: Kysely<CheckpointDatabase>,
  members: readonly GroupMember[],
  batch: Batch,
  options: GroupBatchOptions = {},
): Promise<Map<string, MemberOutcome>> {
  const outcomes = new Map<string, MemberOutcome>();
  const work: Array<{ member: GroupMember; events: RecordedEvent[] }> = [];
  for (const member of members) {
    if (comparePositions(batch.position, member.position) <= 0) {
      outcomes.set(member.projection.name, { kind: 'skipped' });
      continue;
    }
    const events = batch.events.filter(
      (event) => comparePositions(event.position, member.position) > 0 && (member.matches === undefined || member.matches(event)),
    );
    work.push({ member, events });
  }
  if (work.length === 0) return outcomes;

  try {
    await db.transaction().execute((trx) => applyAll(trx, work, batch, outcomes, options, false));
  } catch (error) {
    if (!(error instanceof MemberThrew)) throw error;
    // A handler threw: the page rolled back whole. Apply it again with a savepoint per member, so
    // the ones that work commit and the one that throws is left out alone.
    outcomes.clear();
    for (const member of members) {
      if (comparePositions(batch.position, member.position) <= 0) outcomes.set(member.projection.name, { kind: 'skipped' });
    }
    await db.transaction().execute((trx) => applyAll(trx, work, batch, outcomes, options, true));
  }
  return outcomes;
}

/** A handler threw on the fast path (no savepoints): the page is applied again with them. */
class MemberThrew extends Error {
  override name = 'MemberThrew';
}

async function applyAll(
  trx: Transaction<CheckpointDatabase>,
  work: ReadonlyArray<{ member: GroupMember; events: RecordedEvent[] }>,
  batch: Batch,
  outcomes: Map<string, MemberOutcome>,
  options: GroupBatchOptions,
  isolated: boolean,
): Promise<void> {
  if (options.asyncCommit) await sql`SET LOCAL synchronous_commit = off`.execute(trx);
  const moved = await advanceCheckpoints(trx, work.map(({ member, events }) => ({ name: member.projection.name, from: member.position, count: events.length })), batch.position);
  const applied: Array<{ name: string; position: Position }> = [];
  for (const [index, { member, events }] of work.entries()) {
    const name = member.projection.name;
    if (moved.has(name)) {
      outcomes.set(name, { kind: 'moved', error: new CheckpointMovedError(name) });
      continue;
    }
    if (events.length > 0 && !isolated) {
      try {
        await member.projection.handle(trx, events);
      } catch (error) {
        throw new MemberThrew(`${name} threw`, { cause: error });
      }
    } else if (events.length > 0) {
      const savepoint = sql.raw(`member_${index}`);
      await sql`SAVEPOINT ${savepoint}`.execute(trx);
      try {
        await member.projection.handle(trx, events);
        await sql`RELEASE SAVEPOINT ${savepoint}`.execute(trx);
      } catch (error) {
        await sql`ROLLBACK TO SAVEPOINT ${savepoint}`.execute(trx);
        const transient = isTransient(error);
        const culprit = transient ? undefined : await findCulprit(trx, member.projection, events, savepoint);
        await sql`ROLLBACK TO SAVEPOINT ${savepoint}`.execute(trx);
        await sql`RELEASE SAVEPOINT ${savepoint}`.execute(trx);
        await putBack(trx, name, member.position, batch.position, events.length);
        outcomes.set(name, {
          kind: 'failed',
          transient,
          error: transient ? error : new ProjectionHandlerError(name, { ...batch, events }, { cause: culprit?.error ?? error, event: culprit?.event }),
        });
        continue;
      }
    }
    outcomes.set(name, { kind: 'applied', events: events.length });
    applied.push({ name, position: batch.position });
  }
  await options.beforeCommit?.(trx, applied);
}

/**
 * Replays a failed batch event by event (under the member's savepoint, rolled back afterwards) to
 * name the event the handler throws on; undefined when every event passes alone.
 */
async function findCulprit(
  trx: Transaction<CheckpointDatabase>,
  projection: Projection,
  events: readonly RecordedEvent[],
  savepoint: ReturnType<typeof sql.raw>,
): Promise<{ event: RecordedEvent; error: unknown } | undefined> {
  if (events.length === 1) return undefined;
  for (const event of events) {
    try {
      await projection.handle(trx, [event]);
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT ${savepoint}`.execute(trx);
      return { event, error };
    }
  }
  return undefined;
}

/**
 * Compare-and-set of several checkpoints in one statement: each row moves to `to` only from where
 * its member started. Answers the names whose row had moved (another process got there first).
 */
async function advanceCheckpoints(
  trx: Transaction<CheckpointDatabase>,
  rows: ReadonlyArray<{ name: string; from: Position; count: number }>,
  to: Position,
): Promise<Set<string>> {
  const { rows: updated } = await sql<{ name: string }>`
    UPDATE projection_checkpoints AS c
       SET position = ${serializePosition(to)}, events_processed = c.events_processed + v.n, updated_at = now()
      FROM unnest(${rows.map((row) => row.name)}::text[], ${rows.map((row) => serializePosition(row.from))}::text[],
                  ${rows.map((row) => row.count)}::bigint[]) AS v(name, from_position, n)
     WHERE c.name = v.name AND c.position = v.from_position
    RETURNING c.name`.execute(trx);
  const moved = new Set(rows.map((row) => row.name));
  for (const row of updated) moved.delete(row.name);
  return moved;
}

async function putBack(trx: Transaction<CheckpointDatabase>, name: string, from: Position, to: Position, count: number): Promise<void> {
  await trx
    .updateTable('projection_checkpoints')
    .set((eb) => ({ position: serializePosition(from), events_processed: sql<string>`${eb.ref('events_processed')} - ${count}` }))
    .where('name', '=', name)
    .where('position', '=', serializePosition(to))
    .execute();
}
