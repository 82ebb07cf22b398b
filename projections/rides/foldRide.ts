import { cities, type CityId } from '../../domain/catalogue/cities.js';
import type { LatLng } from '../../domain/catalogue/geography.js';
import { haversineKm } from '../../domain/fare/route.js';
import { rideDecider } from '../../domain/ride/decider.js';
import type { Booking, RideEvent } from '../../domain/ride/events.js';
import { keepRideState, resumeRideState } from '../../domain/ride/snapshot.js';
import { rideWireStatus, type RideState } from '../../domain/ride/status.js';
import { foldStatesPerStream, type StateFold } from '../shared/foldRows.js';
import type { Stored } from '../shared/storedEvents.js';
import type { RideRow } from './rides.table.js';

/** The nearest town in the catalogue to a point: which city's list a ride belongs to. */
export function nearestCity(point: LatLng): CityId {
  let best = cities[0]!;
  for (const city of cities) {
    if (haversineKm(point, city.coordinates) < haversineKm(point, best.coordinates)) best = city;
  }
  return best.id;
}

const numberIn = (breakdown: Record<string, unknown>, key: string): number | null =>
  typeof breakdown[key] === 'number' ? (breakdown[key] as number) : null;

const dateOrNull = (instant: string | null): Date | null => (instant === null ? null : new Date(instant));

/**
 * The row as the ride's state says it, after its last event: every column is read off the
 * snapshot the write side's own machine folded, so the read model cannot drift from the
 * lifecycle's rules. Null while the ride has no booking (the stream does not exist yet). One
 * literal on purpose: V8 builds `{ ...columns, ride_state, … }` (a spread, then keys the spread
 * object lacks) on a slow path, 6 µs a row.
 */
export function rideRowOf(state: RideState, last: Stored<RideEvent>): RideRow | null {
  const status = rideWireStatus(state);
  const { context } = state;
  const { booking, timeline } = context;
  if (status === null || booking === null) return null;
  return {
    ride_id: booking.rideId,
    rider_id: booking.riderId,
    driver_id: context.driver?.driverId ?? null,
    driver_user_id: context.driver?.userId ?? null,
    status,
    vehicle_type: booking.vehicleType,
    pricing_method: booking.pricingMethod,
    proposed_fare_ngwee: booking.proposedFareNgwee,
    offered_fare_ngwee: context.offeredFareNgwee,
    agreed_fare_ngwee: context.agreedFareNgwee,
    final_fare_ngwee: context.finalFareNgwee,
    quote_total_ngwee: booking.quote.totalNgwee,
    quote_floor_ngwee: booking.quote.floorNgwee,
    quote_ceiling_ngwee: booking.quote.ceilingNgwee,
    fare_breakdown: booking.quote.breakdown,
    accepted_bid_id: context.acceptedBid?.bidId ?? null,
    payment_method: booking.paymentMethod,
    passenger_count: booking.passengerCount,
    package_size: booking.packageSize,
    notes: booking.notes,
    pickup_address: booking.pickup.address,
    pickup_lat: booking.pickup.lat,
    pickup_lng: booking.pickup.lng,
    dropoff_address: booking.dropoff.address,
    dropoff_lat: booking.dropoff.lat,
    dropoff_lng: booking.dropoff.lng,
    stops: booking.stops,
    city: nearestCity(booking.pickup),
    quoted_distance_km: numberIn(booking.quote.breakdown, 'distanceKm'),
    quoted_duration_minutes: numberIn(booking.quote.breakdown, 'durationMin'),
    trip_distance_km: context.trip?.distanceKm ?? null,
    trip_duration_minutes: context.trip?.durationMinutes ?? null,
    scheduled_for: dateOrNull(booking.scheduledFor),
    cancelled_by: context.cancellation?.by ?? null,
    cancelled_by_user_id: context.cancellation?.byUserId ?? null,
    cancel_reason: context.cancellation?.reason ?? null,
    cancelled_stage: context.cancellation?.stage ?? null,
    rider_rating_given: context.ratings.byRider,
    rider_rating_comment: context.ratingComments.byRider,
    driver_rating_given: context.ratings.byDriver,
    driver_rating_comment: context.ratingComments.byDriver,
    emergency_raised: context.emergencies > 0,
    emergency_count: context.emergencies,
    first_emergency_at: dateOrNull(timeline.firstEmergencyAt),
    created_at: new Date(booking.requestedAt),
    search_started_at: dateOrNull(context.searchStartedAt),
    accepted_at: dateOrNull(timeline.acceptedAt),
    arrived_at: dateOrNull(timeline.arrivedAt),
    started_at: dateOrNull(timeline.startedAt),
    completed_at: dateOrNull(timeline.completedAt),
    cancelled_at: dateOrNull(timeline.cancelledAt),
    expired_at: dateOrNull(timeline.expiredAt),
    updated_at: last.created,
    ride_state: keepRideState(state),
    last_revision: last.revision.toString(),
  };
}

/**
 * The booking back from the row's columns ({@link rideRowOf} writes every field of it): the
 * kept state leaves it out. A booking field without a column is a compile error here.
 */
export function bookingOf(row: RideRow): Booking {
  return {
    rideId: row.ride_id,
    riderId: row.rider_id,
    vehicleType: row.vehicle_type,
    pickup: { address: row.pickup_address, lat: row.pickup_lat, lng: row.pickup_lng },
    dropoff: { address: row.dropoff_address, lat: row.dropoff_lat, lng: row.dropoff_lng },
    stops: row.stops,
    pricingMethod: row.pricing_method,
    proposedFareNgwee: row.proposed_fare_ngwee,
    paymentMethod: row.payment_method,
    scheduledFor: row.scheduled_for?.toISOString() ?? null,
    passengerCount: row.passenger_count,
    packageSize: row.package_size,
    notes: row.notes,
    quote: { totalNgwee: row.quote_total_ngwee, floorNgwee: row.quote_floor_ngwee, ceilingNgwee: row.quote_ceiling_ngwee, breakdown: row.fare_breakdown },
    requestedAt: row.created_at.toISOString(),
  };
}

/** Whether a ride state has a row: a ride stream must start with its booking. */
const hasRow = (state: RideState): boolean => state.context.booking !== null && rideWireStatus(state) !== null;

/**
 * A ride's row folded through `rideDecider.evolve`, the very fold the decider decides on: the kept
 * state (or a fresh one) takes the events, and the columns are read off the result. An event the
 * machine would not take leaves the state as it was (the machine allowed every event when it was
 * appended, so that only happens to a damaged stream); the row still records that it saw it
 * (`updated_at`, `last_revision`). Until the stream has its booking there is nothing to attach a
 * row to, and those events are dropped.
 */
export const rideFold: StateFold<RideRow, RideEvent, RideState> = {
  resume: (row) => (row ? resumeRideState(row.ride_state, bookingOf(row)) : rideDecider.initialState()),
  evolve: (state, stored) => {
    const next = rideDecider.evolve(state, stored.event);
    return hasRow(next) ? next : undefined;
  },
  toRow: (state, last) => rideRowOf(state, last)!,
};

/** The row after one more event of its ride ({@link rideFold}, one event). */
export function foldRide(row: RideRow | undefined, stored: Stored<RideEvent>): RideRow | undefined {
  const state = rideFold.evolve(rideFold.resume(row), stored);
  return state && rideFold.toRow(state, stored);
}

/** The rows after a batch of rides' events: each ride's state stays live through its events and is written once. */
export function foldRides(stored: ReadonlyMap<string, RideRow>, events: readonly Stored<RideEvent>[]): RideRow[] {
  return foldStatesPerStream(stored, events, (event) => event.data.rideId, rideFold);
}

/** One ride's row from its whole stream (undefined before its booking). */
export function foldRideStream(events: readonly Stored<RideEvent>[]): RideRow | undefined {
  return foldRides(new Map(), events)[0];
}
