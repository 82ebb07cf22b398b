import type { LatLng } from '../../domain/catalogue/index.js';
import { estimateTrip, type RouteEstimate } from '../../domain/fare/index.js';
import { DomainError } from '../../domain/shared/index.js';
import { routeEstimateOf, summariseRoute, type Router, type RouteSummary } from '../../platform/routing/index.js';

/** A trip as the fare engine prices it, and the route a quote keeps for the receipt and the maps. */
export interface RoutedTrip {
  estimate: RouteEstimate;
  route: RouteSummary;
}

/** The straight line through the points, labelled so: what a quote falls back on when no road serves it. */
export function greatCircleTrip(points: readonly LatLng[]): RoutedTrip {
  const estimate = estimateTrip(points);
  return {
    estimate,
    route: {
      source: 'great_circle',
      distanceKm: estimate.distanceKm,
      durationMin: estimate.durationMin,
      offRoadKm: estimate.distanceKm,
      geometry: points.map(({ lat, lng }) => ({ lat, lng })),
      attribution: '',
    },
  };
}

/**
 * The trip through its points along the roads, when there is a router: the configured engine or
 * the offline router (which itself labels a leg no road serves `great_circle`). Bad points are
 * the caller's 400; a router that breaks in any other way leaves the straight-line estimate, so a
 * booking never fails because routing did.
 */
export async function routeTrip(router: Router | undefined, points: readonly LatLng[], onError?: (error: unknown) => void): Promise<RoutedTrip> {
  if (!router) return greatCircleTrip(points);
  try {
    const route = await router.route({ waypoints: points.map(({ lat, lng }) => ({ lat, lng })) });
    return { estimate: routeEstimateOf(route), route: summariseRoute(route) };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    onError?.(error);
    return greatCircleTrip(points);
  }
}
