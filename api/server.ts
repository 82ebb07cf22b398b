import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { startInfrastructure } from './infrastructure.js';
import { createLogger } from './logger.js';
import { demoBanner, demoDataWanted, seedDemoData } from '../tools/demo/index.js';

/** Starts Tiyende: the database (embedded unless DATABASE_URL), the event store, the read side (a worker process unless READ_SIDE=inline), HTTP. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const withDemoData = demoDataWanted({ DEMO_DATA: process.env.DEMO_DATA, NODE_ENV: config.NODE_ENV });
  const infrastructure = await startInfrastructure(config, logger);
  const demo = withDemoData
    ? await seedDemoData({ accounts: infrastructure.accounts.context, commands: infrastructure.commands, logger: logger.child({ component: 'demo' }) })
    : null;
  const app = await buildApp({
    logger,
    health: infrastructure.health,
    accounts: infrastructure.accounts,
    commands: infrastructure.commands,
    live: infrastructure.live,
    mapDataDir: infrastructure.mapDataDir,
    documents: infrastructure.storage.store,
    payments: { providers: infrastructure.payments.providers, collector: infrastructure.collector },
    storage: infrastructure.storage.store,
    textOutbox: infrastructure.textOutbox,
    readPositions: infrastructure.readPositions,
    trustProxy: config.TRUST_PROXY,
    production: config.NODE_ENV === 'production',
    tileUrl: config.TILE_URL,
    tileAttribution: config.TILE_ATTRIBUTION,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await app.close();
    await infrastructure.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  logger.info(`Tiyende is running on http://localhost:${config.PORT}`);
  if (demo) process.stdout.write(demoBanner(`http://localhost:${config.PORT}`, demo));
}

main().catch((error: unknown) => {
  // One line naming the cause (never a bare `undefined`), then the details for whoever digs.
  const cause = error instanceof Error && error.message ? error.message : `an unexplained failure (${String(error)})`;
  process.stderr.write(`Tiyende could not start: ${cause}\n`);
  if (error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
