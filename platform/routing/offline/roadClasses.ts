import { FALLBACK_SPEED_KMH } from '../../../domain/fare/route.js';

/**
 * The kinds of road the offline router drives on: OpenStreetMap's highway values that a car may
 * use (as OSRM's car profile counts them: no tracks, paths or footways), plus the contributors'
 * verified routes, whose class nobody recorded.
 */
export const roadClasses = [
  'motorway',
  'motorway_link',
  'trunk',
  'trunk_link',
  'primary',
  'primary_link',
  'secondary',
  'secondary_link',
  'tertiary',
  'tertiary_link',
  'unclassified',
  'residential',
  'living_street',
  'service',
  'verified_route',
] as const;
export type RoadClass = (typeof roadClasses)[number];

export const isRoadClass = (value: string): value is RoadClass => (roadClasses as readonly string[]).includes(value);

/**
 * Average driving speeds by road class, in km/h — what a trip's duration is made of. They are
 * averages a Copperbelt driver keeps, not limits: RTSA's limits are 50 km/h in built-up areas and
 * up to 100 km/h on highways outside them, and averages sit well below both.
 * - The T-roads (trunk: the Kitwe–Ndola dual carriageway, Kitwe–Chingola) run at 100 between the
 *   towns, but through town stretches, behind trucks and through police checkpoints: 70 overall.
 * - Primary roads, between towns and as the towns' main arterials: 55. Secondary 45, tertiary 35.
 * - Unclassified and residential streets — in the compounds often unpaved and potholed: 30 and 25.
 * - Living streets 10 and service roads (yards, car parks, fuel stations) 15, as OSRM counts them.
 * - Slip roads: 40 off the trunk roads, 30 off the others.
 * - A verified route of the contributors is a town street of unknown class: the unclassified 30.
 * A way's own `maxspeed`, when lower, caps its class speed. Motorways (none in Zambia today) drive
 * like the trunk roads.
 */
export const ROAD_SPEEDS_KMH: Record<RoadClass, number> = {
  motorway: 70,
  motorway_link: 40,
  trunk: 70,
  trunk_link: 40,
  primary: 55,
  primary_link: 30,
  secondary: 45,
  secondary_link: 30,
  tertiary: 35,
  tertiary_link: 30,
  unclassified: 30,
  residential: 25,
  living_street: 10,
  service: 15,
  verified_route: 30,
};

/** Getting from a pin to the nearest road (or across where no road connects) counts at the fare engine's fallback speed. */
export const OFF_ROAD_SPEED_KMH = FALLBACK_SPEED_KMH;

export const FASTEST_SPEED_KMH = Math.max(OFF_ROAD_SPEED_KMH, ...Object.values(ROAD_SPEEDS_KMH));

/** The speed a road is driven at: its class's, or its signed limit when that is lower. */
export function roadSpeedKmh(roadClass: RoadClass, maxSpeedKmh: number | null): number {
  const classSpeed = ROAD_SPEEDS_KMH[roadClass];
  return maxSpeedKmh !== null && maxSpeedKmh > 0 ? Math.min(classSpeed, maxSpeedKmh) : classSpeed;
}
