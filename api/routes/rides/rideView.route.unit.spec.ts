import { describe, expect, it } from 'vitest';
import type { RouteView } from '../../../contract/maps.js';
import { roadGrid } from '../../../tests/support/roadGrid.js';
import { minutesAlongRoute, routeOf } from './rideView.js';

const grid = roadGrid({ size: 6, spacingKm: 0.5 });
/** 2.5 km east along Street 0, then 2.5 km north: 5 km in 11.9 minutes (so whole minutes round up clear of the distances' last decimals). */
const route: RouteView = {
  source: 'road_network',
  distanceKm: 5,
  durationMin: 11.9,
  offRoadKm: 0,
  geometry: [grid.at(0, 0), grid.at(5, 0), grid.at(5, 5)],
  attribution: '© OpenStreetMap contributors',
};

describe('the ETA along the ride’s route', () => {
  it('counts the rest of the route from the driver’s nearest point on it, at the route’s pace', () => {
    expect(minutesAlongRoute(grid.at(0, 0), route)).toBe(12);
    // At the corner: 2.5 km left, 6 minutes.
    expect(minutesAlongRoute(grid.at(5, 0), route)).toBe(6);
    // 100 m beside the route, half-way up Avenue 5: 1.25 km left, 3 minutes.
    expect(minutesAlongRoute(grid.offset(grid.at(5, 0), 1.25, 0.1), route)).toBe(3);
    expect(minutesAlongRoute(grid.at(5, 5), route)).toBe(1);
  });

  it('has none for a driver off the route, or a straight-line route', () => {
    expect(minutesAlongRoute(grid.offset(grid.at(2, 0), 1, 0), route)).toBeNull();
    expect(minutesAlongRoute(grid.at(5, 0), { ...route, source: 'great_circle' })).toBeNull();
  });

  it('reads the route kept in the quote’s breakdown, and none from an older one', () => {
    expect(routeOf({ totalFare: 100, route })).toEqual(route);
    expect(routeOf({ totalFare: 100 })).toBeNull();
    expect(routeOf({ route: { source: 'teleport' } })).toBeNull();
  });
});
