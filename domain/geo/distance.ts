/**
 * Great-circle distances, for what the Copperbelt's scale needs (a few hundred km).
 */
import type { LatLng } from '../catalogue/geography.js';

/** Mean Earth radius (IUGG), in km. */
export const EARTH_RADIUS_KM = 6371.0088;

export const radians = (degrees: number) => (degrees * Math.PI) / 180;
export const degrees = (radiansValue: number) => (radiansValue * 180) / Math.PI;

/** Great-circle distance in km (haversine). */
export function haversineKm(from: LatLng, to: LatLng): number {
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The length of a polyline in km: the sum of its segments' great-circle lengths. */
export function polylineLengthKm(points: readonly LatLng[]): number {
  let total = 0;
  for (let index = 1; index < points.length; index++) total += haversineKm(points[index - 1]!, points[index]!);
  return total;
}
