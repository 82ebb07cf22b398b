import type pg from 'pg';
import { silentLogger, type ProjectionLogger } from '../../projections/runner/logger.js';
import { migrateProjections } from '../../projections/runner/migrate.js';
import type { LagProbe } from '../../projections/runner/postgresLagProbe.js';
import { ProjectionRunner } from '../../projections/runner/runner.js';
import { migrateDispatchTelemetry } from '../dispatch/driverLocations.js';
import type { CommandServices } from '../shared/services.js';
import { TimerScheduler } from '../timers/timerScheduler.js';
import { createReactors, type ReactorOptions } from './registry.js';

export { createReactors, type ReactorOptions } from './registry.js';
export { bidSettlementReactor } from './bidSettlement.js';
export { driverDutyReactor } from './driverDuty.js';
export { reactionContext, react, type ReactorDeps, type ReactionOutcome } from './reaction.js';

export interface WriteSideOptions extends ReactorOptions {
  lagProbe?: LagProbe;
  /** How often the timer scheduler looks for due timers (default 500 ms). */
  timerPollIntervalMs?: number;
}

export interface WriteSideProcesses {
  /** The reactors' runner: status() and lag() for /health. */
  reactors: ProjectionRunner;
  timers: TimerScheduler;
  stop(): Promise<void>;
}

/** The tables the write side's background processes need: reactors' own, timers, driver telemetry. */
export async function migrateWriteSide(services: CommandServices, options: ReactorOptions = {}): Promise<void> {
  await migrateDispatchTelemetry(services.db);
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
    projections: createReactors({ services, logger }, options),
    lagProbe: options.lagProbe,
    logger,
  });
  const timers = new TimerScheduler({ services, logger, pollIntervalMs: options.timerPollIntervalMs });
  reactors.start();
  timers.start();
  return {
    reactors,
    timers,
    async stop() {
      await timers.stop();
      await reactors.stop();
    },
  };
}
