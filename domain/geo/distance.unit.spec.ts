import { describe, expect, it } from 'vitest';
import { haversineKm, polylineLengthKm } from './distance.js';

const kitwe = { lat: -12.8024, lng: 28.2136 };
const ndola = { lat: -12.9587, lng: 28.6366 };

describe('geo', () => {
  it('measures Kitwe to Ndola as about 49 km in a straight line', () => {
    expect(haversineKm(kitwe, ndola)).toBeCloseTo(49.0, 0);
  });

  it('adds up a polyline segment by segment', () => {
    const midway = { lat: (kitwe.lat + ndola.lat) / 2, lng: (kitwe.lng + ndola.lng) / 2 };
    expect(polylineLengthKm([kitwe, midway, ndola])).toBeCloseTo(haversineKm(kitwe, ndola), 2);
    expect(polylineLengthKm([kitwe])).toBe(0);
  });
});
