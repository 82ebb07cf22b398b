import type { LatLng } from '../../../domain/catalogue/geography.js';
import { estimateRoute } from '../../../domain/fare/route.js';
import { bearingDegrees, haversineKm, turnModifier } from '../../../domain/geo/index.js';
import { joinLines, roundKm, roundMin } from '../route.js';
import type { Maneuver, RouteLeg, RouteStep } from '../types.js';
import { OFF_ROAD_SPEED_KMH } from './roadClasses.js';
import type { Traversal } from './roadGraph.js';

/** Stretches shorter than a metre make no step (they still count in the leg's distance). */
const SHORTEST_STEP_KM = 0.001;

/** A stretch of a leg: along one edge of the network, or off the roads to or from a pin. */
export interface Stretch {
  geometry: LatLng[];
  lengthKm: number;
  seconds: number;
  roadName: string | null;
  onRoad: boolean;
  verified: boolean;
}

export const alongEdge = ({ edge, forward }: Traversal): Stretch => ({
  geometry: forward ? edge.geometry : [...edge.geometry].reverse(),
  lengthKm: edge.lengthKm,
  seconds: edge.seconds,
  roadName: edge.road.name,
  onRoad: true,
  verified: edge.road.verified,
});

export function offRoad(from: LatLng, to: LatLng): Stretch {
  const lengthKm = haversineKm(from, to);
  return { geometry: [from, to], lengthKm, seconds: (lengthKm / OFF_ROAD_SPEED_KMH) * 3600, roadName: null, onRoad: false, verified: false };
}


/**
 * A leg along the road network: its stretches, with a step wherever the road's name changes (or
 * the leg leaves or joins the roads), each step's maneuver read from the change of heading there.
 */
export function roadLeg(stretches: readonly Stretch[], from: LatLng, to: LatLng): RouteLeg {
  const groups: Stretch[][] = [];
  // A pin on (or a hair's breadth from) a junction joins it by a stretch of next to no length: no step of its own.
  for (const stretch of stretches.filter((piece) => piece.lengthKm >= SHORTEST_STEP_KM)) {
    const last = groups.at(-1)?.at(-1);
    if (last && last.roadName === stretch.roadName && last.onRoad === stretch.onRoad) groups.at(-1)!.push(stretch);
    else groups.push([stretch]);
  }
  const steps: RouteStep[] = groups.map((group, position) => {
    const geometry = joinLines(group.map((stretch) => stretch.geometry));
    return {
      maneuver: position === 0 ? { type: 'depart' } : maneuverBetween(joinLines(groups[position - 1]!.map((stretch) => stretch.geometry)), geometry),
      roadName: group[0]!.roadName,
      distanceKm: roundKm(sum(group, 'lengthKm')),
      durationMin: roundMin(sum(group, 'seconds') / 60),
      location: geometry[0]!,
    };
  });
  if (steps.length === 0) steps.push({ maneuver: { type: 'depart' }, roadName: null, distanceKm: 0, durationMin: 0, location: from });
  steps.push({ maneuver: { type: 'arrive' }, roadName: groups.at(-1)?.[0]!.roadName ?? null, distanceKm: 0, durationMin: 0, location: to });
  const geometry = joinLines(stretches.map((stretch) => stretch.geometry));
  return {
    distanceKm: roundKm(sum(stretches, 'lengthKm')),
    durationMin: roundMin(sum(stretches, 'seconds') / 60),
    source: 'road_network',
    offRoadKm: roundKm(sum(stretches.filter((stretch) => !stretch.onRoad), 'lengthKm')),
    geometry: geometry.length >= 2 ? geometry : [from, to],
    steps,
  };
}

/**
 * Where no road connects: the fare engine's great-circle estimate (domain/fare: the straight
 * line at 30 km/h, at least 1 km and 5 minutes), so such a leg prices exactly as quotes always
 * have, drawn as the straight line it is.
 */
export function greatCircleLeg(from: LatLng, to: LatLng): RouteLeg {
  const estimate = estimateRoute(from, to);
  return {
    distanceKm: estimate.distanceKm,
    durationMin: estimate.durationMin,
    source: 'great_circle',
    offRoadKm: estimate.distanceKm,
    geometry: [from, to],
    steps: [
      { maneuver: { type: 'depart' }, roadName: null, distanceKm: estimate.distanceKm, durationMin: estimate.durationMin, location: from },
      { maneuver: { type: 'arrive' }, roadName: null, distanceKm: 0, durationMin: 0, location: to },
    ],
  };
}

function maneuverBetween(before: LatLng[], after: LatLng[]): Maneuver {
  const inbound = lastBearing(before);
  const outbound = firstBearing(after);
  if (inbound === null || outbound === null) return { type: 'continue' };
  const modifier = turnModifier(inbound, outbound);
  return { type: modifier === 'straight' ? 'new_name' : 'turn', modifier };
}

const firstBearing = (line: LatLng[]) => {
  const start = line[0]!;
  const next = line.find((point) => haversineKm(start, point) > 0);
  return next ? bearingDegrees(start, next) : null;
};

const lastBearing = (line: LatLng[]) => {
  const end = line.at(-1)!;
  const previous = line.findLast((point) => haversineKm(point, end) > 0);
  return previous ? bearingDegrees(previous, end) : null;
};

function sum<Key extends 'lengthKm' | 'seconds'>(stretches: readonly Stretch[], field: Key): number {
  return stretches.reduce((total, stretch) => total + stretch[field], 0);
}
