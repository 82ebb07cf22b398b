import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const HealthReport = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['embedded', 'external']), latencyMs: z.number().optional(), error: z.string().optional() }),
  eventStore: z.object({ ok: z.boolean(), adapter: z.enum(['postgres', 'eventstoredb']), error: z.string().optional() }),
  projections: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      eventsBehind: z.number(),
      msBehind: z.number(),
    }),
  ),
});
export type HealthReport = z.infer<typeof HealthReport>;

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
