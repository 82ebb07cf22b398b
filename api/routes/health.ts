import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthReport } from '../../contract/health.js';

export { HealthReport };

/** GET /health: the database, the event store and how far each projection lags behind `$all`. */
export function healthRoutes(check: () => Promise<HealthReport>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['operations'],
          summary: 'Liveness and readiness, with projection lag',
          response: { 200: HealthReport, 503: HealthReport },
        },
      },
      async (_request, reply) => {
        const report = await check();
        return reply.status(report.status === 'down' ? 503 : 200).send(report);
      },
    );
  };
}
