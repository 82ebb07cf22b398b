import { describe, expect, it } from 'vitest';
import { MAX_RETRY_DELAY_MS, retryDelay } from './backoff.js';

describe('the pause before trying the database again', () => {
  it('starts at the base, doubles with each failure in a row, and stops growing at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((failures) => retryDelay(failures, 1_000))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(retryDelay(10_000, 1_000)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelay(3, 50, 120)).toBe(120);
  });

  it('refuses a count that is not a positive whole number', () => {
    expect(() => retryDelay(0, 1_000)).toThrow('failures');
    expect(() => retryDelay(1.5, 1_000)).toThrow('failures');
  });
});
