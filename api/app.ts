import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { registerErrorHandler } from './plugins/errors.js';
import type { App } from './types.js';
import { healthRoutes, type HealthReport } from './routes/health.js';
import { homeRoutes } from './routes/home.js';

export interface AppDependencies {
  logger: Logger;
  health: () => Promise<HealthReport>;
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

  await app.register(healthRoutes(deps.health));
  await app.register(homeRoutes);
  return app;
}
