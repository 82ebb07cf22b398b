import type { LatLng } from '../../../domain/catalogue/geography.js';
import { haversineKm } from '../../../domain/geo/index.js';
import { parseRouteRequest, routeOfLegs } from '../route.js';
import type { Route, RouteLeg, RouteRequest, Router } from '../types.js';
import { alongEdge, greatCircleLeg, offRoad, roadLeg, type Stretch } from './legs.js';
import { roadSpeedKmh } from './roadClasses.js';
import { RoadGraph, type GraphRoad, type Snap } from './roadGraph.js';
import type { RoadNetwork, VerifiedRoute } from './roadNetwork.js';
import { joinVerifiedRoutes } from './verifiedRoutes.js';

/** How far from a pin we look for a road: beyond this a pin has no road to join. */
export const SNAP_SEARCH_KM = 5;
/**
 * A leg follows the roads when getting to and from them is a small part of it: at most 300 m in
 * all, or a quarter of the straight line. Otherwise — a trip across town with only the trunk road
 * bundled, say — the roads would only add a detour we cannot vouch for, and the leg is the
 * great-circle estimate instead.
 */
export const FREE_ACCESS_KM = 0.3;
export const ACCESS_SHARE_OF_TRIP = 0.25;
/** Closer than this (a metre) a pin is on the road: no off-road stretch is drawn. */
const ON_ROAD_KM = 0.001;

export const VERIFIED_ROUTES_ATTRIBUTION = 'routes verified by Tiyende contributors';

export interface OfflineRouter extends Router {
  /** Replaces the verified routes the network is joined with (the graph is rebuilt). */
  updateVerifiedRoutes(routes: readonly VerifiedRoute[]): void;
}

/**
 * The router that is always there: quickest paths over the road network (imported or bundled)
 * joined with the contributors' verified routes; where no road connects, the leg is the
 * great-circle estimate, labelled `great_circle` so the receipt can say so.
 */
export function createOfflineRouter(network: RoadNetwork, verifiedRoutes: readonly VerifiedRoute[] = []): OfflineRouter {
  const roads: GraphRoad[] = network.roads.map((road) => ({
    coordinates: road.coordinates,
    name: road.name ?? road.ref,
    roadClass: road.roadClass,
    oneway: road.oneway,
    speedKmh: roadSpeedKmh(road.roadClass, road.maxSpeedKmh),
    verified: false,
  }));
  let graph = RoadGraph.build(joinVerifiedRoutes(roads, verifiedRoutes));

  return {
    name: 'offline',
    updateVerifiedRoutes(routes) {
      graph = RoadGraph.build(joinVerifiedRoutes(roads, routes));
    },
    async route(request: RouteRequest): Promise<Route> {
      const { waypoints } = parseRouteRequest(request);
      const legs = routeOver(graph, waypoints);
      const usedVerified = legs.some((leg) => leg.usedVerified);
      const attribution = usedVerified ? `${network.attribution} · ${VERIFIED_ROUTES_ATTRIBUTION}` : network.attribution;
      const source = legs.every((leg) => leg.leg.source === 'road_network') ? 'road_network' : 'great_circle';
      return routeOfLegs(
        legs.map((leg) => leg.leg),
        source,
        attribution,
      );
    },
  };
}

function routeOver(graph: RoadGraph, waypoints: LatLng[]): { leg: RouteLeg; usedVerified: boolean }[] {
  const snaps = waypoints.map((point) => graph.nearest(point, SNAP_SEARCH_KM));
  const snapped = snaps.flatMap((snap, position) => (snap ? [{ snap, position }] : []));
  const cut = graph.cutAt(snapped.map(({ snap }) => snap));
  const nodeOf = new Map(snapped.map(({ position }, order) => [position, cut.nodes[order]!]));
  try {
    return waypoints.slice(1).map((to, position) => {
      const from = waypoints[position]!;
      const stretches = roadStretches(graph, from, to, [snaps[position], nodeOf.get(position)], [snaps[position + 1], nodeOf.get(position + 1)]);
      return stretches
        ? { leg: roadLeg(stretches, from, to), usedVerified: stretches.some((stretch) => stretch.verified) }
        : { leg: greatCircleLeg(from, to), usedVerified: false };
    });
  } finally {
    cut.restore();
  }
}

type Joined = [Snap | null | undefined, number | undefined];

/** The leg's stretches along the roads, or null when the roads do not serve it. */
function roadStretches(graph: RoadGraph, from: LatLng, to: LatLng, [fromSnap, fromNode]: Joined, [toSnap, toNode]: Joined): Stretch[] | null {
  if (!fromSnap || !toSnap || fromNode === undefined || toNode === undefined) return null;
  const accessKm = fromSnap.projection.distanceKm + toSnap.projection.distanceKm;
  if (accessKm > Math.max(FREE_ACCESS_KM, ACCESS_SHARE_OF_TRIP * haversineKm(from, to))) return null;
  const path = graph.quickestPath(fromNode, toNode);
  if (path === null) return null;
  return [
    ...(fromSnap.projection.distanceKm > ON_ROAD_KM ? [offRoad(from, fromSnap.projection.point)] : []),
    ...path.map(alongEdge),
    ...(toSnap.projection.distanceKm > ON_ROAD_KM ? [offRoad(toSnap.projection.point, to)] : []),
  ];
}
