import type { LatLng } from '../../domain/catalogue/index.js';
import { cityById } from '../../domain/catalogue/index.js';
import { bundledRoads } from '../../domain/catalogue/bundledRoads.js';
import { haversineKm } from '../../domain/geo/index.js';
import { bundledRoadNetwork, createOfflineRouter, type Router } from '../../platform/routing/index.js';
import type { DemoTown } from '../demo/roster.js';

/**
 * Where simulated drivers drive: the roads that ship with the app (domain/catalogue/bundledRoads,
 * the trunk and main roads the offline router and the offline basemap use too — one copy of
 * them), driven along by the offline router, as the server routes a quote when no engine and no
 * import is configured.
 */

/** How far from the town's centre an idle driver cruises. */
export const TOWN_RADIUS_KM = 7;

export interface RoadNetwork {
  /** The stretches of the bundled roads within TOWN_RADIUS_KM of the town's centre. */
  roads: LatLng[][];
}

/** The bundled roads near the town: each road cut to its runs of points inside the radius. */
export function roadNetwork(town: DemoTown): RoadNetwork {
  const centre = cityById(town).coordinates;
  const roads: LatLng[][] = [];
  for (const road of bundledRoads) {
    let run: LatLng[] = [];
    for (const point of road.coordinates) {
      if (haversineKm(centre, point) <= TOWN_RADIUS_KM) run.push(point);
      else {
        if (run.length >= 2) roads.push(run);
        run = [];
      }
    }
    if (run.length >= 2) roads.push(run);
  }
  if (roads.length === 0) throw new Error(`No bundled road passes within ${TOWN_RADIUS_KM} km of ${town}`);
  return { roads };
}

let offlineRouter: Router | undefined;
/** The offline router over the bundled roads, built once. */
const router = () => (offlineRouter ??= createOfflineRouter(bundledRoadNetwork()));

/**
 * A drive from one point to another along the roads, as the offline router finds it (onto the
 * nearest road, along the roads, off to the place); it starts at `from` and ends at `to`.
 */
export async function roadRoute(from: LatLng, to: LatLng): Promise<LatLng[]> {
  const { geometry } = await router().route({ waypoints: [from, to] });
  const path = [from, ...geometry, to];
  return path.filter((point, index) => index === 0 || metresBetween(point, path[index - 1]!) > 1);
}

const EARTH_RADIUS_M = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres. */
export function metresBetween(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Degrees clockwise from north, 0 ≤ heading < 360. */
export function headingFrom(a: LatLng, b: LatLng): number {
  const y = Math.sin(radians(b.lng - a.lng)) * Math.cos(radians(b.lat));
  const x = Math.cos(radians(a.lat)) * Math.sin(radians(b.lat)) - Math.sin(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.cos(radians(b.lng - a.lng));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** A point on the network picked by the given draw in [0, 1): where an idle driver cruises to next. */
export function pointOnNetwork(network: RoadNetwork, draw: number): LatLng {
  const road = network.roads[Math.floor(draw * network.roads.length) % network.roads.length]!;
  const along = (draw * network.roads.length) % 1;
  const lengths = road.slice(1).map((point, index) => metresBetween(road[index]!, point));
  let remaining = along * lengths.reduce((sum, length) => sum + length, 0);
  for (let segment = 0; segment < lengths.length; segment++) {
    if (remaining <= lengths[segment]!) {
      const t = lengths[segment]! === 0 ? 0 : remaining / lengths[segment]!;
      const a = road[segment]!;
      const b = road[segment + 1]!;
      return { lat: a.lat + t * (b.lat - a.lat), lng: a.lng + t * (b.lng - a.lng) };
    }
    remaining -= lengths[segment]!;
  }
  return road.at(-1)!;
}

export const pathLengthMetres = (path: readonly LatLng[]): number =>
  path.slice(1).reduce((sum, point, index) => sum + metresBetween(path[index]!, point), 0);
