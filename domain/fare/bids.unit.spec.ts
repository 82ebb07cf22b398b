import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import { bidBounds, requireWithinBidBounds } from './bids.js';

describe('bidBounds', () => {
  it('runs from 60 % to 300 % of the quote', () => {
    // 0.6 × 5390 = 3234 → rounded up to 3240; 3 × 5390 = 16170.
    expect(bidBounds(5390)).toEqual({ floor: 3240, ceiling: 16170 });
  });

  it('never lets the floor drop under the ZMW 12 minimum', () => {
    // 0.6 × 1500 = 900, below 1200.
    expect(bidBounds(1500)).toEqual({ floor: 1200, ceiling: 4500 });
    expect(bidBounds(1200)).toEqual({ floor: 1200, ceiling: 3600 });
  });

  it('holds floor ≤ quote ≤ ceiling for every quote a fare can be', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1200, max: 10_000_000 }), (quote) => {
        const { floor, ceiling } = bidBounds(quote);
        expect(floor).toBeLessThanOrEqual(quote);
        expect(quote).toBeLessThanOrEqual(ceiling);
        expect(floor).toBeGreaterThanOrEqual(Math.max(1200, 0.6 * quote));
        expect(ceiling).toBeLessThanOrEqual(3 * quote);
      }),
    );
  });

  it.each([
    ['a quote below the minimum fare', 1000],
    ['a fractional amount', 1500.5],
    ['a negative amount', -1],
    ['NaN', Number.NaN],
  ])('refuses %s', (_label, quote) => {
    expect(() => bidBounds(quote)).toThrow(/^quoteTotal: /);
  });
});

describe('requireWithinBidBounds', () => {
  it('accepts the bounds themselves', () => {
    expect(() => requireWithinBidBounds(3240, 5390, 'bidAmount')).not.toThrow();
    expect(() => requireWithinBidBounds(16170, 5390, 'bidAmount')).not.toThrow();
  });

  it('refuses an amount under the floor with proposal_below_floor', () => {
    const error = (() => {
      try {
        requireWithinBidBounds(3230, 5390, 'proposedFare');
      } catch (thrown) {
        return thrown as DomainError;
      }
    })();
    expect(error).toBeInstanceOf(DomainError);
    expect(error?.code).toBe('proposal_below_floor');
    expect(error?.message).toBe('proposedFare: must be at least ZMW 32.4');
  });

  it('refuses an amount over the ceiling with proposal_above_ceiling', () => {
    expect(() => requireWithinBidBounds(16180, 5390, 'bidAmount')).toThrow(
      expect.objectContaining({ code: 'proposal_above_ceiling', message: 'bidAmount: must be at most ZMW 161.7' }),
    );
  });
});
