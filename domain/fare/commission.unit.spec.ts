import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitFare } from './commission.js';

describe('splitFare: 12 % commission rounded half up, the driver keeps the rest', () => {
  it.each([
    [5_000, 600, 4_400],
    [4_321, 519, 3_802], // 518.52 rounds up
    [1_234, 148, 1_086], // 148.08 rounds down
    [1_200, 144, 1_056],
    [0, 0, 0],
  ])('%i ngwee → commission %i, net %i', (gross, commissionNgwee, netNgwee) => {
    expect(splitFare(gross)).toEqual({ commissionNgwee, netNgwee });
  });

  it('always adds up to the fare, with the commission within half a ngwee of 12 %', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (gross) => {
        const { commissionNgwee, netNgwee } = splitFare(gross);
        expect(commissionNgwee + netNgwee).toBe(gross);
        expect(Math.abs(commissionNgwee - gross * 0.12)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('refuses an amount that is not whole ngwee', () => {
    expect(() => splitFare(12.5)).toThrow('grossNgwee');
    expect(() => splitFare(-1)).toThrow('grossNgwee');
  });
});
