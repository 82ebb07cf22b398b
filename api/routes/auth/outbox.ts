import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Outbox, OutboxQuery } from '../../../contract/auth.js';
import type { OutboxEntry } from '../../../accounts/index.js';

/**
 * GET /api/dev/outbox: the one-time codes the log transport "sent", newest first. Registered only
 * outside production, so there it does not exist at all (404).
 */
export function outboxRoutes(outbox: readonly OutboxEntry[]): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dev/outbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Codes sent by the development transport (not in production)',
          querystring: OutboxQuery,
          response: { 200: Outbox },
        },
      },
      async (request) => ({
        messages: outbox.filter((message) => !request.query.to || message.to === request.query.to.toLowerCase() || message.to === request.query.to),
      }),
    );
  };
}
