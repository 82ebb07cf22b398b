import type { LatLng } from '../../domain/catalogue/geography.js';
import type { TurnModifier } from '../../domain/geo/index.js';

/**
 * Who drew a route: a routing engine the operator runs (OSRM, Valhalla), our own shortest path
 * over the road network (imported OpenStreetMap roads or the bundled trunk roads, joined with
 * contributors' verified routes), or — where no road connects — the great-circle estimate the
 * fare engine has always used. A receipt says which.
 */
export const routeSources = ['osrm', 'valhalla', 'road_network', 'great_circle'] as const;
export type RouteSource = (typeof routeSources)[number];

/**
 * What the driver does at the start of a step, in OSRM's vocabulary (which Valhalla's maneuver
 * types map onto): `new_name` = the road goes on under another name, `ramp` = onto or off a
 * slip road, `fork` = keep to one side where the road splits.
 */
export const maneuverTypes = ['depart', 'turn', 'continue', 'new_name', 'merge', 'ramp', 'fork', 'roundabout', 'arrive'] as const;
export type ManeuverType = (typeof maneuverTypes)[number];

export interface Maneuver {
  type: ManeuverType;
  /** Which way: absent at departure and arrival when the engine gives none. */
  modifier?: TurnModifier;
}

/** One instruction: a maneuver, then a stretch along one road up to the next step. */
export interface RouteStep {
  maneuver: Maneuver;
  /** The road travelled after the maneuver; null for an unnamed road or a stretch off the roads. */
  roadName: string | null;
  distanceKm: number;
  durationMin: number;
  /** Where the maneuver happens. */
  location: LatLng;
}

/** The route between two consecutive waypoints. */
export interface RouteLeg {
  distanceKm: number;
  durationMin: number;
  /** The offline router can follow roads on one leg and fall back on another. */
  source: RouteSource;
  /** How much of the leg is not along a known road (getting to and from the nearest road, or all of a great-circle leg). */
  offRoadKm: number;
  geometry: LatLng[];
  steps: RouteStep[];
}

export interface Route {
  distanceKm: number;
  durationMin: number;
  /** The whole route as a polyline, first waypoint to last. */
  geometry: LatLng[];
  legs: RouteLeg[];
  /** Every leg's steps, in order. */
  steps: RouteStep[];
  /** The route's source; `great_circle` when any leg had to be estimated. */
  source: RouteSource;
  offRoadKm: number;
  /** Whose data the route was drawn on, to show beside it (OpenStreetMap's ODbL asks for this). */
  attribution: string;
}

export interface RouteRequest {
  /** Where the trip goes, in order: pickup, any stops, dropoff. */
  waypoints: LatLng[];
}

/** The routing port: every adapter (OSRM, Valhalla, the offline router, the chain) answers this. */
export interface Router {
  /** For logs and the chain's fallback reports. */
  readonly name: string;
  route(request: RouteRequest): Promise<Route>;
}

export const routingFailureKinds = ['no_route', 'rejected', 'unavailable', 'timeout', 'bad_response'] as const;
export type RoutingFailureKind = (typeof routingFailureKinds)[number];

/**
 * An engine could not give a route: it found none (`no_route`: unconnected points, nothing to
 * snap to), refused the request (`rejected`), was down or failed (`unavailable`), did not answer
 * in time (`timeout`), or answered something that is not its documented response (`bad_response`).
 * The chain moves on to the next router on any of them.
 */
export class RoutingFailure extends Error {
  constructor(
    readonly router: string,
    readonly kind: RoutingFailureKind,
    message: string,
  ) {
    super(`${router}: ${kind}: ${message}`);
    this.name = 'RoutingFailure';
  }
}
