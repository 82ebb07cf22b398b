import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { settleWithin } from '../../platform/boundedConcurrency.js';
import { createKysely } from '../../platform/database/connect.js';
import { compileFilter, unionOfFilters } from '../../platform/eventStore/filter.js';
import { START, type EventStore } from '../../platform/eventStore/port.js';
import { acquireAdvisoryLock, dedicatedConnections, LockHeldError, type HeldLock } from './advisoryLock.js';
import { inBatches } from './batches.js';
import { resetProjection, type CheckpointDatabase } from './checkpoints.js';
import { applyGroupBatch, type GroupMember } from './groupBatch.js';
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

/**
 * Rebuilds several projections on ONE replay of `$all`: under each one's lock (so no runner writes
 * meanwhile), empties their tables and puts their checkpoints back at the start in one transaction,
 * then reads `$all` once with the union of their filters and applies each page to all of them at
 * once, each in a transaction of its own (its writes and its checkpoint together, committed without
 * waiting for the disk: a rebuild cut short is run again), so that the database writes one model's
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
    const subscription = options.store.subscribeToAll({ fromPosition: START, filter, signal: lost });
    try {
      for await (const batch of inBatches(subscription, options.batchSize ?? REBUILD_BATCH_SIZE, { fill: true })) {
        // Each projection applies the page in its own transaction, all at once: one's writes wait on
        // the database while another folds its events (each still commits its rows with its checkpoint).
        // All settle before a failure is thrown: none is still writing when the locks are let go.
        const settled = await settleWithin(
          members.map((member) => () => applyGroupBatch(db, [member], batch, { asyncCommit: true })),
          members.length,
        );
        const outcomes = new Map(settled.flatMap((outcome) => [...outcome]));
        for (const member of members) {
          const outcome = outcomes.get(member.projection.name);
          if (outcome?.kind === 'failed' || outcome?.kind === 'moved') throw outcome.error;
          if (outcome?.kind === 'applied') applied.set(member.projection.name, applied.get(member.projection.name)! + outcome.events);
          member.position = batch.position;
        }
        eventsRead += batch.events.length;
        const seconds = (performance.now() - started) / 1000;
        const eventsPerSecond = seconds > 0 ? eventsRead / seconds : 0;
        options.onProgress?.({
          eventsDone: eventsRead,
          eventsTotal: total,
          eventsPerSecond,
          secondsLeft: total === null ? null : eventsPerSecond > 0 ? Math.max(0, total - eventsRead) / eventsPerSecond : null,
        });
        if (batch.caughtUp) break;
      }
    } finally {
      await subscription.stop();
    }
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
