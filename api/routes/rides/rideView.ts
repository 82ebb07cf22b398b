import type { z } from 'zod';
import type { LatLng } from '../../../domain/catalogue/index.js';
import { FALLBACK_SPEED_KMH, haversineKm, receiptLines, type FareQuote } from '../../../domain/fare/index.js';
import { driverAssignedStatuses, withDriverStatuses, type RideWireStatus } from '../../../domain/ride/index.js';
import { polylineLengthKm, projectOntoPolyline, splitPolyline } from '../../../domain/geo/index.js';
import { RouteView } from '../../../contract/maps.js';
import type { PinStatus } from '../../../projections/ridePins/index.js';
import type { RideRow } from '../../../projections/rides/index.js';
import { iso, isoOrNull } from '../../support/http.js';
import type { DriverCard } from '../../../contract/drivers.js';
import { zmwOf } from '../../../contract/money.js';
import type { Ride } from '../../../contract/rides.js';

/**
 * How the ride looks to whoever asks. The rider, the assigned driver and admins see the ride;
 * a `candidate` is a driver browsing pending rides. Only the rider is ever given the PIN.
 */
export type RideParty = 'rider' | 'driver' | 'admin' | 'candidate';

export interface PinState {
  status: PinStatus;
  /** Only ever set for the rider (see rideSources.ts); the presenter drops it for anyone else too. */
  code: string | null;
  attemptsLeft: number;
}

export interface DriverPosition {
  lat: number;
  lng: number;
  heading: number | null;
  updatedAt: Date;
}

export interface RideExtras {
  pin?: PinState;
  driver?: z.infer<typeof DriverCard>;
  driverPosition?: DriverPosition;
  /** The driver's way to the pickup along the roads, in minutes (see minutesToPickupByRoad). */
  minutesToPickupByRoad?: number;
}

/**
 * The tracking screen's bar and banner for each wire status: the same figures as the domain's
 * rideStatus() gives for the machine state (ride views built from read-model rows have no
 * machine state; rideView.unit.spec.ts checks the two agree).
 */
export const statusViews: Record<RideWireStatus, { progress: 0 | 25 | 50 | 75 | 100 | null; bannerKey: string }> = {
  scheduled: { progress: 0, bannerKey: 'ride.banner.scheduled' },
  pending: { progress: 0, bannerKey: 'ride.banner.lookingForDriver' },
  accepted: { progress: 25, bannerKey: 'ride.banner.driverOnTheWay' },
  arrived: { progress: 50, bannerKey: 'ride.banner.driverArrived' },
  in_progress: { progress: 75, bannerKey: 'ride.banner.tripInProgress' },
  completed: { progress: 100, bannerKey: 'ride.banner.tripCompleted' },
  cancelled: { progress: null, bannerKey: 'ride.banner.cancelled' },
  expired: { progress: null, bannerKey: 'ride.banner.expired' },
};

/** Statuses in which the rider is shown who drives them (not a ride that was cancelled or expired). */
export const driverShownIn: readonly RideWireStatus[] = driverAssignedStatuses;
/** Statuses in which the driver's position is tracked for the ride. */
export const trackedIn: readonly RideWireStatus[] = withDriverStatuses;

export function toRide(row: RideRow, party: RideParty, extras: RideExtras = {}): z.infer<typeof Ride> {
  const view = statusViews[row.status];
  const completed = row.status === 'completed';
  const pickup = { address: row.pickup_address, lat: row.pickup_lat, lng: row.pickup_lng };
  const dropoff = { address: row.dropoff_address, lat: row.dropoff_lat, lng: row.dropoff_lng };
  const tracked = trackedIn.includes(row.status) && party !== 'candidate' ? extras.driverPosition : undefined;
  return {
    id: row.ride_id,
    status: row.status,
    progress: view.progress,
    bannerKey: view.bannerKey,
    pinLocked: extras.pin?.status === 'locked',
    emergencyActive: row.emergency_raised,
    passengerId: party === 'rider' || party === 'admin' ? row.rider_id : null,
    driverId: row.driver_id,
    vehicleType: row.vehicle_type,
    pricingMethod: row.pricing_method,
    paymentMethod: row.payment_method,
    passengerCount: row.passenger_count,
    packageSize: row.package_size,
    notes: row.notes,
    pickupLocation: pickup,
    dropoffLocation: dropoff,
    multipleDestinations: row.stops.map(({ address, lat, lng, notes }) => ({ address, lat, lng, notes })),
    city: row.city,
    isScheduled: row.scheduled_for !== null,
    scheduledFor: isoOrNull(row.scheduled_for),
    proposedFare: zmwOf(row.proposed_fare_ngwee),
    proposedFareNgwee: row.proposed_fare_ngwee,
    offeredFare: zmwOf(row.offered_fare_ngwee),
    offeredFareNgwee: row.offered_fare_ngwee,
    agreedFare: zmwOf(row.agreed_fare_ngwee),
    agreedFareNgwee: row.agreed_fare_ngwee,
    finalFare: zmwOf(row.final_fare_ngwee),
    finalFareNgwee: row.final_fare_ngwee,
    quote: {
      total: zmwOf(row.quote_total_ngwee),
      totalNgwee: row.quote_total_ngwee,
      floor: zmwOf(row.quote_floor_ngwee),
      floorNgwee: row.quote_floor_ngwee,
      ceiling: zmwOf(row.quote_ceiling_ngwee),
      ceilingNgwee: row.quote_ceiling_ngwee,
      receipt: receiptOf(row.fare_breakdown),
    },
    route: routeOf(row.fare_breakdown),
    distance: (completed ? row.trip_distance_km : null) ?? row.quoted_distance_km,
    duration: (completed ? row.trip_duration_minutes : null) ?? row.quoted_duration_minutes,
    acceptedBidId: row.accepted_bid_id,
    cancellation:
      row.cancelled_by && row.cancelled_at
        ? { by: row.cancelled_by, reason: row.cancel_reason ?? '', stage: row.cancelled_stage ?? '', at: iso(row.cancelled_at) }
        : null,
    ratings: {
      byRider: party === 'rider' || party === 'admin' ? ratingOf(row.rider_rating_given, row.rider_rating_comment) : null,
      byDriver: party === 'driver' || party === 'admin' ? ratingOf(row.driver_rating_given, row.driver_rating_comment) : null,
    },
    driver: party !== 'candidate' && driverShownIn.includes(row.status) ? (extras.driver ?? null) : null,
    driverLocation: tracked ? { lat: tracked.lat, lng: tracked.lng, heading: tracked.heading, updatedAt: iso(tracked.updatedAt) } : null,
    eta: tracked ? etaFrom(row, tracked, extras.minutesToPickupByRoad) : null,
    pin: party === 'rider' && extras.pin ? { ...extras.pin, code: extras.pin.status === 'issued' ? extras.pin.code : null } : null,
    createdAt: iso(row.created_at),
    acceptedAt: isoOrNull(row.accepted_at),
    arrivedAt: isoOrNull(row.arrived_at),
    startedAt: isoOrNull(row.started_at),
    completedAt: isoOrNull(row.completed_at),
    cancelledAt: isoOrNull(row.cancelled_at),
    expiredAt: isoOrNull(row.expired_at),
    updatedAt: iso(row.updated_at),
    revision: Number(row.last_revision),
  };
}

/** Minutes at the fare engine's fallback speed along the straight line, at least 1. */
export function minutesAway(from: LatLng, to: LatLng): number {
  return Math.max(1, Math.ceil((haversineKm(from, to) * 60) / FALLBACK_SPEED_KMH));
}

/** Further than this from the ride's route, the driver has left it: the ETA takes the straight line. */
export const OFF_ROUTE_KM = 0.5;

/**
 * Minutes to the dropoff along the rest of the ride's route, from the driver's nearest point on
 * it, at the route's own pace; null when the route is the straight-line estimate or the driver is
 * off it.
 */
export function minutesAlongRoute(position: LatLng, route: RouteView): number | null {
  if (route.source === 'great_circle' || route.geometry.length < 2 || route.distanceKm <= 0) return null;
  const projection = projectOntoPolyline(position, route.geometry);
  if (projection.distanceKm > OFF_ROUTE_KM) return null;
  const remainingKm = polylineLengthKm(splitPolyline(route.geometry, projection)[1]);
  return Math.max(1, Math.ceil((remainingKm * route.durationMin) / route.distanceKm));
}

function etaFrom(row: RideRow, position: DriverPosition, minutesToPickupByRoad: number | undefined): z.infer<typeof Ride>['eta'] {
  if (row.status === 'in_progress') {
    const route = routeOf(row.fare_breakdown);
    const minutes = route && minutesAlongRoute(position, route);
    if (minutes !== null && minutes !== undefined) return { minutes, to: 'dropoff', basis: 'route' };
  }
  if (row.status === 'accepted') {
    if (minutesToPickupByRoad !== undefined) return { minutes: minutesToPickupByRoad, to: 'pickup', basis: 'route' };
    return { minutes: minutesAway(position, { lat: row.pickup_lat, lng: row.pickup_lng }), to: 'pickup', basis: 'straight_line_30kmh' };
  }
  if (row.status === 'in_progress') {
    return { minutes: minutesAway(position, { lat: row.dropoff_lat, lng: row.dropoff_lng }), to: 'dropoff', basis: 'straight_line_30kmh' };
  }
  return null;
}

/** The route the quote was priced on (kept in the breakdown since routes were); null for older rides. */
export function routeOf(breakdown: Record<string, unknown>): RouteView | null {
  const parsed = RouteView.safeParse(breakdown.route);
  return parsed.success ? parsed.data : null;
}

const ratingOf = (stars: number | null, comment: string | null) => (stars === null ? null : { stars, comment });

/** The receipt lines of the locked quote; none when the stored breakdown is not a whole fare quote. */
function receiptOf(breakdown: Record<string, unknown>): z.infer<typeof Ride>['quote']['receipt'] {
  if (typeof breakdown.totalFare !== 'number' || typeof breakdown.baseFare !== 'number') return [];
  return receiptLines(breakdown as unknown as FareQuote)
    .filter((line) => typeof line.amount === 'number' && Number.isFinite(line.amount))
    .map((line) => ({ kind: line.kind, amount: line.amount / 100, amountNgwee: line.amount }));
}
