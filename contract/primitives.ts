import { z } from 'zod';
import { entityIdSchema } from '../domain/shared/entityId.js';

/**
 * The wire's building blocks, shared by the server's routes (which validate and document with
 * them) and the web client (which types its calls with them): one definition of each shape.
 * Money is integer ngwee (1 ZMW = 100 ngwee), named `…Ngwee`; see ./money.ts for the ZMW figures.
 */

/** Every refusal: `{ message, code }`, sometimes with more (issues naming fields, retryAfterSeconds). */
export const ErrorBody = z.looseObject({ message: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Ids that end up in stream names keep to the store's alphabet (domain/shared/entityId.ts). */
export const EntityId = entityIdSchema;

export const Uuid = z.uuid({ error: 'must be a UUID' });

/** An instant as ISO 8601 in UTC (`2026-12-01T08:00:00.000Z`). */
export const Instant = z.iso.datetime({ offset: true });

export const Ngwee = z.int().describe('Integer ngwee (100 ngwee = 1 ZMW)');

/** A page size from the query string (`?limit=20`). */
export const limitQuery = (fallback: number, max: number) =>
  z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(max, `must be at most ${max}`).default(fallback);

/** An instant in a query string (`?before=2026-12-01T08:00:00Z`), as a Date. */
export const instantQuery = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 instant such as 2026-12-01T08:00:00Z' })
  .transform((text) => new Date(text));
