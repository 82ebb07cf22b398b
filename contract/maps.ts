import { z } from 'zod';
import { turnModifiers } from '../domain/geo/index.js';

/**
 * Routes and maps on the wire: the route a quote was priced on and a ride follows, the driver's
 * directions, and what the server's imported map data offers the web map (docs/maps.md).
 */

const LatLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/**
 * Who drew the route: a routing engine the operator runs (`osrm`, `valhalla`), the offline router
 * over the road network (`road_network`), or — where no known road connects — the straight-line
 * estimate (`great_circle`), which screens label as such on the receipt.
 */
export const RouteSource = z.enum(['osrm', 'valhalla', 'road_network', 'great_circle']);
export type RouteSource = z.infer<typeof RouteSource>;

/** A route as a quote and a ride carry it: the figures it was priced on and the line the map draws. */
export const RouteView = z.object({
  source: RouteSource,
  distanceKm: z.number().min(0),
  durationMin: z.number().min(0),
  /** How much of it is not along a known road (reaching the nearest road, or a whole straight-line leg). */
  offRoadKm: z.number().min(0),
  /** The line along the roads, simplified to about 10 m: pickup first, dropoff last. */
  geometry: z.array(LatLng),
  /** Whose data it was drawn on, to show beside it. */
  attribution: z.string(),
});
export type RouteView = z.infer<typeof RouteView>;

export const maneuverTypes = ['depart', 'turn', 'continue', 'new_name', 'merge', 'ramp', 'fork', 'roundabout', 'arrive'] as const;

export const RouteStepView = z.object({
  maneuver: z.object({ type: z.enum(maneuverTypes), modifier: z.enum(turnModifiers).optional() }),
  roadName: z.string().nullable(),
  distanceKm: z.number().min(0),
  durationMin: z.number().min(0),
  location: LatLng,
});
export type RouteStepView = z.infer<typeof RouteStepView>;

/**
 * GET /api/rides/:rideId/directions — where the driver goes now: from the driver's last position
 * to the pickup and on to the dropoff (before the trip starts), or to the dropoff (during it).
 */
export const Directions = z.object({
  rideId: z.string(),
  /** The next stop the route leads to. */
  to: z.enum(['pickup', 'dropoff']),
  /** Where the route starts: the driver's last reported position, or the pickup when none is known yet. */
  from: z.enum(['driver', 'pickup']),
  route: RouteView,
  /** Minutes to the next stop along the route. */
  etaMinutes: z.int().min(0),
  /** The legs' ends: [from, pickup, dropoff] or [from, dropoff]. */
  waypoints: z.array(LatLng),
  /** The turns in order (the first one is the departure). */
  steps: z.array(RouteStepView),
});
export type Directions = z.infer<typeof Directions>;

/** GET /api/map — the imported OpenStreetMap roads as vector tiles, when the server has an import. */
export const MapInfo = z.object({
  tiles: z
    .object({
      /** `{z}/{x}/{y}` template, relative to the site: `/map/tiles/{z}/{x}/{y}.pbf`. */
      url: z.string(),
      layer: z.string(),
      minZoom: z.int(),
      maxZoom: z.int(),
    })
    .nullable(),
  /** The imported data's attribution ("© OpenStreetMap contributors"); null without an import. */
  attribution: z.string().nullable(),
  /** Where the data came from and when it was imported, for the attribution's link. */
  licence: z.object({ name: z.string(), url: z.string() }).nullable(),
  importedAt: z.string().nullable(),
});
export type MapInfo = z.infer<typeof MapInfo>;

/** POST /api/routes/calculate — a route between places, for the geo-mapping page's "Calculate Route". */
export const CalculateRouteBody = z.object({
  waypoints: z.array(LatLng, { error: 'must be a list of {lat, lng}' }).min(2, 'needs a start and an end').max(25, 'at most 25 points'),
});
export type CalculateRouteBody = z.infer<typeof CalculateRouteBody>;

export const CalculatedRoute = z.object({ route: RouteView, steps: z.array(RouteStepView) });
export type CalculatedRoute = z.infer<typeof CalculatedRoute>;
