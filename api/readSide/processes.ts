import type { Logger } from 'pino';
import { createReactors, startWriteSideProcesses, type WriteSideProcesses } from '../../commands/reactors/index.js';
import type { CommandServices } from '../../commands/shared/services.js';
import { silentLogger } from '../../projections/runner/logger.js';
import { notifyReadPositions, type Projection } from '../../projections/runner/index.js';
import { projections } from '../../projections/registry.js';
import type { Foundation } from '../foundation.js';

/**
 * The read side and the write side's background work, on one reader of `$all`: every read model,
 * every reactor, the timer scheduler, the ride-check watcher, and the payment collector's loop
 * (sending requests, polling providers). They run in the read-side worker (`READ_SIDE=worker`,
 * the default of `npm start`), or in the API's own process (`READ_SIDE=inline`). The collector
 * lives here because its loop is background work like the timers (rows claimed with a lease, so
 * any number of processes may run it); the API keeps an unstarted collector for what arrives over
 * HTTP (provider callbacks, the admins' reconciliation), which works from the same tables.
 */
export function startReadSideProcesses(foundation: Foundation, commands: CommandServices, logger: Logger): Promise<WriteSideProcesses> {
  return startWriteSideProcesses(commands, foundation.pool, logger.child({ component: 'projections' }), {
    lagProbe: foundation.lagProbe,
    alongside: projections,
    payments: foundation.payments.requests,
    collector: { providers: foundation.payments.providers.byGateway },
    // Every page's new checkpoints, to the API instances waiting to read their writes.
    onCommit: notifyReadPositions,
  });
}

/** Every projection and reactor the read side runs, by name (for /health where they run elsewhere). */
export function readSideProjections(foundation: Foundation, commands: CommandServices): Projection[] {
  return [...projections, ...createReactors({ services: commands, logger: silentLogger }, { payments: foundation.payments.requests })];
}
