import { FALLBACK_TRAFFIC_DELAY_MIN, type RouteEstimate } from '../../domain/fare/route.js';
import type { Route } from './types.js';

/**
 * A route as the fare engine takes it (`quoteFare({ distanceKm, durationMin, … })`), rounded as
 * the fallback estimate is: the distance to 10 m, the minutes whole and rounded up. A route the
 * roads gave measured no traffic, so it names none and the hour decides; one with a
 * great-circle leg keeps the fallback's moderate traffic and 2-minute delay, so a trip no road
 * serves prices exactly as it always has.
 */
export function routeEstimateOf(route: Route): RouteEstimate {
  const common = { distanceKm: Math.round(route.distanceKm * 100) / 100, durationMin: Math.ceil(route.durationMin), route: route.geometry };
  if (route.source === 'great_circle') {
    return { ...common, trafficLevel: 'moderate', estimatedTrafficDelayMin: FALLBACK_TRAFFIC_DELAY_MIN, source: 'great_circle' };
  }
  return { ...common, estimatedTrafficDelayMin: 0, source: route.source };
}
