import { describe, expect, it } from 'vitest';
import { estimateRoute, haversineKm } from './route.js';

describe('haversineKm', () => {
  it('measures one degree along a meridian as about 111.2 km', () => {
    // 2πR / 360 with R = 6371.0088 km = 111.195 km
    expect(haversineKm({ lat: -13, lng: 28 }, { lat: -12, lng: 28 })).toBeCloseTo(111.195, 2);
  });

  it('is symmetric and zero for one point', () => {
    const kitwe = { lat: -12.817, lng: 28.2 };
    const ndola = { lat: -12.9587, lng: 28.6366 };
    expect(haversineKm(kitwe, ndola)).toBeCloseTo(haversineKm(ndola, kitwe), 9);
    expect(haversineKm(kitwe, kitwe)).toBe(0);
  });
});

describe('estimateRoute', () => {
  it('drives the great circle at 30 km/h with moderate traffic and a 2-minute delay', () => {
    // Δlat 1° = 111.195 km → 111.2 km (to the 10 m); 111.2 km ÷ 30 km/h = 222.4 min → 223
    const route = estimateRoute({ lat: -13, lng: 28 }, { lat: -12, lng: 28 });
    expect(route).toEqual({
      distanceKm: 111.2,
      durationMin: 223,
      trafficLevel: 'moderate',
      estimatedTrafficDelayMin: 2,
      route: [{ lat: -13, lng: 28 }, { lat: -12, lng: 28 }],
      source: 'great_circle',
    });
  });

  it('counts at least 1 km and 5 minutes for a very short hop', () => {
    const route = estimateRoute({ lat: -12.8, lng: 28.2 }, { lat: -12.8001, lng: 28.2 });
    expect(route.distanceKm).toBe(1);
    expect(route.durationMin).toBe(5);
  });

  it('falls back to 8.5 km and 15 minutes without both points', () => {
    for (const route of [estimateRoute(), estimateRoute({ lat: -12.8, lng: 28.2 }), estimateRoute(null, { lat: -12.8, lng: 28.2 })]) {
      expect(route).toMatchObject({ distanceKm: 8.5, durationMin: 15, route: [], source: 'default' });
    }
  });

  it('refuses a point off the globe, naming which', () => {
    expect(() => estimateRoute({ lat: -12.8, lng: 28.2 }, { lat: -95, lng: 28 })).toThrow(/^dropoff\.lat: /);
  });
});
