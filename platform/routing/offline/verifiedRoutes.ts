import type { LatLng } from '../../../domain/catalogue/geography.js';
import type { PolylineProjection } from '../../../domain/geo/index.js';
import type { GraphRoad } from './roadGraph.js';
import { ROAD_SPEEDS_KMH } from './roadClasses.js';
import type { VerifiedRoute } from './roadNetwork.js';
import { SegmentIndex } from './segmentIndex.js';

/**
 * How near a verified route must come to another road to join it: its ends within 100 m (a
 * contributor's start or end point on a map, GPS-precise or not), any other point of it within
 * 25 m (where it crosses or runs onto a road).
 */
export const JOIN_END_KM = 0.1;
export const JOIN_POINT_KM = 0.025;

/**
 * The roads with the verified routes joined in: each route becomes a two-way road named by its
 * streets, and wherever one of its points lies near another road (or another verified route) the
 * two meet — the nearest point is added to that road's polyline and a short link runs to it — so
 * that the graph built from them has a junction there.
 */
export function joinVerifiedRoutes(roads: readonly GraphRoad[], routes: readonly VerifiedRoute[]): GraphRoad[] {
  const routeRoads = routes.map(asRoad).filter((road) => road.coordinates.length >= 2);
  const all = [...roads, ...routeRoads];
  const index = SegmentIndex.build(all.map((road) => road.coordinates));
  const cuts = new Map<number, PolylineProjection[]>();
  const links: GraphRoad[] = [];
  routeRoads.forEach((route, routeNumber) => {
    const self = roads.length + routeNumber;
    route.coordinates.forEach((point, position) => {
      const isEnd = position === 0 || position === route.coordinates.length - 1;
      const hit = index.nearest(point, isEnd ? JOIN_END_KM : JOIN_POINT_KM, (polyline) => polyline !== self);
      if (!hit) return;
      cuts.set(hit.polylineIndex, [...(cuts.get(hit.polylineIndex) ?? []), hit.projection]);
      if (hit.projection.distanceKm > 0) links.push({ ...route, coordinates: [point, hit.projection.point] });
    });
  });
  return [...all.map((road, position) => (cuts.has(position) ? { ...road, coordinates: withPoints(road.coordinates, cuts.get(position)!) } : road)), ...links];
}

function asRoad(route: VerifiedRoute): GraphRoad {
  return {
    coordinates: route.coordinates,
    name: route.streetNames.length > 0 ? route.streetNames.join(' / ') : null,
    roadClass: 'verified_route',
    oneway: false,
    speedKmh: ROAD_SPEEDS_KMH.verified_route,
    verified: true,
  };
}

/** The polyline with the projected points added inside their segments, in order along it. */
function withPoints(polyline: readonly LatLng[], projections: readonly PolylineProjection[]): LatLng[] {
  const inside = projections.filter((projection) => projection.fraction > 0 && projection.fraction < 1);
  const result: LatLng[] = [];
  polyline.forEach((vertex, segment) => {
    result.push(vertex);
    const here = inside.filter((projection) => projection.segmentIndex === segment).sort((a, b) => a.fraction - b.fraction);
    result.push(...here.map((projection) => projection.point));
  });
  return result;
}
