import { z } from 'zod';
import { type LatLng } from '../../domain/catalogue/geography.js';
import { latLngSchema } from '../../domain/catalogue/schemas.js';
import { parseOrInvalid } from '../../domain/shared/command.js';
import type { Route, RouteLeg, RouteRequest, RouteSource } from './types.js';

/** More stops than any booking takes (pickup, a few stops, dropoff), and fewer than engines' limits. */
export const MAX_WAYPOINTS = 25;

const routeRequestSchema = z.object({ waypoints: z.array(latLngSchema).min(2).max(MAX_WAYPOINTS) });

/** The request as every router takes it; bad input is a DomainError naming the field (a 400 at the API). */
export const parseRouteRequest = (request: RouteRequest): { waypoints: LatLng[] } => parseOrInvalid(routeRequestSchema, request);

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
/** Distances to the metre and durations to the hundredth of a minute: finer than any fare or ETA reads. */
export const roundKm = (km: number) => round(km, 3);
export const roundMin = (minutes: number) => round(minutes, 2);

/** Polylines end to end, the shared point where one meets the next kept once. */
export function joinLines(lines: readonly (readonly LatLng[])[]): LatLng[] {
  const result: LatLng[] = [];
  for (const line of lines) {
    for (const point of line) {
      const last = result.at(-1);
      if (!last || last.lat !== point.lat || last.lng !== point.lng) result.push(point);
    }
  }
  return result;
}

/** The route made of its legs: totals added up, geometries and steps end to end. */
export function routeOfLegs(legs: RouteLeg[], source: RouteSource, attribution: string): Route {
  return {
    distanceKm: roundKm(legs.reduce((total, leg) => total + leg.distanceKm, 0)),
    durationMin: roundMin(legs.reduce((total, leg) => total + leg.durationMin, 0)),
    geometry: joinLines(legs.map((leg) => leg.geometry)),
    legs,
    steps: legs.flatMap((leg) => leg.steps),
    source,
    offRoadKm: roundKm(legs.reduce((total, leg) => total + leg.offRoadKm, 0)),
    attribution,
  };
}
