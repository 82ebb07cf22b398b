import { ErrorBody } from '../../contract/primitives.js';

/**
 * The routes' HTTP helpers: refusal responses, query-string parsing, dates out. The wire's
 * building blocks themselves live in contract/ (shared with the web client) and are re-exported.
 */

export { EntityId, ErrorBody, Instant, Ngwee, Uuid, instantQuery, limitQuery } from '../../contract/primitives.js';

export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
} as const;

export const iso = (date: Date): string => date.toISOString();
export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The Idempotency-Key note every write route's description carries. */
export const IDEMPOTENT_WRITE =
  'Send an `Idempotency-Key` header (8–100 of A–Z a–z 0–9 _ -) to make a retry safe: the same key from the same user to the same route, with the same body, within 24 hours is the same command. The key again with a different body answers 422 (`idempotency_key_reused`, naming the key); a refused request (4xx) frees its key.';
