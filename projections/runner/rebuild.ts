import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { createKysely } from '../../platform/database/connect.js';
import { compileFilter, unionOfFilters } from '../../platform/eventStore/filter.js';
import { START, type EventStore } from '../../platform/eventStore/port.js';
import { acquireAdvisoryLock, dedicatedConnections, LockHeldError, type HeldLock } from './advisoryLock.js';
import { inBatches, type Batch } from './batches.js';
import { resetProjection, type CheckpointDatabase } from './checkpoints.js';
import { applyGroupBatch, type GroupMember } from './groupBatch.js';
import { PageWindow } from './pageWindow.js';
import type { LagProbe } from './postgresLagProbe.js';
import type { Projection } from './projection.js';

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

export interface RebuildProgress {
  /** Events of `$all` read so far (those the rebuilt projections' filters match). */
  eventsDone: number;
  /** Null when the total is unknown (no lag probe). */
  eventsTotal: number | null;
  eventsPerSecond: number;
  /** Null when the total is unknown. */
  secondsLeft: number | null;
}

export interface RebuildAllOptions {
  pool: pg.Pool;
  store: EventStore;
  projections: readonly Projection[];
  /** Events per transaction: large, a rebuild writes in bulk. */
  batchSize?: number;
  lockTimeoutMs?: number;
  /** Counts the events to replay, for the time left (the Postgres store's lag probe). */
  lagProbe?: LagProbe;
  onProgress?: (progress: RebuildProgress) => void;
}

export interface RebuildAllResult {
  projections: RebuildResult[];
  /** Events read from `$all` (each once, whatever the number of projections). */
  eventsRead: number;
  seconds: number;
}

/** `120,000 / 480,000 events · 31,500 events/s · 11 s left` */
export function describeProgress(progress: RebuildProgress): string {
  const done = progress.eventsDone.toLocaleString('en');
  const total = progress.eventsTotal === null ? '' : ` / ${progress.eventsTotal.toLocaleString('en')}`;
  const left = progress.secondsLeft === null ? '' : ` · ${Math.ceil(progress.secondsLeft)} s left`;
  return `${done}${total} events · ${Math.round(progress.eventsPerSecond).toLocaleString('en')} events/s${left}`;
}

/**
 * Events per page. A ride's events spread over minutes of `$all`, so each page a ride touches
 * writes its row again, and larger pages would write each row fewer times; but in a store of real
 * histories a ride seldom spans two pages of 5,000 (bench:store: 23 of 39,281 rides), and pages of
 * 20,000 measured no faster while holding four times the rows in memory.
 */
export const REBUILD_BATCH_SIZE = 5_000;

/** How far the fastest projection may run ahead of the slowest, in pages (the pages kept in memory). */
export const REBUILD_PAGES_AHEAD = 3;

/**
 * Rebuilds several projections on ONE replay of `$all`: under each one's lock (so no runner writes
 * meanwhile), empties their tables and puts their checkpoints back at the start in one transaction,
 * then reads `$all` once with the union of their filters. Each projection takes the pages in order
 * in a lane of its own, each page in a transaction of its own (its writes and its checkpoint
 * together, committed without waiting for the disk: a rebuild cut short is run again), up to
 * {@link REBUILD_PAGES_AHEAD} pages ahead of the slowest, so that the database writes one model's
 * rows while the process folds another's. Readers see the models fill up page by page.
 */
export async function rebuildProjections(options: RebuildAllOptions): Promise<RebuildAllResult> {
  const { projections } = options;
  const locks: HeldLock[] = [];
  try {
    for (const projection of projections) {
      const name = `projection:${projection.name}`;
      const lock = await acquireAdvisoryLock({
        connect: dedicatedConnections(options.pool),
        name,
        timeoutMs: options.lockTimeoutMs ?? 5000,
        retryMs: 100,
      });
      if (!lock) throw new LockHeldError(name, undefined);
      locks.push(lock);
    }
    const started = performance.now();
    const db = createKysely<CheckpointDatabase>(options.pool);
    await db.transaction().execute(async (trx) => {
      for (const projection of projections) await resetProjection(trx, projection);
    });
    const filter = unionOfFilters(projections.map((projection) => projection.filter));
    const total = options.lagProbe ? (await options.lagProbe([{ checkpoint: START, filter }]))[0]!.eventsBehind : null;
    const members: GroupMember[] = projections.map((projection) => ({ projection, position: START, matches: compileFilter(projection.filter) }));
    const applied = new Map(projections.map((projection) => [projection.name, 0]));
    const lost = AbortSignal.any(locks.map((lock) => lock.lost));
    let eventsRead = 0;
    const window = new PageWindow<Batch>(members.length, REBUILD_PAGES_AHEAD, (batch) => {
      eventsRead += batch.events.length;
      const seconds = (performance.now() - started) / 1000;
      const eventsPerSecond = seconds > 0 ? eventsRead / seconds : 0;
      options.onProgress?.({
        eventsDone: eventsRead,
        eventsTotal: total,
        eventsPerSecond,
        secondsLeft: total === null ? null : eventsPerSecond > 0 ? Math.max(0, total - eventsRead) / eventsPerSecond : null,
      });
    });
    // Each projection takes the pages in its own lane and its own transactions: one's writes wait on
    // the database while another folds, and none waits at the end of a page for the slowest. One
    // that throws stops there and the others rebuild to the end; every lane and the reader settle
    // before the failure is thrown: none is still writing when the locks go.
    const lanes = members.map((member, lane) =>
      window.runLane(lane, async (batch) => {
        const outcome = (await applyGroupBatch(db, [member], batch, { asyncCommit: true })).get(member.projection.name);
        if (outcome?.kind === 'failed' || outcome?.kind === 'moved') throw outcome.error;
        if (outcome?.kind === 'applied') applied.set(member.projection.name, applied.get(member.projection.name)! + outcome.events);
        member.position = batch.position;
      }),
    );
    const read = (async () => {
      const subscription = options.store.subscribeToAll({ fromPosition: START, filter, signal: lost });
      try {
        for await (const batch of inBatches(subscription, options.batchSize ?? REBUILD_BATCH_SIZE, { fill: true })) {
          if (!(await window.put(batch)) || batch.caughtUp) break;
        }
        window.close();
      } catch (error) {
        window.stop();
        throw error;
      } finally {
        await subscription.stop();
      }
    })();
    const settled = await Promise.allSettled([...lanes, read]);
    const failure = settled.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    if (lost.aborted) throw new Error('Rebuilding: a lock connection dropped; run it again');
    const seconds = (performance.now() - started) / 1000;
    return {
      projections: projections.map((projection) => ({ name: projection.name, eventsReplayed: applied.get(projection.name)!, seconds })),
      eventsRead,
      seconds,
    };
  } finally {
    await Promise.all(locks.map((lock) => lock.release()));
  }
}

/** Rebuilds one projection: {@link rebuildProjections} with one. */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const result = await rebuildProjections({
    pool: options.pool,
    store: options.store,
    projections: [options.projection],
    batchSize: options.batchSize,
    lockTimeoutMs: options.lockTimeoutMs,
  });
  return result.projections[0]!;
}
