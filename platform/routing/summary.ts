import { douglasPeucker } from 'ol/geom/flat/simplify.js';
import type { LatLng } from '../../domain/catalogue/geography.js';
import type { Route, RouteSource } from './types.js';

/** About 10 m at the Copperbelt's latitude: finer than a map at street zoom shows. */
export const SUMMARY_TOLERANCE_DEGREES = 0.0001;
/** A stored line never holds more points than this (the tolerance doubles until it fits). */
export const SUMMARY_MAX_POINTS = 1000;

/** What a quote keeps of its route, and what the wire carries (contract/maps.ts RouteView). */
export interface RouteSummary {
  source: RouteSource;
  distanceKm: number;
  durationMin: number;
  offRoadKm: number;
  geometry: LatLng[];
  attribution: string;
}

/**
 * A polyline with the points a map would not show dropped (Douglas–Peucker, OpenLayers' own
 * implementation), first and last kept; coordinates to the 6th decimal (about 10 cm).
 */
export function simplifyLine(points: readonly LatLng[], toleranceDegrees = SUMMARY_TOLERANCE_DEGREES, maxPoints = SUMMARY_MAX_POINTS): LatLng[] {
  const flat = points.flatMap((point) => [point.lng, point.lat]);
  let tolerance = toleranceDegrees;
  for (;;) {
    const simplified: number[] = [];
    const end = douglasPeucker(flat, 0, flat.length, 2, tolerance * tolerance, simplified, 0);
    if (end / 2 <= maxPoints || points.length <= 2) {
      const line: LatLng[] = [];
      for (let index = 0; index < end; index += 2) line.push({ lat: round6(simplified[index + 1]!), lng: round6(simplified[index]!) });
      return line;
    }
    tolerance *= 2;
  }
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The route as a quote stores it: its figures, its source and attribution, and its simplified line. */
export function summariseRoute(route: Route): RouteSummary {
  return {
    source: route.source,
    distanceKm: route.distanceKm,
    durationMin: route.durationMin,
    offRoadKm: route.offRoadKm,
    geometry: simplifyLine(route.geometry),
    attribution: route.attribution,
  };
}
