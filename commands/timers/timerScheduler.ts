import type { Kysely, Updateable } from 'kysely';
import { ZodError } from 'zod';
import { DomainError } from '../../domain/shared/index.js';
import { abortableDelay } from '../../projections/runner/abortableDelay.js';
import { silentLogger, type ProjectionLogger } from '../../projections/runner/logger.js';
import type { CommandContext } from '../shared/handleCommand.js';
import type { CommandServices } from '../shared/services.js';
import { fireTimer, timerActor, UnknownTimerKindError } from './timerKinds.js';
import type { CommandsDatabase } from '../shared/database.js';
import type { TimerRow, TimerTable } from './timerTable.js';

export interface TimerSchedulerOptions {
  services: CommandServices;
  logger?: ProjectionLogger;
  /** How often due timers are looked for. */
  pollIntervalMs?: number;
  /** Most timers claimed per transaction. */
  batchSize?: number;
  /** Attempts on transient errors before a timer is marked failed. */
  maxAttempts?: number;
  /** The first retry's delay; each further one doubles it. */
  retryDelayMs?: number;
}

export type FiringOutcome = 'done' | 'refused' | 'retrying' | 'failed';

/**
 * Fires due timers: every `pollIntervalMs` it claims those whose time has come on the services'
 * clock (`FOR UPDATE SKIP LOCKED`, so several processes share the work and none fires a timer
 * another holds), issues each one's command, and records the outcome in the same transaction.
 * Everything it knows is in the table: a restarted scheduler picks up where the last one stopped.
 */
export class TimerScheduler {
  private readonly db: Kysely<CommandsDatabase>;
  private readonly logger: ProjectionLogger;
  private readonly stopping = new AbortController();
  private loop: Promise<void> | undefined;

  constructor(private readonly options: TimerSchedulerOptions) {
    this.db = options.services.db;
    this.logger = options.logger ?? silentLogger;
  }

  start(): void {
    if (this.stopping.signal.aborted) throw new Error('A stopped TimerScheduler cannot be started again');
    this.loop ??= this.keepFiring();
  }

  /** Stops after the transaction in hand; no timer is left half-fired (its row lock goes with it). */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
  }

  /** One pass: claims up to a batch of due timers, fires them, records how each went. */
  async fireDueTimers(): Promise<Array<{ id: string; outcome: FiringOutcome }>> {
    const { services } = this.options;
    const now = services.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('timers')
        .selectAll()
        .where('status', '=', 'pending')
        .where('due_at', '<=', now)
        .where((eb) => eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', now)]))
        .orderBy('due_at')
        .orderBy('id')
        .limit(this.options.batchSize ?? 20)
        .forUpdate()
        .skipLocked()
        .execute();
      const outcomes: Array<{ id: string; outcome: FiringOutcome }> = [];
      for (const timer of due) {
        const { outcome, update } = await this.fire(timer);
        await trx.updateTable('timers').set(update).where('id', '=', timer.id).execute();
        outcomes.push({ id: timer.id, outcome });
      }
      return outcomes;
    });
  }

  private async fire(timer: TimerRow): Promise<{ outcome: FiringOutcome; update: Updateable<TimerTable> }> {
    const { services } = this.options;
    const context: CommandContext = {
      commandId: timer.id,
      correlationId: timer.correlation_id ?? timer.id,
      causationId: timer.causation_id ?? timer.id,
      actor: timerActor,
    };
    const attempts = timer.attempts + 1;
    const log = { timer: timer.id, kind: timer.kind, correlationId: context.correlationId, attempts };
    try {
      await fireTimer(services, timer, context);
      return { outcome: 'done', update: { status: 'done', attempts, fired_at: services.clock.now(), last_error: null, retry_at: null } };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof DomainError) {
        // The ride was taken or cancelled meanwhile, the bid settled: the timer has nothing to do.
        this.logger.info({ ...log, code: error.code }, `timer refused: ${message}`);
        return { outcome: 'refused', update: { status: 'refused', attempts, fired_at: services.clock.now(), last_error: `${error.code}: ${message}` } };
      }
      const permanent = error instanceof ZodError || error instanceof UnknownTimerKindError;
      if (permanent || attempts >= (this.options.maxAttempts ?? 5)) {
        this.logger.error({ ...log, err: error }, 'timer failed');
        return { outcome: 'failed', update: { status: 'failed', attempts, last_error: message } };
      }
      const delayMs = (this.options.retryDelayMs ?? 1000) * 2 ** (attempts - 1);
      this.logger.warn({ ...log, err: error, delayMs }, 'timer not fired: retrying');
      return { outcome: 'retrying', update: { attempts, last_error: message, retry_at: new Date(services.clock.now().getTime() + delayMs) } };
    }
  }

  private async keepFiring(): Promise<void> {
    const { signal } = this.stopping;
    const batchSize = this.options.batchSize ?? 20;
    while (!signal.aborted) {
      try {
        // A full batch means more may be due: go again at once.
        while (!signal.aborted && (await this.fireDueTimers()).length === batchSize);
      } catch (error) {
        this.logger.warn({ err: error }, 'timer scheduler: could not fire due timers; trying again');
      }
      await abortableDelay(this.options.pollIntervalMs ?? 500, signal);
    }
  }
}
