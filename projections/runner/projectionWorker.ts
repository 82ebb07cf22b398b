import type { Kysely } from 'kysely';
import {
  comparePositions,
  serializePosition,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '../../platform/eventStore/port.js';
import { inBatches, type Batch } from './batches.js';
import { advanceCheckpoint, openCheckpoint, type CheckpointDatabase } from './checkpoints.js';
import type { Projection } from './projection.js';

export interface Progress {
  position: Position;
  eventsProcessed: bigint;
  caughtUp: boolean;
}

export interface WorkerOptions {
  projection: Projection;
  db: Kysely<CheckpointDatabase>;
  store: EventStore;
  batchSize: number;
  /** Stops following `$all`; the batch being applied still commits (or rolls back) whole. */
  signal: AbortSignal;
  /** Return once caught up (a rebuild) instead of following live events. */
  untilCaughtUp?: boolean;
  onProgress?: (progress: Progress) => void;
}

export class ProjectionHandlerError extends Error {
  override name = 'ProjectionHandlerError';
  /** The event the handler threw on, when it could be told apart (else the batch's first). */
  readonly event: { streamName: string; revision: string; type: string; position: string };
  constructor(
    readonly projection: string,
    batch: Batch,
    options: { cause: unknown; event?: RecordedEvent },
  ) {
    const culprit = options.event ?? batch.events[0]!;
    const where = `${culprit.streamName}@${culprit.revision} (${culprit.type}, position ${serializePosition(culprit.position)})`;
    super(
      options.event
        ? `${projection} failed on the event ${where} of a batch of ${batch.events.length}: ${String(options.cause)}`
        : `${projection} failed on a batch of ${batch.events.length} events from ${where}: ${String(options.cause)}`,
      { cause: options.cause },
    );
    this.event = { streamName: culprit.streamName, revision: culprit.revision.toString(), type: culprit.type, position: serializePosition(culprit.position) };
  }
}

/**
 * Applies `$all` to one projection from its checkpoint. The caller holds the projection's lock.
 * Each batch is one transaction: the checkpoint moves first (compare-and-set), then the handler
 * writes; a crash anywhere commits both or neither, so every event is applied exactly once.
 */
export async function runProjection(options: WorkerOptions): Promise<{ eventsApplied: number }> {
  const { projection, db, store, batchSize, signal } = options;
  const checkpoint = await openCheckpoint(db, projection);
  let position = checkpoint.position;
  let eventsProcessed = checkpoint.eventsProcessed;
  let eventsApplied = 0;
  options.onProgress?.({ position, eventsProcessed, caughtUp: false });

  const subscription = store.subscribeToAll({ fromPosition: position, filter: projection.filter, signal });
  try {
    for await (const batch of inBatches(subscription, batchSize)) {
      if (comparePositions(batch.position, position) > 0) {
        await applyBatch(db, projection, position, batch);
        position = batch.position;
        eventsProcessed += BigInt(batch.events.length);
        eventsApplied += batch.events.length;
      }
      options.onProgress?.({ position, eventsProcessed, caughtUp: batch.caughtUp });
      if (signal.aborted || (batch.caughtUp && options.untilCaughtUp)) break;
    }
  } finally {
    await subscription.stop();
  }
  return { eventsApplied };
}

async function applyBatch(
  db: Kysely<CheckpointDatabase>,
  projection: Projection,
  from: Position,
  batch: Batch,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await advanceCheckpoint(trx, projection.name, from, batch.position, batch.events.length);
    if (batch.events.length === 0) return;
    try {
      await projection.handle(trx, batch.events);
    } catch (error) {
      throw new ProjectionHandlerError(projection.name, batch, { cause: error });
    }
  });
}
