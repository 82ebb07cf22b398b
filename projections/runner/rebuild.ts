import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { createKysely } from '../../platform/database/connect.js';
import type { EventStore } from '../../platform/eventStore/port.js';
import { acquireAdvisoryLock, dedicatedConnections, LockHeldError } from './advisoryLock.js';
import { resetProjection, type CheckpointDatabase } from './checkpoints.js';
import type { Projection } from './projection.js';
import { runProjection } from './projectionWorker.js';
import { DEFAULT_BATCH_SIZE } from './runner.js';

export interface RebuildOptions {
  pool: pg.Pool;
  store: EventStore;
  projection: Projection;
  batchSize?: number;
  /** How long to wait for a runner holding the projection to let go (a killed one lets go at once). */
  lockTimeoutMs?: number;
}

export interface RebuildResult {
  name: string;
  eventsReplayed: number;
  seconds: number;
}

/**
 * Empties the projection's tables, puts its checkpoint back at the start and replays `$all`
 * until caught up. Under the projection's lock, so no runner writes meanwhile; readers see the
 * model fill up batch by batch.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { projection } = options;
  const name = `projection:${projection.name}`;
  const lock = await acquireAdvisoryLock({
    connect: dedicatedConnections(options.pool),
    name,
    timeoutMs: options.lockTimeoutMs ?? 5000,
    retryMs: 100,
  });
  if (!lock) throw new LockHeldError(name, undefined);
  const started = performance.now();
  try {
    const db = createKysely<CheckpointDatabase>(options.pool);
    await db.transaction().execute((trx) => resetProjection(trx, projection));
    const { eventsApplied } = await runProjection({
      projection,
      db,
      store: options.store,
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
      signal: lock.lost,
      untilCaughtUp: true,
    });
    if (lock.lost.aborted) throw new Error(`Rebuilding ${projection.name}: the lock connection dropped; run it again`);
    return {
      name: projection.name,
      eventsReplayed: eventsApplied,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await lock.release();
  }
}
