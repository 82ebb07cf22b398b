import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Accounts } from './accounts/index.js';
import { registerAuth } from './plugins/auth.js';
import { registerCommandLog } from './plugins/commandLog.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerTextSafety } from './plugins/textSafety.js';
import type { App } from './types.js';
import { healthRoutes, type HealthReport } from './routes/health.js';
import { webRoutes } from './routes/web.js';
import { authRoutes } from './routes/auth/index.js';
import { productRoutes } from './routes/product/index.js';
import { registerLive } from './routes/live/index.js';
import type { LiveHub } from './live/index.js';
import type { CommandServices } from '../commands/shared/services.js';

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
  registerAuth(app, deps.accounts);
  registerCommandLog(app);
  registerTextSafety(app);

  await app.register(healthRoutes(deps.health));
  await app.register(authRoutes(deps.accounts));
  await registerLive(app, { hub: deps.live, accounts: deps.accounts });
  if (deps.commands) {
    await app.register(productRoutes({ commands: deps.commands, db: deps.commands.db, accounts: deps.accounts }));
  }
  // Last: the web app answers every other GET with its index.html.
  await app.register(webRoutes());
  return app;
}
