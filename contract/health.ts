import { z } from 'zod';

/** GET /health: the database, the event store and how far each projection lags behind `$all`. */
export const HealthReport = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['embedded', 'external']), latencyMs: z.number().optional(), error: z.string().optional(), reconnecting: z.boolean().optional() }),
  eventStore: z.object({ ok: z.boolean(), adapter: z.enum(['postgres', 'eventstoredb']), error: z.string().optional() }),
  projections: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      eventsBehind: z.number(),
      msBehind: z.number(),
      /** Why a failed projection stopped: the event it threw on (stream, revision, type, position) and the error. */
      error: z.string().optional(),
    }),
  ),
});
export type HealthReport = z.infer<typeof HealthReport>;
