/**
 * Where a point meets a polyline: the nearest point on it, how far along it lies and how far away
 * — what snapping a rider's pin to a road, joining a contributor's route to the network and
 * "is the driver still on the way" all need.
 */
import type { LatLng } from '../catalogue/geography.js';
import { EARTH_RADIUS_KM, haversineKm, radians } from './distance.js';

export interface PolylineProjection {
  /** The nearest point of the polyline. */
  point: LatLng;
  /** The segment it lies on: between vertices `segmentIndex` and `segmentIndex + 1`. */
  segmentIndex: number;
  /** How far along that segment, from 0 (its first vertex) to 1 (its second). */
  fraction: number;
  /** From the given point to the nearest point, in km. */
  distanceKm: number;
}

const KM_PER_DEGREE_LAT = (Math.PI * EARTH_RADIUS_KM) / 180;

/**
 * The nearest point of a polyline (at least one vertex). Each segment is measured in a local
 * equirectangular projection around the point: exact to well under a metre at the distances a
 * route corridor cares about (tens of km), and cheap enough to run on every position.
 */
export function projectOntoPolyline(point: LatLng, polyline: readonly LatLng[]): PolylineProjection {
  if (polyline.length === 0) throw new RangeError('polyline: needs at least one point');
  const kmPerDegreeLng = KM_PER_DEGREE_LAT * Math.cos(radians(point.lat));
  const project = (p: LatLng) => ({ x: (p.lng - point.lng) * kmPerDegreeLng, y: (p.lat - point.lat) * KM_PER_DEGREE_LAT });
  let best = { segmentIndex: 0, fraction: 0, distanceKm: Number.POSITIVE_INFINITY };
  let from = project(polyline[0]!);
  if (polyline.length === 1) best = { segmentIndex: 0, fraction: 0, distanceKm: Math.hypot(from.x, from.y) };
  for (let index = 1; index < polyline.length; index++) {
    const to = project(polyline[index]!);
    const fraction = nearestFractionToOrigin(from, to);
    const distanceKm = Math.hypot(from.x + fraction * (to.x - from.x), from.y + fraction * (to.y - from.y));
    if (distanceKm < best.distanceKm) best = { segmentIndex: index - 1, fraction, distanceKm };
    from = to;
  }
  const start = polyline[best.segmentIndex]!;
  const end = polyline[Math.min(best.segmentIndex + 1, polyline.length - 1)]!;
  return { ...best, point: interpolate(start, end, best.fraction) };
}

/**
 * How far `point` lies from the nearest point of the polyline, in km (infinitely far from an
 * empty one).
 */
export function distanceToPolylineKm(point: LatLng, polyline: readonly LatLng[]): number {
  if (polyline.length === 0) return Number.POSITIVE_INFINITY;
  if (polyline.length === 1) return haversineKm(point, polyline[0]!);
  return projectOntoPolyline(point, polyline).distanceKm;
}

/**
 * The polyline cut in two at a projection onto it: the part up to the cut and the part from it,
 * both holding the cut point (a cut at a vertex does not repeat it).
 */
export function splitPolyline(polyline: readonly LatLng[], at: Pick<PolylineProjection, 'segmentIndex' | 'fraction' | 'point'>): [LatLng[], LatLng[]] {
  const { segmentIndex, fraction, point } = at;
  if (segmentIndex < 0 || segmentIndex > Math.max(0, polyline.length - 2)) throw new RangeError(`segmentIndex: ${segmentIndex} is not a segment`);
  const head = polyline.slice(0, segmentIndex + 1);
  const tail = polyline.slice(segmentIndex + 1);
  if (fraction > 0 && fraction < 1) return [[...head, point], [point, ...tail]];
  if (fraction <= 0) return [head, [polyline[segmentIndex]!, ...tail]];
  return [[...head, polyline[segmentIndex + 1]!], tail];
}

/** The point a fraction of the way from `from` to `to` (linear in degrees: segments are short). */
export const interpolate = (from: LatLng, to: LatLng, fraction: number): LatLng => ({
  lat: from.lat + (to.lat - from.lat) * fraction,
  lng: from.lng + (to.lng - from.lng) * fraction,
});

function nearestFractionToOrigin(a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  return lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(a.x * dx + a.y * dy) / lengthSquared));
}
