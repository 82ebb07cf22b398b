import { createCommandServices } from '../commands/shared/services.js';
import { loadConfig } from './config.js';
import { commandsDatabase, openFoundation } from './foundation.js';
import { createLogger } from './logger.js';
import type { WorkerMessage } from './readSide/messages.js';
import { startReadSideProcesses } from './readSide/processes.js';

/**
 * The read-side worker: every read model, reactor and timer, and the payment collector's loop, in
 * a process of their own so the API's event loop serves only HTTP and ws. `npm start` starts it
 * beside the API (api/readSide/supervisor.ts) and starts it again if it dies; a deployment may
 * also run it alone (`npm run worker`), any number of times: each projection's advisory lock lets
 * one process run it, the others stand by.
 */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL: the read-side worker needs the database the API uses (npm start gives it)');
  const logger = createLogger(config).child({ process: 'read-side worker' });
  const toParent = process.send ? (message: WorkerMessage) => void process.send!(message) : undefined;
  const foundation = await openFoundation(config, logger, {
    ...(toParent && { forwardTexts: (message) => toParent({ kind: 'text', message }) }),
  });
  const commands = createCommandServices({ store: foundation.eventStore, db: commandsDatabase(foundation), safety: foundation.safety });
  const readSide = await startReadSideProcesses(foundation, commands, logger);
  const report = () => toParent?.({ kind: 'status', projections: readSide.reactors.status() });
  const reporting = setInterval(report, 1000);
  report();
  toParent?.({ kind: 'ready' });
  logger.info({ pid: process.pid }, 'read-side worker ready');

  let closing = false;
  const shutdown = async (reason: string) => {
    if (closing) return;
    closing = true;
    logger.info({ reason }, 'read-side worker stopping');
    clearInterval(reporting);
    await readSide.stop();
    await foundation.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // The API that started it is gone (even killed outright): stop with it.
  process.on('disconnect', () => void shutdown('the API process is gone'));
}

main().catch((error: unknown) => {
  const cause = error instanceof Error && error.message ? error.message : `an unexplained failure (${String(error)})`;
  process.stderr.write(`The read-side worker could not start: ${cause}\n`);
  if (error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
