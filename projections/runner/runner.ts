import type { Kysely } from 'kysely';
import type pg from 'pg';
import { createKysely } from '../../platform/database/connect.js';
import { START, parsePosition, serializePosition, type EventStore } from '../../platform/eventStore/port.js';
import { abortableDelay } from './abortableDelay.js';
import { acquireAdvisoryLock, dedicatedConnections, type HeldLock } from './advisoryLock.js';
import { readCheckpoints, type CheckpointDatabase } from './checkpoints.js';
import { silentLogger, type ProjectionLogger } from './logger.js';
import type { LagProbe } from './postgresLagProbe.js';
import { projectionVersion, type Projection } from './projection.js';
import { ProjectionHandlerError, runProjection, type Progress } from './projectionWorker.js';
import { isTransient } from './transientErrors.js';

export type ProjectionStatus =
  | 'idle' // not started
  | 'standby' // waiting for the lock another process holds
  | 'catchingUp'
  | 'live'
  | 'retrying' // the database was away: trying again shortly
  | 'failed' // the handler threw: stopped until the process restarts
  | 'stopped';

export interface ProjectionLag {
  name: string;
  status: ProjectionStatus;
  /** The stored checkpoint (whichever process wrote it). */
  position: string;
  eventsProcessed: number;
  /** Null without a lag probe. */
  eventsBehind: number | null;
  msBehind: number | null;
  error?: string;
}

export interface ProjectionRunnerOptions {
  pool: pg.Pool;
  store: EventStore;
  projections: readonly Projection[];
  /** Most events per transaction. */
  batchSize?: number;
  /** How often a standby runner asks for the lock again. */
  lockRetryMs?: number;
  /** Pause before trying again after the database was unavailable. */
  retryDelayMs?: number;
  lagProbe?: LagProbe;
  logger?: ProjectionLogger;
}

interface Slot {
  projection: Projection;
  status: ProjectionStatus;
  error?: Error;
  caughtUp: Deferred;
  loop?: Promise<void>;
}

export const DEFAULT_BATCH_SIZE = 500;

/**
 * Runs each projection in a loop of its own: wait for its advisory lock (one active runner per
 * projection across processes), then apply `$all` from its checkpoint until stopped. A handler
 * error stops that projection only and is reported by status() and lag().
 */
export class ProjectionRunner {
  private readonly db: Kysely<CheckpointDatabase>;
  private readonly slots: Map<string, Slot>;
  private readonly stopping = new AbortController();
  private readonly logger: ProjectionLogger;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.db = createKysely<CheckpointDatabase>(options.pool);
    this.logger = options.logger ?? silentLogger;
    this.slots = new Map();
    for (const projection of options.projections) {
      if (this.slots.has(projection.name)) throw new Error(`projections: "${projection.name}" is listed twice`);
      this.slots.set(projection.name, { projection, status: 'idle', caughtUp: deferred() });
    }
  }

  start(): void {
    if (this.stopping.signal.aborted) throw new Error('A stopped ProjectionRunner cannot be started again');
    for (const slot of this.slots.values()) slot.loop ??= this.keepRunning(slot);
  }

  /** Stops every loop after its current batch and releases the locks. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all([...this.slots.values()].map((slot) => slot.loop));
  }

  /**
   * Resolves once the projection (or every one) has applied all that was visible in `$all` when
   * it first caught up; rejects if it fails. (With the Postgres store, an event committed a
   * moment ago can still be behind the fence then: wait for a checkpoint to be sure of it.)
   */
  async waitUntilCaughtUp(name?: string): Promise<void> {
    const slots = name === undefined ? [...this.slots.values()] : [this.slot(name)];
    await Promise.all(slots.map((slot) => slot.caughtUp.promise));
  }

  status(): Array<{ name: string; status: ProjectionStatus; error?: string }> {
    return [...this.slots.values()].map((slot) => ({
      name: slot.projection.name,
      status: slot.status,
      ...(slot.error && { error: slot.error.message }),
    }));
  }

  /** For `/health`: read from the stored checkpoints, so it is right whichever process runs them. */
  async lag(): Promise<ProjectionLag[]> {
    const checkpoints = await readCheckpoints(this.db);
    return Promise.all(
      [...this.slots.values()].map(async ({ projection, status, error }) => {
        const row = checkpoints.get(projection.name);
        const current = row !== undefined && row.version === projectionVersion(projection);
        const position = current ? parsePosition(row.position) : START;
        const lag = await this.options.lagProbe?.(position, projection.filter);
        return {
          name: projection.name,
          status,
          position: serializePosition(position),
          eventsProcessed: current ? Number(row.events_processed) : 0,
          eventsBehind: lag?.eventsBehind ?? null,
          msBehind: lag?.msBehind ?? null,
          ...(error && { error: error.message }),
        };
      }),
    );
  }

  private slot(name: string): Slot {
    const slot = this.slots.get(name);
    if (!slot) throw new Error(`name: no projection called "${name}" (known: ${[...this.slots.keys()].join(', ')})`);
    return slot;
  }

  private async keepRunning(slot: Slot): Promise<void> {
    const { signal } = this.stopping;
    const name = slot.projection.name;
    while (!signal.aborted) {
      slot.status = 'standby';
      let lock: HeldLock | undefined;
      let failure: unknown;
      try {
        lock = await acquireAdvisoryLock({
          connect: dedicatedConnections(this.options.pool),
          name: `projection:${name}`,
          signal,
          retryMs: this.options.lockRetryMs,
          onWaiting: (holderPid) => this.logger.info({ projection: name, holderPid }, 'projection runs elsewhere: standing by'),
        });
        if (!lock) break;
        slot.status = 'catchingUp';
        await runProjection({
          projection: slot.projection,
          db: this.db,
          store: this.options.store,
          batchSize: this.options.batchSize ?? DEFAULT_BATCH_SIZE,
          signal: AbortSignal.any([signal, lock.lost]),
          onProgress: (progress) => this.progressed(slot, progress),
        });
        if (!signal.aborted) {
          failure = new Error(lock.lost.aborted ? 'the lock connection dropped' : 'the subscription to $all ended');
        }
      } catch (error) {
        failure = error;
      } finally {
        await lock?.release();
      }
      if (failure === undefined) continue;
      if (failure instanceof ProjectionHandlerError && !isTransient(failure)) {
        this.fail(slot, failure);
        return;
      }
      slot.status = 'retrying';
      slot.error = failure instanceof Error ? failure : new Error(String(failure));
      this.logger.warn({ projection: name, err: failure }, 'projection interrupted: trying again');
      await abortableDelay(this.options.retryDelayMs ?? 1000, signal);
    }
    slot.status = 'stopped';
    slot.caughtUp.reject(new Error(`${name} stopped before catching up`));
  }

  private progressed(slot: Slot, progress: Progress): void {
    slot.error = undefined;
    if (!progress.caughtUp) return;
    if (slot.status !== 'live') {
      this.logger.info(
        { projection: slot.projection.name, position: serializePosition(progress.position), eventsProcessed: progress.eventsProcessed.toString() },
        'projection caught up',
      );
    }
    slot.status = 'live';
    slot.caughtUp.resolve();
  }

  private fail(slot: Slot, error: ProjectionHandlerError): void {
    slot.status = 'failed';
    slot.error = error;
    this.logger.error({ projection: slot.projection.name, err: error }, 'projection handler failed: projection stopped');
    slot.caughtUp.reject(error);
  }
}

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(error: Error): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Waiting is optional: a failure nobody waits for is reported by status(), not as unhandled.
  promise.catch(() => {});
  return { promise, resolve, reject };
}
