import { setMaxListeners } from 'node:events';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { createKysely } from '../../platform/database/connect.js';
import { compileFilter, unionOfFilters } from '../../platform/eventStore/filter.js';
import {
  START,
  comparePositions,
  parsePosition,
  serializePosition,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '../../platform/eventStore/port.js';
import { retryDelay } from '../../platform/backoff.js';
import { settleWithin } from '../../platform/boundedConcurrency.js';
import { abortableDelay } from './abortableDelay.js';
import { acquireAdvisoryLock, dedicatedConnections, type HeldLock } from './advisoryLock.js';
import { inBatches, type Batch } from './batches.js';
import { openCheckpoint, readCheckpoints, type CheckpointDatabase } from './checkpoints.js';
import { applyGroupBatch, type GroupBatchOptions, type GroupMember, type MemberOutcome } from './groupBatch.js';
import { silentLogger, type ProjectionLogger } from './logger.js';
import type { LagProbe } from './postgresLagProbe.js';
import { projectionVersion, type Projection } from './projection.js';
import { ProjectionHandlerError } from './projectionWorker.js';

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
  /** Pause before trying again after the database was unavailable (doubling with each failure in a row). */
  retryDelayMs?: number;
  /** The longest pause between tries (default MAX_RETRY_DELAY_MS, 30 s). */
  maxRetryDelayMs?: number;
  lagProbe?: LagProbe;
  logger?: ProjectionLogger;
  /** Runs in each page's transaction once its writes are done (a NOTIFY that fires on commit). */
  onCommit?: GroupBatchOptions['beforeCommit'];
}

type Leave =
  | { kind: 'failed'; error: ProjectionHandlerError }
  | { kind: 'retry'; error: unknown }
  | { kind: 'stopped' };

interface Slot {
  projection: Projection;
  matches: ((event: RecordedEvent) => boolean) | undefined;
  status: ProjectionStatus;
  error?: Error;
  caughtUp: Deferred;
  loop?: Promise<void>;
  /** Where it stands while this process holds its lock. */
  position: Position;
  eventsProcessed: bigint;
  /** Set while it belongs to the group: resolved when it leaves it. */
  left?: Deferred<Leave>;
  /** Interruptions in a row since it last applied a page: how long it waits before the next try. */
  failures: number;
}

export const DEFAULT_BATCH_SIZE = 500;

/**
 * Runs many projections on ONE reader of `$all`. Each projection still has its own advisory lock
 * (one active runner per projection across processes) and its own checkpoint: it catches up alone
 * from that checkpoint, then joins the group, which reads each page of `$all` once (the union of the
 * members' filters, applied by the store) and applies it to every member in one transaction, each
 * member's writes and checkpoint together. A handler error stops that projection only (reported by
 * status(), lag() and the log, naming the event); the others keep going.
 */
export class ProjectionRunner {
  private readonly db: Kysely<CheckpointDatabase>;
  private readonly slots: Map<string, Slot>;
  private readonly stopping = new AbortController();
  private readonly logger: ProjectionLogger;
  /** The members the group applies pages to. */
  private readonly group = new Set<Slot>();
  /** Caught up alone, waiting for the group to take them in at its next page. */
  private readonly joiners = new Set<Slot>();
  private wakeGroup: Deferred | undefined;
  private epoch: AbortController | undefined;
  private groupLoop: Promise<void> | undefined;
  /** The group's page being applied, if any: a member's lock is let go only once it has committed. */
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.db = createKysely<CheckpointDatabase>(options.pool);
    this.logger = options.logger ?? silentLogger;
    // Every projection's loop listens for the stop: as many listeners as projections, not a leak.
    setMaxListeners(0, this.stopping.signal);
    this.slots = new Map();
    for (const projection of options.projections) {
      if (this.slots.has(projection.name)) throw new Error(`projections: "${projection.name}" is listed twice`);
      this.slots.set(projection.name, {
        projection,
        matches: compileFilter(projection.filter),
        status: 'idle',
        failures: 0,
        caughtUp: deferred(),
        position: START,
        eventsProcessed: 0n,
      });
    }
  }

  start(): void {
    if (this.stopping.signal.aborted) throw new Error('A stopped ProjectionRunner cannot be started again');
    this.groupLoop ??= this.runGroup();
    for (const slot of this.slots.values()) slot.loop ??= this.keepRunning(slot);
  }

  /** Stops every loop after its current batch and releases the locks. */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.epoch?.abort();
    this.wakeGroup?.resolve();
    await this.groupLoop;
    await Promise.all([...this.slots.values()].map((slot) => slot.loop));
  }
  /**
   * Resolves once the projection (or every one) has applied all that was visible in `$all` when
   * it first caught up, and reads with the group (a page appended from then on is read once for
   * all of them); rejects if it fails. (With the Postgres store, an event committed a
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
    const statuses = new Map([...this.slots.values()].map((slot) => [slot.projection.name, { status: slot.status, error: slot.error?.message }]));
    return checkpointLag(this.db, [...this.slots.values()].map((slot) => slot.projection), this.options.lagProbe, (name) => statuses.get(name)!);
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
      let leave: Leave | undefined;
      try {
        lock = await acquireAdvisoryLock({
          connect: dedicatedConnections(this.options.pool),
          name: `projection:${name}`,
          signal,
          retryMs: this.options.lockRetryMs,
          onWaiting: (holderPid) => this.logger.info({ projection: name, holderPid }, 'projection runs elsewhere: standing by'),
        });
        if (!lock) break;
        const held = AbortSignal.any([signal, lock.lost]);
        slot.status = 'catchingUp';
        const checkpoint = await openCheckpoint(this.db, slot.projection);
        slot.position = checkpoint.position;
        slot.eventsProcessed = checkpoint.eventsProcessed;
        leave = await this.catchUpAlone(slot, held);
        if (!leave) leave = await this.memberOfGroup(slot, held);
        if (leave.kind === 'stopped' && !signal.aborted) {
          leave = { kind: 'retry', error: new Error(lock.lost.aborted ? 'the lock connection dropped' : 'the subscription to $all ended') };
        }
      } catch (error) {
        leave = { kind: 'retry', error };
      } finally {
        this.leaveGroup(slot, { kind: 'stopped' });
        // A page of the group's may still be committing this projection's writes: let it finish first.
        await this.inFlight.catch(() => {});
        await lock?.release();
      }
      if (leave === undefined || leave.kind === 'stopped') continue;
      if (leave.kind === 'failed') {
        this.fail(slot, leave.error);
        return;
      }
      slot.status = 'retrying';
      slot.error = leave.error instanceof Error ? leave.error : new Error(String(leave.error));
      slot.failures += 1;
      const waitMs = retryDelay(slot.failures, this.options.retryDelayMs ?? 1000, this.options.maxRetryDelayMs);
      this.logger.warn({ projection: name, err: leave.error, retryInMs: waitMs }, 'projection interrupted: trying again');
      await abortableDelay(waitMs, signal);
    }
    slot.status = 'stopped';
    slot.caughtUp.reject(new Error(`${name} stopped before catching up`));
  }

  /**
   * From the projection's checkpoint to the end of `$all`, on a subscription of its own (its own
   * filter): a projection far behind, or rebuilding, never holds the group back. Undefined once
   * caught up.
   */
  private async catchUpAlone(slot: Slot, signal: AbortSignal): Promise<Leave | undefined> {
    const subscription = this.options.store.subscribeToAll({ fromPosition: slot.position, filter: slot.projection.filter, signal });
    try {
      for await (const batch of inBatches(subscription, this.options.batchSize ?? DEFAULT_BATCH_SIZE)) {
        const leave = this.settle(slot, await applyGroupBatch(this.db, [memberOf(slot)], batch, this.batchOptions()), batch);
        if (leave) return leave;
        slot.failures = 0;
        if (batch.caughtUp) {
          this.progressed(slot, true);
          return undefined;
        }
        if (signal.aborted) break;
      }
    } finally {
      await subscription.stop();
    }
    return { kind: 'stopped' };
  }

  /** Hands the projection to the group and waits until it leaves it (a failure, its lock lost, a stop). */
  private async memberOfGroup(slot: Slot, signal: AbortSignal): Promise<Leave> {
    if (signal.aborted) return { kind: 'stopped' };
    const left = deferred<Leave>();
    slot.left = left;
    this.joiners.add(slot);
    this.epoch?.abort();
    this.wakeGroup?.resolve();
    const onAbort = () => this.leaveGroup(slot, { kind: 'stopped' });
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      return await left.promise;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  private leaveGroup(slot: Slot, leave: Leave): void {
    this.joiners.delete(slot);
    this.group.delete(slot);
    const left = slot.left;
    slot.left = undefined;
    left?.resolve(leave);
  }

  /**
   * The one reader: reads `$all` from the furthest-behind member's checkpoint with the union of the
   * members' filters, and applies each page to them all in one transaction. Restarts its reading
   * when a projection joins (from the joiner's checkpoint, if it is behind the others).
   */
  private async runGroup(): Promise<void> {
    const { signal } = this.stopping;
    // Failed pages in a row: the pause before reading again grows with them (retryDelay).
    let groupFailures = 0;
    while (!signal.aborted) {
      for (const joiner of this.joiners) {
        if (joiner.left) this.group.add(joiner);
      }
      this.joiners.clear();
      if (this.group.size === 0) {
        this.wakeGroup = deferred();
        if (this.joiners.size === 0 && !signal.aborted) await this.wakeGroup.promise;
        this.wakeGroup = undefined;
        continue;
      }
      const epoch = new AbortController();
      this.epoch = epoch;
      const members = [...this.group];
      const from = members.map((slot) => slot.position).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
      const filter = unionOfFilters(members.map((slot) => slot.projection.filter));
      const subscription = this.options.store.subscribeToAll({ fromPosition: from, filter, signal: AbortSignal.any([signal, epoch.signal]) });
      try {
        for await (const batch of inBatches(subscription, this.options.batchSize ?? DEFAULT_BATCH_SIZE)) {
          const current = [...this.group];
          if (current.length === 0) break;
          const applying = applyInLanes(this.db, current.map(memberOf), batch, this.batchOptions(), laneLimit(this.options.pool));
          this.inFlight = applying;
          const outcomes = await applying;
          groupFailures = 0;
          for (const slot of current) {
            if (!this.group.has(slot)) continue;
            const leave = this.settle(slot, outcomes, batch);
            if (leave) this.leaveGroup(slot, leave);
            else this.progressed(slot, batch.caughtUp);
          }
          if (this.joiners.size > 0 || epoch.signal.aborted || signal.aborted) break;
        }
      } catch (error) {
        // The page's transaction failed as a whole (the database went away): nothing of it was
        // written; read it again shortly.
        for (const slot of this.group) {
          slot.status = 'retrying';
          slot.error = error instanceof Error ? error : new Error(String(error));
        }
        groupFailures += 1;
        const waitMs = retryDelay(groupFailures, this.options.retryDelayMs ?? 1000, this.options.maxRetryDelayMs);
        this.logger.warn({ projections: [...this.group].map((slot) => slot.projection.name), err: error, retryInMs: waitMs }, 'projections interrupted: trying again');
        await abortableDelay(waitMs, signal);
      } finally {
        await subscription.stop();
      }
    }
    for (const slot of [...this.group, ...this.joiners]) this.leaveGroup(slot, { kind: 'stopped' });
  }

  private batchOptions() {
    return { beforeCommit: this.options.onCommit };
  }

  /** Applies a member's outcome of a page to where it stands; a Leave when it must drop out. */
  private settle(slot: Slot, outcomes: Map<string, MemberOutcome>, batch: Batch): Leave | undefined {
    const outcome = outcomes.get(slot.projection.name);
    switch (outcome?.kind) {
      case undefined:
      case 'skipped':
        return undefined;
      case 'applied':
        slot.position = batch.position;
        slot.eventsProcessed += BigInt(outcome.events);
        return undefined;
      case 'moved':
        return { kind: 'retry', error: outcome.error };
      case 'failed':
        return outcome.transient || !(outcome.error instanceof ProjectionHandlerError)
          ? { kind: 'retry', error: outcome.error }
          : { kind: 'failed', error: outcome.error };
    }
  }

  private progressed(slot: Slot, caughtUp: boolean): void {
    slot.error = undefined;
    slot.failures = 0;
    if (slot.status === 'retrying') slot.status = 'live';
    if (!caughtUp) return;
    if (slot.status !== 'live') {
      this.logger.info(
        { projection: slot.projection.name, position: serializePosition(slot.position), eventsProcessed: slot.eventsProcessed.toString() },
        'projection caught up',
      );
    }
    slot.status = 'live';
    // Caught up for waitUntilCaughtUp once the group reads for it: a projection caught up alone
    // still has to join, and the group then reads again from where it stands.
    if (this.group.has(slot)) slot.caughtUp.resolve();
  }

  private fail(slot: Slot, error: ProjectionHandlerError): void {
    slot.status = 'failed';
    slot.error = error;
    this.logger.error(
      { projection: slot.projection.name, event: error.event, err: error },
      `projection handler failed on ${error.event.type} at ${error.event.position}: projection stopped`,
    );
    slot.caughtUp.reject(error);
  }
}

function memberOf(slot: Slot): GroupMember {
  return { projection: slot.projection, position: slot.position, matches: slot.matches };
}

interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: Error): void;
}

function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Waiting is optional: a failure nobody waits for is reported by status(), not as unhandled.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/**
 * Applies a page to the group: the members that share a transaction in one, each member that asks
 * for its own (the reactors) in its own, at the same time. The page's latency is then its slowest
 * lane's, not the sum of every reactor's commands and every read model's writes. At most `limit`
 * lanes are open at once: a reactor's lane holds a connection while its commands need another
 * from the same pool, so lanes never take more than half of it.
 */
async function applyInLanes(
  db: Kysely<CheckpointDatabase>,
  members: readonly GroupMember[],
  batch: Batch,
  options: GroupBatchOptions,
  limit: number,
): Promise<Map<string, MemberOutcome>> {
  const shared = members.filter((member) => !member.projection.ownTransaction);
  const lanes = [...(shared.length > 0 ? [shared] : []), ...members.filter((member) => member.projection.ownTransaction).map((member) => [member])];
  // Every lane settles before the page is done: a failed one (the database went away) is thrown
  // only then, so no lane is still writing when the group reads again.
  const outcomes = await settleWithin(
    lanes.map((lane) => () => applyGroupBatch(db, lane, batch, options)),
    limit,
  );
  return new Map(outcomes.flatMap((outcome) => [...outcome]));
}

/** Half the pool's connections (at least one): see applyInLanes. */
function laneLimit(pool: pg.Pool): number {
  return Math.max(1, Math.floor((pool.options.max ?? 10) / 2));
}

/**
 * How far each projection's stored checkpoint is behind `$all`, with the status its runner reports
 * (`statusOf`): a process that runs no projection (the API beside a read-side worker) reports
 * the worker's statuses with the same figures.
 */
export async function checkpointLag(
  db: Kysely<CheckpointDatabase>,
  projections: readonly Projection[],
  lagProbe: LagProbe | undefined,
  statusOf: (name: string) => { status: ProjectionStatus; error?: string | undefined },
): Promise<ProjectionLag[]> {
  const checkpoints = await readCheckpoints(db);
  const standing = projections.map((projection) => {
    const row = checkpoints.get(projection.name);
    const current = row !== undefined && row.version === projectionVersion(projection);
    return { projection, current, position: current ? parsePosition(row.position) : START, eventsProcessed: current ? Number(row.events_processed) : 0 };
  });
  const lags = await lagProbe?.(standing.map(({ position, projection }) => ({ checkpoint: position, filter: projection.filter })));
  return standing.map(({ projection, position, eventsProcessed }, index) => {
    const lag = lags?.[index];
    const { status, error } = statusOf(projection.name);
    return {
      name: projection.name,
      status,
      position: serializePosition(position),
      eventsProcessed,
      eventsBehind: lag?.eventsBehind ?? null,
      msBehind: lag?.msBehind ?? null,
      ...(error !== undefined && { error }),
    };
  });
}
