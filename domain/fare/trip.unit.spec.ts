import { describe, expect, it } from 'vitest';
import { estimateRoute, estimateTrip } from './route.js';

const kitwe = { lat: -12.8024, lng: 28.2132 };
const chingola = { lat: -12.5289, lng: 27.8536 };
const chililabombwe = { lat: -12.3667, lng: 27.8333 };

describe('estimateTrip', () => {
  it('with no stops is the single-leg estimate', () => {
    const trip = estimateTrip([kitwe, chingola]);
    const leg = estimateRoute(kitwe, chingola);
    expect(trip.distanceKm).toBe(leg.distanceKm);
    expect(trip.durationMin).toBe(leg.durationMin);
  });

  it('through a stop adds the legs: Kitwe → Chingola → Chililabombwe is longer than Kitwe → Chililabombwe', () => {
    const viaChingola = estimateTrip([kitwe, chingola, chililabombwe]);
    const legs = [estimateRoute(kitwe, chingola), estimateRoute(chingola, chililabombwe)];
    expect(viaChingola.distanceKm).toBeCloseTo(legs[0]!.distanceKm + legs[1]!.distanceKm, 2);
    expect(viaChingola.durationMin).toBe(legs[0]!.durationMin + legs[1]!.durationMin);
    expect(viaChingola.distanceKm).toBeGreaterThan(estimateRoute(kitwe, chililabombwe).distanceKm);
    expect(viaChingola.route).toHaveLength(3);
  });
});
