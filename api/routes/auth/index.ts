import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Accounts, AuthError } from '../../../accounts/index.js';
import { credentialRoutes } from './credentials.js';
import { mfaRoutes } from './mfa.js';
import { outboxRoutes } from './outbox.js';
import { providerRoutes } from './providers.js';

/**
 * Everything under /api/auth (and, outside production, /api/dev/outbox). Auth refusals here carry
 * their details (`retryAfterSeconds` with a Retry-After header, the taken `field`); everything else
 * goes on to the app's error handler.
 */
export function authRoutes(accounts: Accounts): FastifyPluginAsyncZod {
  return async (app) => {
    app.setErrorHandler((error: FastifyError | AuthError, _request, reply) => {
      if (!(error instanceof AuthError)) throw error;
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ message: error.message, code: error.code, ...error.details });
    });
    await app.register(credentialRoutes(accounts));
    await app.register(mfaRoutes(accounts));
    await app.register(providerRoutes(accounts));
    if (accounts.outbox) await app.register(outboxRoutes(accounts.outbox));
  };
}
