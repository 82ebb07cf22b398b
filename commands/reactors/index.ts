import type pg from 'pg';
import { silentLogger, type ProjectionLogger } from '../../projections/runner/logger.js';
import { migrateProjections } from '../../projections/runner/migrate.js';
import type { LagProbe } from '../../projections/runner/postgresLagProbe.js';
import type { Projection } from '../../projections/runner/projection.js';
import { ProjectionRunner, type ProjectionRunnerOptions } from '../../projections/runner/runner.js';
import { migrateDispatchTelemetry } from '../dispatch/driverLocations.js';
import type { CommandServices } from '../shared/services.js';
import { TimerScheduler } from '../timers/timerScheduler.js';
import { PaymentCollector, type PaymentCollectorOptions } from '../payment/collector.js';
import { migrateTripTrail, TripWatcher, type TripWatcherOptions } from '../safety/tripWatcher.js';
import { createReactors, type ReactorOptions } from './registry.js';

export { createReactors, type ReactorOptions } from './registry.js';
export { bidSettlementReactor } from './bidSettlement.js';
export { driverDutyReactor } from './driverDuty.js';
export { safetyNetReactor } from './safetyNet.js';
export { reactionContext, react, type ReactorDeps, type ReactionOutcome } from './reaction.js';

export interface WriteSideOptions extends ReactorOptions {
  lagProbe?: LagProbe;
  /** How often the timer scheduler looks for due timers (default 500 ms). */
  timerPollIntervalMs?: number;
  /**
   * Read models to run on the reactors' reader: one `$all` reader for the whole read side, every
   * page applied to the projections and the reactors together. Their tables must be migrated already.
   */
  alongside?: readonly Projection[];
  /** Passed on to the runner: runs in each page's transaction (the read side's NOTIFY on commit). */
  onCommit?: ProjectionRunnerOptions['onCommit'];
  /** The payment collector's providers and pace; without it no money moves (nothing is sent to a provider). */
  collector?: Omit<PaymentCollectorOptions, 'services' | 'logger'>;
  /** The ride-check watcher's pace. */
  tripWatcher?: Omit<TripWatcherOptions, 'services' | 'logger'>;
}

export interface WriteSideProcesses {
  /** The reactors' runner (and the read models' `alongside`): status() and lag() for /health. */
  reactors: ProjectionRunner;
  timers: TimerScheduler;
  /** Sends mobile-money requests and refunds, polls, takes callbacks; null without providers. */
  payments: PaymentCollector | null;
  /** Looks at trips under way and raises ride checks. */
  tripWatcher: TripWatcher;
  stop(): Promise<void>;
}

/** The tables the write side's background processes need: reactors' own, timers, driver telemetry, trip trails. */
export async function migrateWriteSide(services: CommandServices, options: ReactorOptions = {}): Promise<void> {
  await migrateDispatchTelemetry(services.db);
  await migrateTripTrail(services.db);
  await migrateProjections(services.db, createReactors({ services, logger: silentLogger }, options));
}

/**
 * Starts the reactors (on a projection runner of their own) and the timer scheduler. Safe to run
 * in several processes: each reactor's advisory lock lets one run it, and timers are claimed with
 * SKIP LOCKED. `pool` must reach the database that `services.db` uses.
 */
export async function startWriteSideProcesses(
  services: CommandServices,
  pool: pg.Pool,
  logger: ProjectionLogger = silentLogger,
  options: WriteSideOptions = {},
): Promise<WriteSideProcesses> {
  await migrateWriteSide(services, options);
  const reactors = new ProjectionRunner({
    pool,
    store: services.store,
    projections: [...(options.alongside ?? []), ...createReactors({ services, logger }, options)],
    lagProbe: options.lagProbe,
    logger,
    onCommit: options.onCommit,
  });
  const timers = new TimerScheduler({ services, logger, pollIntervalMs: options.timerPollIntervalMs });
  const payments = options.collector ? new PaymentCollector({ ...options.collector, services, logger }) : null;
  const tripWatcher = new TripWatcher({ services, logger, ...options.tripWatcher });
  reactors.start();
  timers.start();
  payments?.start();
  tripWatcher.start();
  return {
    reactors,
    timers,
    payments,
    tripWatcher,
    async stop() {
      await tripWatcher.stop();
      await payments?.stop();
      await timers.stop();
      await reactors.stop();
    },
  };
}
