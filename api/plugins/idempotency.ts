import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { uuidV5 } from '../../commands/shared/eventIds.js';
import type { Clock } from '../../platform/clock.js';
import { claimIdempotencyKey, IDEMPOTENCY_KEY_TTL_MS, releaseIdempotencyKey, requestFingerprint, type KeyUse, type ProductDatabase } from '../../product/index.js';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from '../support/commandContext.js';
import type { App } from '../types.js';
import { currentUser } from './auth.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for a signed-in write carrying an Idempotency-Key: the command id this use of the key names. */
    idempotency: { commandId: string; use: KeyUse; since: Date; first: boolean } | null;
  }
}

/**
 * Idempotency keys, remembered per user AND route (method and path) for 24 hours in PostgreSQL,
 * so every replica sees the same keys:
 *
 * - the first request with a key claims it with the fingerprint of its body and query;
 * - the same request again (a retry) names the same command: the write side appends nothing twice
 *   and the route answers with the state it led to;
 * - the key again with another body or query answers 422 naming the key, and nothing is done —
 *   never the first request's answer as if it were this one's;
 * - a request refused (4xx) gives its key back, so a corrected one may use it; one that failed on
 *   our side (5xx) keeps it, since its outcome is unknown and the retry must be the same command;
 * - the same key on another route, or after 24 hours, is a new command.
 */
export function registerIdempotency(app: App, deps: { db: Kysely<ProductDatabase>; clock: Clock; ttlMs?: number }): void {
  const ttlMs = deps.ttlMs ?? IDEMPOTENCY_KEY_TTL_MS;
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!WRITES.has(request.method) || request.headers[IDEMPOTENCY_HEADER] === undefined) return;
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') || route.startsWith('/api/auth/')) return;
    const user = currentUser(request);
    if (!user) return; // the route's guard refuses it
    const key = idempotencyKeyOf(request)!;
    const use: KeyUse = { userId: user.id, scope: scopeOf(request), key, fingerprint: requestFingerprint({ body: request.body ?? null, query: request.query ?? {} }) };
    const claim = await claimIdempotencyKey(deps.db, use, deps.clock.now(), ttlMs);
    if (claim.outcome === 'mismatch') {
      const field = `headers.${IDEMPOTENCY_HEADER}`;
      const message = `${field}: the Idempotency-Key "${key}" was used for a different request to ${use.scope} within the last 24 hours; send a new key for a new request.`;
      return reply.status(422).send({ message, code: 'idempotency_key_reused', key, issues: [{ field, message: 'was used for a different request' }] });
    }
    request.idempotency = {
      commandId: uuidV5(`idempotency\u0000${user.id}\u0000${use.scope}\u0000${key}\u0000${claim.since.getTime()}`),
      use,
      since: claim.since,
      first: claim.outcome === 'first',
    };
  });

  app.addHook('onResponse', async (request, reply) => {
    const claimed = request.idempotency;
    if (!claimed?.first || reply.statusCode < 400 || reply.statusCode >= 500) return;
    await releaseIdempotencyKey(deps.db, claimed.use, claimed.since).catch((error: unknown) =>
      request.log.warn({ err: error }, 'idempotency key not released'),
    );
  });
}

function scopeOf(request: FastifyRequest): string {
  return `${request.method} ${request.url.split('?')[0]}`;
}
