import type { LatLng } from '../../domain/catalogue/index.js';
import type { DemoTown } from '../demo/roster.js';

/**
 * The main roads of the two demo towns, for moving simulated drivers along real roads.
 *
 * COPIED from the web app's offline basemap (web/src/map/basemap/copperbelt.json), which the API
 * may not import: the stretch of each main road inside the town, oriented from the junction in
 * the centre outwards, as [lng, lat] pairs like the GeoJSON. Hand-drawn there and good to a few
 * hundred metres: enough to make a car on the map follow the road, not to navigate by. If the
 * basemap's roads are ever surveyed, copy them again.
 */
type Polyline = ReadonlyArray<readonly [number, number]>;

const TOWN_ROADS: Record<DemoTown, { roads: Record<string, Polyline> }> = {
  kitwe: {
    roads: {
      'Ndola–Kitwe dual carriageway': [[28.2, -12.817], [28.23, -12.83], [28.27, -12.85]],
      'Kitwe–Chingola road': [[28.2, -12.817], [28.195, -12.76]],
      'Kitwe–Mufulira road': [[28.2, -12.817], [28.24, -12.77]],
      'Kitwe–Kalulushi road': [[28.2, -12.817], [28.14, -12.825]],
    },
  },
  ndola: {
    roads: {
      'Ndola–Kitwe dual carriageway': [[28.6366, -12.9587], [28.6, -12.965], [28.58, -12.9617]],
      'Ndola–Mufulira road': [[28.6366, -12.9587], [28.59, -12.9]],
      'Ndola–Luanshya road': [[28.6366, -12.9587], [28.58, -13.0]],
      'Kapiri Mposhi–Ndola road': [[28.6366, -12.9587], [28.64, -13.04]],
      'Ndola–Masaiti road': [[28.6366, -12.9587], [28.6, -13.05]],
    },
  },
};

export interface RoadNetwork {
  /** Each road starts at the town's central junction (the same point for all of them). */
  roads: LatLng[][];
}

const toLatLng = ([lng, lat]: readonly [number, number]): LatLng => ({ lat, lng });

export function roadNetwork(town: DemoTown): RoadNetwork {
  return { roads: Object.values(TOWN_ROADS[town].roads).map((road) => road.map(toLatLng)) };
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

/** Where a point meets the network: the road, the segment (from vertex `segment` to `segment + 1`) and the point on it. */
interface Snap {
  road: number;
  segment: number;
  /** 0…1 along the segment. */
  along: number;
  point: LatLng;
}

/** The nearest point of the network, on a local flat projection (towns are a few km across). */
export function snapToRoad(network: RoadNetwork, point: LatLng): Snap {
  const metresPerDegreeLng = 111_320 * Math.cos(radians(point.lat));
  const metresPerDegreeLat = 110_574;
  const flat = (p: LatLng) => ({ x: (p.lng - point.lng) * metresPerDegreeLng, y: (p.lat - point.lat) * metresPerDegreeLat });
  let best: Snap & { distance: number } = { road: 0, segment: 0, along: 0, point: network.roads[0]![0]!, distance: Infinity };
  network.roads.forEach((road, roadIndex) => {
    for (let segment = 0; segment < road.length - 1; segment++) {
      const a = flat(road[segment]!);
      const b = flat(road[segment + 1]!);
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const lengthSquared = dx * dx + dy * dy;
      const along = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(a.x * dx + a.y * dy) / lengthSquared));
      const distance = Math.hypot(a.x + along * dx, a.y + along * dy);
      if (distance < best.distance) {
        const from = road[segment]!;
        const to = road[segment + 1]!;
        best = { road: roadIndex, segment, along, point: { lat: from.lat + along * (to.lat - from.lat), lng: from.lng + along * (to.lng - from.lng) }, distance };
      }
    }
  });
  const { distance: _distance, ...snap } = best;
  return snap;
}

/**
 * A drive from one point to another: onto the nearest main road, along the roads (through the
 * central junction when the two ends lie on different roads), and off the road to the place.
 */
export function roadRoute(network: RoadNetwork, from: LatLng, to: LatLng): LatLng[] {
  const start = snapToRoad(network, from);
  const end = snapToRoad(network, to);
  const path: LatLng[] = [from, start.point];
  if (start.road === end.road) {
    const road = network.roads[start.road]!;
    const outward = start.segment < end.segment || (start.segment === end.segment && start.along <= end.along);
    if (outward) for (let vertex = start.segment + 1; vertex <= end.segment; vertex++) path.push(road[vertex]!);
    else for (let vertex = start.segment; vertex > end.segment; vertex--) path.push(road[vertex]!);
  } else {
    const inbound = network.roads[start.road]!;
    const outbound = network.roads[end.road]!;
    for (let vertex = start.segment; vertex >= 0; vertex--) path.push(inbound[vertex]!);
    for (let vertex = 1; vertex <= end.segment; vertex++) path.push(outbound[vertex]!);
  }
  path.push(end.point, to);
  return path.filter((point, index) => index === 0 || metresBetween(point, path[index - 1]!) > 1);
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
