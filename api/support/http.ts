import { z } from 'zod';
import { entityIdSchema } from '../../commands/ride/inputs.js';

/**
 * Schema pieces every product route group shares: the refusal body, ids in paths, instants and
 * money on the wire. Money is always integer ngwee (1 ZMW = 100 ngwee), named `…Ngwee`.
 */

/** Every refusal: `{ message, code }`, sometimes with more (issues naming fields, retryAfterSeconds). */
export const ErrorBody = z.looseObject({ message: z.string(), code: z.string() });

export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
} as const;

/** Ids that end up in stream names keep to the store's alphabet (see commands/ride/inputs.ts). */
export const EntityId = entityIdSchema;

export const Uuid = z.uuid({ error: 'must be a UUID' });

/** An instant as ISO 8601 in UTC (`2026-12-01T08:00:00.000Z`). */
export const Instant = z.iso.datetime({ offset: true });

export const Ngwee = z.int().describe('Integer ngwee (100 ngwee = 1 ZMW)');

export const iso = (date: Date): string => date.toISOString();
export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** A page size from the query string (`?limit=20`). */
export const limitQuery = (fallback: number, max: number) =>
  z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(max, `must be at most ${max}`).default(fallback);

/** An instant in a query string (`?before=2026-12-01T08:00:00Z`), as a Date. */
export const instantQuery = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 instant such as 2026-12-01T08:00:00Z' })
  .transform((text) => new Date(text));

/** The Idempotency-Key note every write route's description carries. */
export const IDEMPOTENT_WRITE =
  'Send an `Idempotency-Key` header (8–100 of A–Z a–z 0–9 _ -) to make a retry safe: the same key from the same user is the same command.';
