import { z } from 'zod';
import type { LatLng } from '../../../domain/catalogue/geography.js';
import type { TurnModifier } from '../../../domain/geo/index.js';
import { joinLines, parseRouteRequest, roundKm, roundMin, routeOfLegs } from '../route.js';
import { RoutingFailure, type Maneuver, type ManeuverType, type Route, type RouteLeg, type Router } from '../types.js';
import { askEngine, engineUrl, type EngineOptions } from './http.js';

/**
 * OSRM's route service (docs/http.md of Project-OSRM/osrm-backend, API v1):
 * `GET /route/v1/{profile}/{lng},{lat};{lng},{lat}…?overview=full&geometries=geojson&steps=true`.
 * The answer's `code` is `Ok` with `routes` ordered best first; an error comes as HTTP 400 with
 * `code` (`NoRoute`, `NoSegment`, `InvalidQuery`, …) and an optional `message`.
 */
export interface OsrmOptions extends EngineOptions {
  /** The profile segment of the URL; a stock osrm-routed serves the one profile it was built with, whatever this says. */
  profile?: string;
}

const lngLat = z.tuple([z.number(), z.number()]);
const lineString = z.object({ type: z.literal('LineString'), coordinates: z.array(lngLat) });
const stepSchema = z.object({
  distance: z.number(),
  duration: z.number(),
  name: z.string().optional(),
  ref: z.string().optional(),
  geometry: lineString.optional(),
  maneuver: z.object({ type: z.string(), modifier: z.string().optional(), location: lngLat }),
});
const legSchema = z.object({ distance: z.number(), duration: z.number(), steps: z.array(stepSchema) });
const routeSchema = z.object({ distance: z.number(), duration: z.number(), geometry: lineString, legs: z.array(legSchema).min(1) });
const okSchema = z.object({ code: z.literal('Ok'), routes: z.array(routeSchema).min(1) });
const errorSchema = z.object({ code: z.string(), message: z.string().optional() });

/** Codes that mean the points have no route between them, not that the request was wrong. */
const NO_ROUTE_CODES = new Set(['NoRoute', 'NoSegment']);

export function osrmRouter(options: OsrmOptions): Router {
  const name = 'osrm';
  return {
    name,
    async route(request) {
      const { waypoints } = parseRouteRequest(request);
      const coordinates = waypoints.map((point) => `${point.lng},${point.lat}`).join(';');
      const url = engineUrl(options.baseUrl, `route/v1/${encodeURIComponent(options.profile ?? 'driving')}/${coordinates}`);
      url.search = new URLSearchParams({ overview: 'full', geometries: 'geojson', steps: 'true' }).toString();
      const { status, body } = await askEngine(name, url, { method: 'GET' }, options);
      const ok = okSchema.safeParse(body);
      if (status === 200 && ok.success) return fromOsrm(ok.data.routes[0]!, options.attribution);
      const failure = errorSchema.safeParse(body);
      if (!failure.success || failure.data.code === 'Ok') throw new RoutingFailure(name, 'bad_response', `HTTP ${status} without a route or an error code`);
      const { code, message } = failure.data;
      throw new RoutingFailure(name, NO_ROUTE_CODES.has(code) ? 'no_route' : 'rejected', message ? `${code}: ${message}` : code);
    },
  };
}

const toLatLng = ([lng, lat]: [number, number]): LatLng => ({ lat, lng });
const km = (metres: number) => roundKm(metres / 1000);
const minutes = (seconds: number) => roundMin(seconds / 60);

function fromOsrm(route: z.infer<typeof routeSchema>, attribution: string): Route {
  const single = route.legs.length === 1;
  const legs: RouteLeg[] = route.legs.map((leg) => {
    const stepLines = joinLines(leg.steps.map((step) => (step.geometry?.coordinates ?? []).map(toLatLng)));
    return {
      distanceKm: km(leg.distance),
      durationMin: minutes(leg.duration),
      source: 'osrm',
      offRoadKm: 0,
      geometry: stepLines.length >= 2 ? stepLines : single ? route.geometry.coordinates.map(toLatLng) : [],
      steps: leg.steps.map((step) => ({
        maneuver: maneuverOf(step.maneuver.type, step.maneuver.modifier),
        roadName: step.name || step.ref || null,
        distanceKm: km(step.distance),
        durationMin: minutes(step.duration),
        location: toLatLng(step.maneuver.location),
      })),
    };
  });
  // The overview is the whole route; the legs' own lines come from their steps.
  return { ...routeOfLegs(legs, 'osrm', attribution), geometry: route.geometry.coordinates.map(toLatLng), distanceKm: km(route.distance), durationMin: minutes(route.duration) };
}

const TYPES: Record<string, ManeuverType> = {
  depart: 'depart',
  arrive: 'arrive',
  turn: 'turn',
  'end of road': 'turn',
  'new name': 'new_name',
  continue: 'continue',
  notification: 'continue',
  'use lane': 'continue',
  merge: 'merge',
  ramp: 'ramp',
  'on ramp': 'ramp',
  'off ramp': 'ramp',
  fork: 'fork',
  roundabout: 'roundabout',
  rotary: 'roundabout',
  'roundabout turn': 'roundabout',
  'exit roundabout': 'roundabout',
  'exit rotary': 'roundabout',
};

const MODIFIERS: Record<string, TurnModifier> = {
  uturn: 'uturn',
  'sharp right': 'sharp_right',
  right: 'right',
  'slight right': 'slight_right',
  straight: 'straight',
  'slight left': 'slight_left',
  left: 'left',
  'sharp left': 'sharp_left',
};

/** OSRM: "Types unknown to the client should be handled like the `turn` type." */
function maneuverOf(type: string, modifier: string | undefined): Maneuver {
  const known = modifier === undefined ? undefined : MODIFIERS[modifier];
  return { type: TYPES[type] ?? 'turn', ...(known ? { modifier: known } : {}) };
}
