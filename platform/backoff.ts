/** The longest anything waits before trying the database again, however long it has been away. */
export const MAX_RETRY_DELAY_MS = 30_000;

/**
 * The pause before the `failures`-th attempt in a row (1 for the first retry): `baseMs`, doubling
 * with each failure, at most `maxMs`. A database back after a blip is found at once; one down for
 * minutes is asked every half minute, not hammered every second by every projection, listener and
 * replica.
 */
export function retryDelay(failures: number, baseMs: number, maxMs = MAX_RETRY_DELAY_MS): number {
  if (!Number.isInteger(failures) || failures < 1) throw new RangeError(`failures: must be a positive integer, got ${failures}`);
  return Math.min(maxMs, baseMs * 2 ** Math.min(failures - 1, 30));
}
