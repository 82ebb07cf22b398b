import { z } from 'zod';
import { type LatLng } from '../catalogue/geography.js';
import { latLngSchema } from '../catalogue/schemas.js';
import { distanceToPolylineKm, haversineKm } from '../geo/index.js';
import { instantSchema } from '../shared/command.js';

/**
 * What the server notices in the driver's positions during a trip that is worth asking the rider
 * about. Pure and deterministic: the same trip, positions and time always give the same findings
 * (the seed drew random alerts; we measure). Each finding describes a condition that still holds
 * at the last position, since the rider is asked "are you all right now?", and names the moment
 * it began (`since`), so one episode (one stop, one detour) is asked about once.
 */

/**
 * GPS on a phone standing still in town wanders 10–30 m; 50 m keeps a parked car in one place
 * without merging a slow crawl along a street into a stop.
 */
export const STOP_RADIUS_METRES = 50;
/**
 * Longer than a traffic light, a level crossing or a busy junction holds a car on the
 * Copperbelt's roads, yet soon enough that a rider in trouble is asked within minutes. A fuel
 * stop or a police road block may pass it: that is why it asks the rider rather than alarms.
 */
export const UNEXPECTED_STOP_MINUTES = 5;
/**
 * Within this of the pickup, a stop on the booking or the dropoff, waiting is expected: the rider
 * loading bags, a parcel handed over, the driver finding the gate.
 */
export const EXPLAINED_STOP_RADIUS_METRES = 200;
/**
 * Streets running side by side in Kitwe's and Ndola's grids lie 150–400 m apart: a driver taking
 * the next street over stays inside 500 m of the expected route, a turn away from the destination
 * soon leaves it.
 */
export const ROUTE_CORRIDOR_METRES = 500;
/**
 * A single fix can jump hundreds of metres (signal bouncing off buildings); a deviation counts
 * only when at least three positions over at least a minute all lie outside the corridor.
 */
export const ROUTE_DEVIATION_MIN_POSITIONS = 3;
export const ROUTE_DEVIATION_MIN_SECONDS = 60;
/**
 * Traffic, a detour round road works or a stop for fuel can stretch a trip by half; a trip is
 * overdue only when it has run more than 1.5 × its estimate AND more than 10 minutes over it,
 * so a 10-minute trip is not flagged at 16 minutes but a 40-minute one is at 61.
 */
export const OVERDUE_FACTOR = 1.5;
export const OVERDUE_MIN_EXTRA_MINUTES = 10;

export const rideCheckReasons = ['unexpected_stop', 'route_deviation', 'trip_overdue'] as const;
export const rideCheckReasonSchema = z.enum(rideCheckReasons);
export type RideCheckReason = z.infer<typeof rideCheckReasonSchema>;

export const tripPositionSchema = latLngSchema.extend({ at: instantSchema });
export type TripPosition = z.infer<typeof tripPositionSchema>;

/** The trip as booked and started: where waiting is expected, the route to keep to, the time it should take. */
export const tripPlanSchema = z.object({
  startedAt: instantSchema,
  pickup: latLngSchema,
  stops: z.array(latLngSchema),
  dropoff: latLngSchema,
  /** The road route the trip should follow; null when no routing engine gave one (no corridor is checked then). */
  expectedRoute: z.array(latLngSchema).min(2).nullable(),
  /** The duration the quote was computed with; null when unknown (no overdue check then). */
  estimatedDurationMinutes: z.number().positive().nullable(),
});
export type TripPlan = z.infer<typeof tripPlanSchema>;

export const findingSchema = z.discriminatedUnion('reason', [
  z.object({
    reason: z.literal('unexpected_stop'),
    since: instantSchema,
    location: latLngSchema,
    stoppedMinutes: z.number().nonnegative(),
  }),
  z.object({
    reason: z.literal('route_deviation'),
    since: instantSchema,
    location: latLngSchema,
    metresFromRoute: z.int().nonnegative(),
  }),
  z.object({
    reason: z.literal('trip_overdue'),
    since: instantSchema,
    location: latLngSchema.nullable(),
    elapsedMinutes: z.number().nonnegative(),
    estimatedMinutes: z.number().positive(),
  }),
]);
export type Finding = z.infer<typeof findingSchema>;

/** One condition, from the moment it began: asked about at most once. */
export const episodeOf = (finding: Pick<Finding, 'reason' | 'since'>): string => `${finding.reason}@${finding.since}`;

/**
 * The conditions that hold at the last position of the trip, in the order of `rideCheckReasons`.
 * Positions before the trip started or after `now` are left out; the order they arrive in does
 * not matter.
 */
export function detectRideChecks(plan: TripPlan, positions: readonly TripPosition[], now: Date): Finding[] {
  const start = Date.parse(plan.startedAt);
  const trail = positions
    .map((position) => ({ ...position, ms: Date.parse(position.at) }))
    .filter((position) => position.ms >= start && position.ms <= now.getTime())
    .sort((a, b) => a.ms - b.ms);
  return [unexpectedStop(plan, trail), routeDeviation(plan, trail), tripOverdue(plan, trail, now)].filter(
    (finding): finding is Finding => finding !== null,
  );
}

type TimedPosition = TripPosition & { ms: number };

const metresBetween = (a: LatLng, b: LatLng) => haversineKm(a, b) * 1000;
const minutesBetween = (fromMs: number, toMs: number) => Math.round((toMs - fromMs) / 600) / 100;
const pointOf = ({ lat, lng }: LatLng): LatLng => ({ lat, lng });
/** Six decimals (about 10 cm): a mean of fixes has float noise no one should see in an event. */
const roundedPoint = ({ lat, lng }: LatLng): LatLng => ({ lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 });

/**
 * The stop the car is in now. Positions are grouped in order: a group ends at the first position
 * farther than STOP_RADIUS_METRES from the middle (mean) of the group so far, which starts the
 * next. The last group is where the car stands. Measuring from the middle rather than from one
 * fix keeps GPS wander from splitting a stop; grouping forwards keeps `since` fixed while it lasts.
 */
function unexpectedStop(plan: TripPlan, trail: readonly TimedPosition[]): Finding | null {
  if (trail.length === 0) return null;
  let first = 0;
  let middle = pointOf(trail[0]!);
  for (let index = 1; index < trail.length; index++) {
    const position = trail[index]!;
    if (metresBetween(middle, position) > STOP_RADIUS_METRES) {
      first = index;
      middle = pointOf(position);
    } else {
      const count = index - first + 1;
      middle = { lat: middle.lat + (position.lat - middle.lat) / count, lng: middle.lng + (position.lng - middle.lng) / count };
    }
  }
  const start = trail[first]!;
  const stoppedMinutes = minutesBetween(start.ms, trail.at(-1)!.ms);
  if (stoppedMinutes < UNEXPECTED_STOP_MINUTES) return null;
  const expectedPlaces = [plan.pickup, ...plan.stops, plan.dropoff];
  if (expectedPlaces.some((place) => metresBetween(place, middle) <= EXPLAINED_STOP_RADIUS_METRES)) return null;
  return { reason: 'unexpected_stop', since: start.at, location: roundedPoint(middle), stoppedMinutes };
}

/** The run of latest positions outside the corridor, if it is long enough not to be a GPS jump. */
function routeDeviation(plan: TripPlan, trail: readonly TimedPosition[]): Finding | null {
  const route = plan.expectedRoute;
  if (route === null) return null;
  const outside = (position: LatLng) => distanceToPolylineKm(position, route) * 1000 > ROUTE_CORRIDOR_METRES;
  let first = trail.length;
  while (first > 0 && outside(trail[first - 1]!)) first--;
  const run = trail.slice(first);
  if (run.length < ROUTE_DEVIATION_MIN_POSITIONS) return null;
  const last = run.at(-1)!;
  if (last.ms - run[0]!.ms < ROUTE_DEVIATION_MIN_SECONDS * 1000) return null;
  const metresFromRoute = Math.round(distanceToPolylineKm(last, route) * 1000);
  return { reason: 'route_deviation', since: run[0]!.at, location: pointOf(last), metresFromRoute };
}

function tripOverdue(plan: TripPlan, trail: readonly TimedPosition[], now: Date): Finding | null {
  const estimatedMinutes = plan.estimatedDurationMinutes;
  if (estimatedMinutes === null) return null;
  const elapsedMinutes = minutesBetween(Date.parse(plan.startedAt), now.getTime());
  const overdue = elapsedMinutes > estimatedMinutes * OVERDUE_FACTOR && elapsedMinutes - estimatedMinutes > OVERDUE_MIN_EXTRA_MINUTES;
  if (!overdue) return null;
  const last = trail.at(-1);
  return { reason: 'trip_overdue', since: plan.startedAt, location: last ? pointOf(last) : null, elapsedMinutes, estimatedMinutes };
}
