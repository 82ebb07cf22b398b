import { decode } from '@placemarkio/polyline';
import { z } from 'zod';
import type { LatLng } from '../../../domain/catalogue/geography.js';
import type { TurnModifier } from '../../../domain/geo/index.js';
import { parseRouteRequest, roundKm, roundMin, routeOfLegs } from '../route.js';
import { RoutingFailure, type Maneuver, type Route, type RouteLeg, type Router } from '../types.js';
import { askEngine, engineUrl, type EngineOptions } from './http.js';

/**
 * Valhalla's turn-by-turn route service (docs/docs/api/turn-by-turn/api-reference.md of
 * valhalla/valhalla): `POST /route` with `locations` (`lat`, `lon`, `type`), `costing: 'auto'` and
 * `units`. The answer is a `trip`: `summary.length` (in the units asked) and `summary.time`
 * (seconds), and per leg a `shape` — an encoded polyline with 6 decimal digits — and `maneuvers`
 * (`type` numbers, `street_names`, `length`, `time`, `begin_shape_index`). An error comes as a 4xx
 * with `error_code`, `error`, `status_code` and `status` (worker.cc's jsonify_error).
 */
const SHAPE_PRECISION = 6;
const MILE_KM = 1.609344;

const summarySchema = z.object({ length: z.number(), time: z.number() });
const maneuverSchema = z.object({
  type: z.int(),
  street_names: z.array(z.string()).optional(),
  length: z.number(),
  time: z.number(),
  begin_shape_index: z.int().min(0),
});
const legSchema = z.object({ summary: summarySchema, shape: z.string(), maneuvers: z.array(maneuverSchema) });
const okSchema = z.object({
  trip: z.object({ summary: summarySchema, legs: z.array(legSchema).min(1), units: z.string().optional() }),
});
const errorSchema = z.object({ error_code: z.int(), error: z.string() });

/**
 * Loki 170 (unconnected regions), 171 (no suitable edges near a location) and Thor 442 (no
 * path), 443/444 (no match): the points have no route; any other code is a refused request.
 */
const NO_ROUTE_CODES = new Set([170, 171, 442, 443, 444]);

export function valhallaRouter(options: EngineOptions): Router {
  const name = 'valhalla';
  return {
    name,
    async route(request) {
      const { waypoints } = parseRouteRequest(request);
      const body = JSON.stringify({
        locations: waypoints.map((point) => ({ lat: point.lat, lon: point.lng, type: 'break' })),
        costing: 'auto',
        units: 'kilometers',
      });
      const answer = await askEngine(name, engineUrl(options.baseUrl, 'route'), { method: 'POST', body, headers: { 'content-type': 'application/json' } }, options);
      const ok = okSchema.safeParse(answer.body);
      if (answer.status === 200 && ok.success) return fromValhalla(ok.data.trip, options.attribution);
      const failure = errorSchema.safeParse(answer.body);
      if (!failure.success) throw new RoutingFailure(name, 'bad_response', `HTTP ${answer.status} without a trip or an error code`);
      const { error_code: code, error } = failure.data;
      throw new RoutingFailure(name, NO_ROUTE_CODES.has(code) ? 'no_route' : 'rejected', `${code}: ${error}`);
    },
  };
}

function fromValhalla(trip: z.infer<typeof okSchema>['trip'], attribution: string): Route {
  const toKm = trip.units === 'miles' || trip.units === 'mi' ? MILE_KM : 1;
  const legs: RouteLeg[] = trip.legs.map((leg) => {
    const shape: LatLng[] = decode(leg.shape, SHAPE_PRECISION).map(([lng, lat]) => ({ lat: lat!, lng: lng! }));
    return {
      distanceKm: roundKm(leg.summary.length * toKm),
      durationMin: roundMin(leg.summary.time / 60),
      source: 'valhalla',
      offRoadKm: 0,
      geometry: shape,
      steps: leg.maneuvers.map((maneuver) => ({
        maneuver: maneuverOf(maneuver.type),
        roadName: maneuver.street_names?.[0] ?? null,
        distanceKm: roundKm(maneuver.length * toKm),
        durationMin: roundMin(maneuver.time / 60),
        location: shape[Math.min(maneuver.begin_shape_index, shape.length - 1)] ?? shape[0]!,
      })),
    };
  });
  return {
    ...routeOfLegs(legs, 'valhalla', attribution),
    distanceKm: roundKm(trip.summary.length * toKm),
    durationMin: roundMin(trip.summary.time / 60),
  };
}

const turn = (modifier: TurnModifier): Maneuver => ({ type: 'turn', modifier });

/** Valhalla's maneuver types (TripDirections_Maneuver_Type), in OSRM's words. */
const MANEUVERS: Record<number, Maneuver> = {
  1: { type: 'depart' },
  2: { type: 'depart' },
  3: { type: 'depart' },
  4: { type: 'arrive' },
  5: { type: 'arrive' },
  6: { type: 'arrive' },
  7: { type: 'new_name' },
  8: { type: 'continue', modifier: 'straight' },
  9: turn('slight_right'),
  10: turn('right'),
  11: turn('sharp_right'),
  12: turn('uturn'),
  13: turn('uturn'),
  14: turn('sharp_left'),
  15: turn('left'),
  16: turn('slight_left'),
  17: { type: 'ramp', modifier: 'straight' },
  18: { type: 'ramp', modifier: 'right' },
  19: { type: 'ramp', modifier: 'left' },
  20: { type: 'ramp', modifier: 'slight_right' },
  21: { type: 'ramp', modifier: 'slight_left' },
  22: { type: 'fork', modifier: 'straight' },
  23: { type: 'fork', modifier: 'slight_right' },
  24: { type: 'fork', modifier: 'slight_left' },
  25: { type: 'merge' },
  26: { type: 'roundabout' },
  27: { type: 'roundabout' },
  28: { type: 'continue' },
  29: { type: 'continue' },
  37: { type: 'merge', modifier: 'slight_right' },
  38: { type: 'merge', modifier: 'slight_left' },
};

/** A type we do not know is read as a turn, as OSRM asks of its clients. */
const maneuverOf = (type: number): Maneuver => MANEUVERS[type] ?? { type: 'turn' };
