import type { Logger } from 'pino';
import { createReactors, startWriteSideProcesses, type WriteSideProcesses } from '../../commands/reactors/index.js';
import type { CommandServices } from '../../commands/shared/services.js';
import { silentLogger } from '../../projections/runner/logger.js';
import { notifyReadPositions, type Projection } from '../../projections/runner/index.js';
import { projections } from '../../projections/registry.js';
import { createPool } from '../../platform/database/connect.js';
import { READ_MODELS_APPLICATION_NAME } from '../../platform/eventStore/postgres/migrations.js';
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
export async function startReadSideProcesses(foundation: Foundation, commands: CommandServices, logger: Logger): Promise<WriteSideProcesses> {
  // The runner's transactions write read models and checkpoints and never append (reactors append
  // through the commands, on the foundation's pool): on connections named so, the event store's
  // fence does not wait for them, and subscriptions are not held back behind every page.
  const readModels = createPool(foundation.databaseUrl, READ_MODEL_CONNECTIONS, {
    applicationName: READ_MODELS_APPLICATION_NAME,
    onConnectionLost: (error) => logger.warn({ err: error }, 'a read-model database connection was lost; the pool reconnects'),
  });
  try {
    const processes = await startWriteSideProcesses(commands, readModels, logger.child({ component: 'projections' }), {
      lagProbe: foundation.lagProbe,
      alongside: projections,
      payments: foundation.payments.requests,
      collector: { providers: foundation.payments.providers.byGateway },
      // Every page's new checkpoints, to the API instances waiting to read their writes.
      onCommit: notifyReadPositions,
    });
    return {
      ...processes,
      async stop() {
        await processes.stop();
        await readModels.end();
      },
    };
  } catch (error) {
    await readModels.end();
    throw error;
  }
}

/** The read-model pool: half of it is the most lanes a page is applied in at once (one shared, one per reactor of its own). */
const READ_MODEL_CONNECTIONS = 14;

/** Every projection and reactor the read side runs, by name (for /health where they run elsewhere). */
export function readSideProjections(foundation: Foundation, commands: CommandServices): Projection[] {
  return [...projections, ...createReactors({ services: commands, logger: silentLogger }, { payments: foundation.payments.requests })];
}
