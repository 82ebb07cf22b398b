/*
 * Route-level search-parameter checks (the route tree checks the URL before any screen's code
 * loads, so these run on the first page: small hand-written checks rather than zod, which would
 * add ~25 KB gzip to what a phone downloads first). Anything malformed is dropped and the page's
 * defaults apply.
 */

/** A calendar day as the URL carries it, YYYY-MM-DD, that exists (no 2026-02-30). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The search without the parameters that were dropped. */
export const definedOnly = <T extends object>(search: T): T =>
  Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as T;

/** A string of at most `max` characters (after trimming, when asked), not blank. */
export function shortText(value: unknown, max: number, { trim = false } = {}): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = trim ? value.trim() : value;
  return text.length >= 1 && text.length <= max ? text : undefined;
}
