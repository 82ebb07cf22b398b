import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bearingDegrees, turnAngleDegrees, turnModifier } from './bearing.js';

const kitwe = { lat: -12.8024, lng: 28.2136 };

describe('bearingDegrees', () => {
  it('reads the compass: north 0, east 90, south 180, west 270', () => {
    expect(bearingDegrees(kitwe, { lat: kitwe.lat + 0.01, lng: kitwe.lng })).toBeCloseTo(0, 6);
    expect(bearingDegrees(kitwe, { lat: kitwe.lat, lng: kitwe.lng + 0.01 })).toBeCloseTo(90, 2);
    expect(bearingDegrees(kitwe, { lat: kitwe.lat - 0.01, lng: kitwe.lng })).toBeCloseTo(180, 6);
    expect(bearingDegrees(kitwe, { lat: kitwe.lat, lng: kitwe.lng - 0.01 })).toBeCloseTo(270, 2);
  });

  it('heads north-east from Kitwe towards Mufulira and south-east towards Ndola', () => {
    expect(bearingDegrees(kitwe, { lat: -12.55, lng: 28.2333 })).toBeGreaterThan(0);
    expect(bearingDegrees(kitwe, { lat: -12.55, lng: 28.2333 })).toBeLessThan(10);
    const towardsNdola = bearingDegrees(kitwe, { lat: -12.9587, lng: 28.6366 });
    expect(towardsNdola).toBeGreaterThan(100);
    expect(towardsNdola).toBeLessThan(115);
  });
});

describe('turnAngleDegrees', () => {
  it('is positive to the right, negative to the left, and wraps through north', () => {
    expect(turnAngleDegrees(0, 90)).toBe(90);
    expect(turnAngleDegrees(90, 0)).toBe(-90);
    expect(turnAngleDegrees(350, 10)).toBe(20);
    expect(turnAngleDegrees(10, 350)).toBe(-20);
    expect(turnAngleDegrees(0, 180)).toBe(180);
  });

  it('always lies in (−180, 180]', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 360, maxExcluded: true, noNaN: true }), fc.double({ min: 0, max: 360, maxExcluded: true, noNaN: true }), (a, b) => {
        const angle = turnAngleDegrees(a, b);
        expect(angle).toBeGreaterThan(-180);
        expect(angle).toBeLessThanOrEqual(180);
      }),
    );
  });
});

describe('turnModifier', () => {
  it.each([
    [0, 10, 'straight'],
    [0, 45, 'slight_right'],
    [0, 90, 'right'],
    [0, 150, 'sharp_right'],
    [0, 180, 'uturn'],
    [90, 0, 'left'],
    [90, 40, 'slight_left'],
    [90, 300, 'sharp_left'],
    [350, 80, 'right'],
  ] as const)('from %d° to %d° is %s', (before, after, modifier) => {
    expect(turnModifier(before, after)).toBe(modifier);
  });

  it('mirrors: the same turn the other way is the same word on the other side', () => {
    const mirror = (word: string) => word.replace('right', '§').replace('left', 'right').replace('§', 'left');
    fc.assert(
      fc.property(fc.double({ min: 0, max: 359, noNaN: true }), fc.double({ min: -179, max: 179, noNaN: true }), (before, angle) => {
        expect(turnModifier(before, before - angle)).toBe(mirror(turnModifier(before, before + angle)));
      }),
    );
  });
});
