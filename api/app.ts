import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Accounts } from '../accounts/index.js';
import { registerAuth } from './plugins/auth.js';
import { requireRideFacts } from '../commands/rideFacts/index.js';
import { registerCommandLog } from './plugins/commandLog.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerSecurity } from './plugins/security.js';
import { registerTextSafety } from './plugins/textSafety.js';
import type { App } from './types.js';
import { sharedDatabase, type SharedTables } from './services/database.js';
import { healthRoutes, type HealthReport } from './routes/health.js';
import { clientConfigScript, webRoutes } from './routes/web.js';
import { authRoutes } from './routes/auth/index.js';
import { productRoutes } from './routes/product/index.js';
import { registerLive } from './routes/live/index.js';
import { mapRoutes } from './routes/map.js';
import type { LiveHub } from '../live/index.js';
import type { CommandServices } from '../commands/shared/services.js';
import type { ObjectStore } from '../platform/documents/index.js';
import type { PaymentRouteDeps } from './routes/product/deps.js';
import type { MemoryTextMessages } from '../commands/shared/safetyPorts.js';
import { projections } from '../projections/registry.js';
import type { ReadPositions } from '../projections/runner/index.js';
import { registerReadYourWrites, trackingAppends } from './plugins/readYourWrites.js';

export interface AppDependencies {
  logger: Logger;
  health: () => Promise<HealthReport>;
  accounts: Accounts;
  /** The write side and the read models; without it only health and auth are served (auth tests). */
  commands?: CommandServices;
  /** How many proxies in front may set X-Forwarded-For (rate limits count per client IP). */
  trustProxy?: number;
  /** Live updates at `/ws`, and `app.live` for routes that publish driver positions; absent in tests that need neither. */
  live?: LiveHub;
  /** Production turns on HSTS; default: what the accounts context says. */
  production?: boolean;
  /** Online map tiles for the web app (`https://…/{z}/{x}/{y}.png`) and their attribution. */
  tileUrl?: string | undefined;
  tileAttribution?: string | undefined;
  /** MAP_DATA_DIR: its imported road tiles and attribution are served at /api/map (docs/maps.md). */
  mapDataDir?: string;
  /** Where drivers' uploaded documents are kept (openStorage's encrypted store); without it no upload routes. */
  documents?: ObjectStore;
  /** The configured payment providers and the collector; without them only cash is offered. */
  payments?: PaymentRouteDeps;
  /** Uploads (ride recordings), encrypted at rest. */
  storage?: ObjectStore | null;
  /** The safety net's development SMS outbox (GET /api/dev/texts). */
  textOutbox?: MemoryTextMessages | null;
  /** Where the read models stand, for reads that ask for at least a position (`Tiyende-Min-Position`); without it they never wait. */
  readPositions?: ReadPositions;
  /** How long such a read waits at most (default MAX_READ_WAIT_MS, 2 s). */
  readWaitMs?: number;
}

/**
 * Builds the HTTP app without listening (fastify/demo's app.ts): tests drive it with
 * `app.inject`, server.ts gives it a port. Plugins first, then routes, in a visible order.
 */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    // The correlation id a client sends (or a new one) names the request in logs and, later, the
    // events it causes.
    genReqId: (request) => {
      const given = request.headers['x-correlation-id'];
      return typeof given === 'string' && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'correlationId' }),
    bodyLimit: 256 * 1024,
    // Only the given number of proxies in front may name the client's address.
    trustProxy: deps.trustProxy ? (_address: string, hop: number) => hop < (deps.trustProxy ?? 0) : false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Commands' answers carry their `$all` position; reads may wait for the read models to pass one.
  registerReadYourWrites(app, { positions: deps.readPositions, readModels: projections.map((projection) => projection.name), maxWaitMs: deps.readWaitMs });
  // A view of the services whose store tracks positions; every other property reads through to the
  // services themselves, so what is set on them later (a test bed's fixed PIN draws) still holds.
  const commands: typeof deps.commands =
    deps.commands && Object.create(deps.commands, { store: { value: trackingAppends(deps.commands.store), enumerable: true } });
  // First, before any route: the browser-facing headers and the JSON-only rule for writes.
  const web = { tileUrl: deps.tileUrl, tileAttribution: deps.tileAttribution };
  const inlineScript = clientConfigScript(web);
  await registerSecurity(app, {
    production: deps.production ?? deps.accounts.production,
    tileUrl: deps.tileUrl,
    inlineScripts: inlineScript ? [inlineScript] : [],
  });

  await app.register(swagger, {
    openapi: { info: { title: 'Tiyende API', version: '0.1.0', description: 'Rides, bids, drivers and more across the Copperbelt' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-correlation-id', request.id);
  });
  // The session cookie is read on every request; the secret signs the short-lived provider cookie.
  await app.register(cookie, { secret: deps.accounts.context.secret });
  // A two-role account acts on a ride in the role it has there (see plugins/auth.ts).
  const store = deps.commands?.store;
  registerAuth(app, deps.accounts, store ? { ridePeople: (rideId) => requireRideFacts(store, rideId) } : {});
  registerCommandLog(app);
  registerTextSafety(app);
  // Every module's tables live in the same database, over the same pool, as the commands' handle.
  const db = commands && sharedDatabase(commands.db.withTables<SharedTables>());
  if (commands && db) registerIdempotency(app, { db, clock: commands.clock });

  await app.register(healthRoutes(deps.health));
  await app.register(authRoutes(deps.accounts));
  await registerLive(app, { hub: deps.live, accounts: deps.accounts });
  if (commands && db) {
    await app.register(
      productRoutes({
        commands,
        db,
        accounts: deps.accounts,
        payments: deps.payments,
        storage: deps.storage ?? null,
        textOutbox: deps.textOutbox ?? null,
        ...(deps.documents ? { documents: deps.documents } : {}),
      }),
    );
  }
  if (deps.mapDataDir) await app.register(mapRoutes(deps.mapDataDir));
  // Last: the web app answers every other GET with its index.html.
  await app.register(webRoutes(web));
  return app;
}
