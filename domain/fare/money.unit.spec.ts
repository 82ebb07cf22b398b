import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ceilToDisplayStep, floorToDisplayStep, formatZmw, ngweeFromZmw, roundToDisplayStep, roundUpToTenth } from './money.js';

describe('display rounding', () => {
  it.each([
    [0, 0],
    [1200, 12],
    [1201, 12.1],
    [1234, 12.4],
    [1239, 12.4],
    [1240, 12.4],
    [5, 0.1],
  ])('roundUpToTenth(%i ngwee) is ZMW %d', (ngwee, zmw) => {
    expect(roundUpToTenth(ngwee)).toBe(zmw);
  });

  it('formats kwacha to one decimal', () => {
    expect(formatZmw(5390)).toBe('ZMW 53.9');
    expect(formatZmw(1200)).toBe('ZMW 12.0');
    expect(formatZmw(31_401)).toBe('ZMW 314.1');
  });

  it('never shows less than the amount, nor 0.1 ZMW more', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000_000 }), (ngwee) => {
        const shown = Math.round(roundUpToTenth(ngwee) * 100);
        expect(shown).toBeGreaterThanOrEqual(ngwee);
        expect(shown - ngwee).toBeLessThan(10);
      }),
    );
  });

  it('refuses amounts that are not whole ngwee', () => {
    expect(() => roundUpToTenth(12.5)).toThrow(/^amount: /);
    expect(() => roundUpToTenth(-10)).toThrow(/^amount: /);
  });
});

describe('rounding to the 10-ngwee step', () => {
  it('rounds lines half up, totals up and limits down', () => {
    // 75 → 80 (half up); 74 → 70; 5382 → 5390 (up); 16179 → 16170 (down)
    expect(roundToDisplayStep(75)).toBe(80);
    expect(roundToDisplayStep(74)).toBe(70);
    expect(roundToDisplayStep(170_400, 1000)).toBe(170);
    expect(ceilToDisplayStep(5382)).toBe(5390);
    expect(ceilToDisplayStep(5380)).toBe(5380);
    expect(floorToDisplayStep(16_179)).toBe(16_170);
  });
});

describe('ngweeFromZmw', () => {
  it('converts typed kwacha to the nearest ngwee', () => {
    expect(ngweeFromZmw(25)).toBe(2500);
    expect(ngweeFromZmw(32.45)).toBe(3245);
    expect(ngweeFromZmw(0.1 + 0.2)).toBe(30);
  });

  it('refuses what is not an amount, naming the field', () => {
    expect(() => ngweeFromZmw(Number.NaN, 'bidAmount')).toThrow(/^bidAmount: /);
    expect(() => ngweeFromZmw(-5, 'proposedFare')).toThrow(/^proposedFare: /);
  });
});
