import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MemoryTextMessages } from '../../../commands/shared/safetyPorts.js';

/**
 * GET /api/dev/texts: the safety net's SMS (to trusted contacts) the development outbox "sent",
 * newest first. Registered only without an SMS gateway and outside production.
 */
export function devTextRoutes(outbox: MemoryTextMessages): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dev/texts',
      {
        schema: {
          tags: ['development'],
          summary: "Trusted contacts' SMS sent by the development outbox (not in production)",
          querystring: z.object({ to: z.string().max(40).optional().describe('Only messages to this number (E.164)') }),
          response: { 200: z.object({ messages: z.array(z.object({ to: z.string(), text: z.string(), sentAt: z.date() })) }) },
        },
      },
      async (request) => ({ messages: outbox.sent.filter((message) => !request.query.to || message.to === request.query.to) }),
    );
  };
}
