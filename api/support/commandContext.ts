import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { uuidV5 } from '../../commands/shared/eventIds.js';
import type { CommandContext } from '../../commands/shared/handleCommand.js';
import { DomainError } from '../../domain/shared/index.js';
import { actingRoleOf, signedInUser } from '../plugins/auth.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * The command context of a request by a signed-in user: who acts (from the session, never the
 * body), which request this is (its correlation id), and the command id.
 *
 * A client that may retry (a flaky mobile network) sends an `Idempotency-Key` header; the retry
 * carries the same key and so the same command id, and the write side appends nothing twice.
 * The command id is derived from the key AND the user, so two users' keys never name the same
 * command: nobody can replay, or pre-empt, someone else's request by guessing their key.
 * Without the header every request is a new command. api/plugins/idempotency.ts remembers each
 * key per user and route for 24 hours and names the command by that use of the key (a key reused
 * with another body is a 422 before any handler runs).
 */
export function commandContextFor(request: FastifyRequest): CommandContext {
  const user = signedInUser(request);
  const key = idempotencyKeyOf(request);
  return {
    commandId: request.idempotency?.commandId ?? (key === undefined ? randomUUID() : uuidV5(`idempotency\u0000${user.id}\u0000${key}`)),
    correlationId: request.id,
    actor: { userId: user.id, role: actingRoleOf(request) },
  };
}

/** The request's Idempotency-Key, or undefined; a malformed one is a 400 naming the header. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    const message = 'must be 8 to 100 characters of letters, digits, _ and -';
    throw new DomainError('invalid', `headers.${IDEMPOTENCY_HEADER}: ${message}`, {
      issues: [{ field: `headers.${IDEMPOTENCY_HEADER}`, message }],
    });
  }
  return value;
}

/** A 403 for acting on someone else's behalf: the session says who you are, not the request. */
export function notYours(field: string, what: string): DomainError {
  return new DomainError('forbidden', `${field}: you may ${what} only for yourself`, { field });
}
