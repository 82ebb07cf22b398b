import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';

const CALLBACK_PREFIX = '/api/payments/callbacks';

const Acknowledged = z.object({ status: z.enum(['recorded', 'unchanged']) });

/**
 * Where providers report a payment's outcome: `/api/payments/callbacks/<gateway>/…`. No session:
 * each provider's adapter authenticates its own callbacks (our per-request token in the URL for
 * MTN MoMo and the sandbox; Airtel's application URL token and, when on, its HMAC `hash`). A
 * forged callback is refused (401) and changes nothing; a replay answers `unchanged`.
 */
export function paymentCallbackRoutes({ payments }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      method: ['POST', 'PUT'],
      url: `${CALLBACK_PREFIX}/*`,
      schema: {
        tags: ['payments'],
        summary: 'A payment provider reports an outcome (authenticated by the provider’s own scheme, not a session)',
        body: z.unknown(),
        response: { 200: Acknowledged, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
      handler: async (request, reply) => {
        const collector = payments?.collector;
        if (!collector) return reply.status(404).send({ message: 'No payment provider is configured', code: 'not_found' });
        const path = request.url.split('?')[0]!.slice(CALLBACK_PREFIX.length);
        const result = await collector.receiveCallback({
          method: request.method,
          path,
          headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value])),
          body: request.body,
        });
        switch (result.outcome) {
          case 'recorded':
          case 'unchanged':
            return reply.status(200).send({ status: result.outcome });
          case 'unauthenticated':
            return reply.status(401).send({ message: 'This callback is not authenticated for this payment', code: 'callback_unauthenticated' });
          case 'malformed':
            return reply.status(400).send({ message: result.detail, code: 'invalid' });
          case 'refused':
            return reply.status(409).send({ message: result.detail, code: 'not_allowed_in_state' });
          default:
            return reply.status(404).send({ message: result.detail, code: 'not_found' });
        }
      },
    });
  };
}
