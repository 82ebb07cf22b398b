import { describe, expect, it } from 'vitest';
import { estimateTrip } from '../../domain/fare/route.js';
import { roadGrid } from '../../tests/support/roadGrid.js';
import { routeEstimateOf } from './fareEstimate.js';
import { createOfflineRouter } from './offline/offlineRouter.js';

const grid = roadGrid();
const router = createOfflineRouter({
  source: 'openstreetmap',
  attribution: '© OpenStreetMap contributors',
  roads: [...grid.streets, ...grid.avenues].map(({ name, coordinates }) => ({ name, coordinates, ref: null, roadClass: 'primary', oneway: false, maxSpeedKmh: null })),
});

describe('a route as the fare engine prices it', () => {
  it('prices a road route on its own distance and whole minutes, with no traffic it did not measure', async () => {
    // 2.5 km of primary road at 55 km/h: 2.73 minutes, so 3 whole minutes.
    const route = await router.route({ waypoints: [grid.at(0, 0), grid.at(3, 2)] });
    expect(routeEstimateOf(route)).toEqual({
      distanceKm: 2.5,
      durationMin: 3,
      estimatedTrafficDelayMin: 0,
      route: route.geometry,
      source: 'road_network',
    });
  });

  it('prices a trip no road serves exactly as the fallback estimate always has', async () => {
    const far = [grid.at(0, 0), grid.offset(grid.at(0, 0), 30, 10), grid.offset(grid.at(0, 0), 60, -5)];
    const route = await router.route({ waypoints: far });
    expect(route.source).toBe('great_circle');
    expect(routeEstimateOf(route)).toEqual(estimateTrip(far));
  });
});
