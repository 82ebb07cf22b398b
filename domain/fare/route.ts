import { z } from 'zod';
import { type LatLng } from '../catalogue/index.js';
import { latLngSchema } from '../catalogue/schemas.js';
import { haversineKm } from '../geo/index.js';
import { parseOrInvalid } from '../shared/command.js';
import type { TrafficLevel } from './rates.js';

export { haversineKm };

export interface RouteEstimate {
  distanceKm: number;
  durationMin: number;
  /** The traffic the estimate assumed; absent for a routed trip, where nothing measured it and the hour decides. */
  trafficLevel?: TrafficLevel;
  estimatedTrafficDelayMin: number;
  /** The path: the straight line from pickup to dropoff, the roads a router drew, or nothing when either end is unknown. */
  route: LatLng[];
  /** The fallback's straight line (`great_circle`) or defaults, or a router's route (platform/routing). */
  source: 'great_circle' | 'default' | 'road_network' | 'osrm' | 'valhalla';
}

/** Spec 000 §8: what we assume when no route service answers. */
export const FALLBACK_SPEED_KMH = 30;
export const MIN_FALLBACK_DISTANCE_KM = 1;
export const MIN_FALLBACK_DURATION_MIN = 5;
export const FALLBACK_TRAFFIC_DELAY_MIN = 2;
export const NO_COORDINATES_ROUTE = { distanceKm: 8.5, durationMin: 15 } as const;

const endpointsSchema = z.object({ pickup: latLngSchema, dropoff: latLngSchema });

/**
 * The route when the maps service cannot give one: the great-circle distance (to the 10 m,
 * at least 1 km) driven at 30 km/h (whole minutes, rounded up, at least 5), moderate traffic,
 * a 2-minute delay. Without both points: 8.5 km and 15 min.
 */
export function estimateRoute(pickup?: LatLng | null, dropoff?: LatLng | null): RouteEstimate {
  const common = { trafficLevel: 'moderate', estimatedTrafficDelayMin: FALLBACK_TRAFFIC_DELAY_MIN } as const;
  if (!pickup || !dropoff) {
    return { ...NO_COORDINATES_ROUTE, ...common, route: [], source: 'default' };
  }
  const { pickup: from, dropoff: to } = parseOrInvalid(endpointsSchema, { pickup, dropoff });
  const distanceKm = Math.max(MIN_FALLBACK_DISTANCE_KM, Math.round(haversineKm(from, to) * 100) / 100);
  const durationMin = Math.max(MIN_FALLBACK_DURATION_MIN, Math.ceil((distanceKm * 60) / FALLBACK_SPEED_KMH));
  return { distanceKm, durationMin, ...common, route: [from, to], source: 'great_circle' };
}

/**
 * A trip through stops, pickup first and dropoff last: the fallback estimate of each leg, added
 * up (each leg at least the fallback minimum, as a driver must still reach every stop). The
 * traffic level is the fallback's; pricing takes the hour's instead, as nothing measured it.
 */
export function estimateTrip(points: readonly LatLng[]): RouteEstimate {
  if (points.length < 2) return estimateRoute(points[0], undefined);
  const legs = points.slice(1).map((to, index) => estimateRoute(points[index], to));
  return {
    distanceKm: Math.round(legs.reduce((sum, leg) => sum + leg.distanceKm, 0) * 100) / 100,
    durationMin: legs.reduce((sum, leg) => sum + leg.durationMin, 0),
    trafficLevel: 'moderate',
    estimatedTrafficDelayMin: FALLBACK_TRAFFIC_DELAY_MIN,
    route: [...points],
    source: 'great_circle',
  };
}
