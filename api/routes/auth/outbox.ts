import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxEntry } from '../../accounts/transport.js';

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
          querystring: z.object({ to: z.string().max(320).optional().describe('Only messages to this phone number or e-mail address') }),
          response: {
            200: z.object({
              messages: z.array(
                z.object({
                  channel: z.enum(['sms', 'email']),
                  to: z.string(),
                  purpose: z.enum(['login', 'registration']),
                  code: z.string(),
                  subject: z.string(),
                  text: z.string(),
                  sentAt: z.date(),
                }),
              ),
            }),
          },
        },
      },
      async (request) => ({
        messages: outbox.filter((message) => !request.query.to || message.to === request.query.to.toLowerCase() || message.to === request.query.to),
      }),
    );
  };
}
