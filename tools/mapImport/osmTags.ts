import { isRoadClass, type RoadClass } from '../../platform/routing/offline/roadClasses.js';

/** The tags of a way that decide whether and how a car may drive it. */
export const ROAD_TAG_KEYS = ['highway', 'name', 'ref', 'oneway', 'junction', 'access', 'vehicle', 'motor_vehicle', 'motorcar', 'area', 'maxspeed'] as const;

export type Tags = Readonly<Record<string, string | undefined>>;

/** What a drivable way means for the router: its class and names, which way it runs, its limit. */
export interface RoadTags {
  roadClass: RoadClass;
  name: string | null;
  ref: string | null;
  /** `forward`: only in the way's direction; `backward`: only against it (oneway=-1). */
  direction: 'both' | 'forward' | 'backward';
  maxSpeedKmh: number | null;
}

/**
 * Access values that shut cars out: OSRM's car profile's blacklist (profiles/car.lua), and
 * `permit`. `destination` lets them in — OSRM restricts such roads to a route's start and end, and
 * a ride often starts or ends on one (an estate, a compound) — so the router keeps them.
 */
const BARRED = new Set(['no', 'private', 'agricultural', 'forestry', 'emergency', 'psv', 'delivery', 'customers', 'permit']);

/**
 * Whether a car may drive the way and how, from OSM tags (wiki "Key:highway", "Key:access",
 * "Key:oneway", following OSRM's car profile): a highway class in `roadClasses` (no tracks, paths,
 * footways or areas); the most specific access tag among motorcar, motor_vehicle, vehicle and
 * access not barring cars; oneway=yes|true|1 or -1|reverse, with roundabouts and motorways
 * one-way unless tagged otherwise, and reversible or alternating ways left out (their direction
 * changes by the hour). Null when a car may not drive it.
 */
export function roadTags(tags: Tags): RoadTags | null {
  const highway = tags.highway;
  if (!highway || !isRoadClass(highway) || highway === 'verified_route' || tags.area === 'yes') return null;
  const access = [tags.motorcar, tags.motor_vehicle, tags.vehicle, tags.access].find((value) => value !== undefined);
  if (access !== undefined && BARRED.has(access)) return null;
  const direction = directionOf(tags, highway);
  if (direction === null) return null;
  return {
    roadClass: highway,
    name: tags.name?.trim() || null,
    ref: tags.ref?.trim() || null,
    direction,
    maxSpeedKmh: maxSpeedOf(tags.maxspeed),
  };
}

function directionOf(tags: Tags, highway: RoadClass): RoadTags['direction'] | null {
  switch (tags.oneway) {
    case 'yes':
    case 'true':
    case '1':
      return 'forward';
    case '-1':
    case 'reverse':
      return 'backward';
    case 'no':
    case 'false':
    case '0':
      return 'both';
    case 'reversible':
    case 'alternating':
      return null;
    default: {
      const implied = tags.junction === 'roundabout' || tags.junction === 'circular' || highway === 'motorway';
      return implied ? 'forward' : 'both';
    }
  }
}

const MPH_KMH = 1.609344;

/** `maxspeed=50` (km/h) or `maxspeed=30 mph`; anything else (zones, `none`, `walk`) sets no limit. */
function maxSpeedOf(value: string | undefined): number | null {
  const match = value?.trim().match(/^(\d+(?:\.\d+)?)\s*(mph)?$/);
  if (!match) return null;
  const speed = Number(match[1]) * (match[2] ? MPH_KMH : 1);
  return speed > 0 ? Math.round(speed) : null;
}
