import { cities, type CityId } from '../../domain/catalogue/cities.js';
import type { LatLng } from '../../domain/catalogue/geography.js';
import { haversineKm } from '../../domain/fare/route.js';
import type { Booking, RideEvent, RideEventOf } from '../../domain/ride/events.js';
import { assertNever } from '../../domain/shared/command.js';
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

function bookedRow(event: RideEventOf<'RideRequested'> | RideEventOf<'RideScheduled'>, stored: Stored<RideEvent>): RideRow {
  const booking: Booking = event.data;
  const requestedAt = new Date(booking.requestedAt);
  return {
    ride_id: booking.rideId,
    rider_id: booking.riderId,
    driver_id: null,
    driver_user_id: null,
    status: event.type === 'RideRequested' ? 'pending' : 'scheduled',
    vehicle_type: booking.vehicleType,
    pricing_method: booking.pricingMethod,
    proposed_fare_ngwee: booking.proposedFareNgwee,
    offered_fare_ngwee: booking.proposedFareNgwee,
    agreed_fare_ngwee: null,
    final_fare_ngwee: null,
    quote_total_ngwee: booking.quote.totalNgwee,
    quote_floor_ngwee: booking.quote.floorNgwee,
    quote_ceiling_ngwee: booking.quote.ceilingNgwee,
    fare_breakdown: booking.quote.breakdown,
    accepted_bid_id: null,
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
    trip_distance_km: null,
    trip_duration_minutes: null,
    scheduled_for: booking.scheduledFor === null ? null : new Date(booking.scheduledFor),
    cancelled_by: null,
    cancelled_by_user_id: null,
    cancel_reason: null,
    cancelled_stage: null,
    rider_rating_given: null,
    rider_rating_comment: null,
    driver_rating_given: null,
    driver_rating_comment: null,
    emergency_raised: false,
    emergency_count: 0,
    first_emergency_at: null,
    created_at: requestedAt,
    search_started_at: event.type === 'RideRequested' ? requestedAt : null,
    accepted_at: null,
    arrived_at: null,
    started_at: null,
    completed_at: null,
    cancelled_at: null,
    expired_at: null,
    updated_at: stored.created,
    last_revision: stored.revision.toString(),
  };
}

/**
 * The row after one more event of its ride. The machine allowed the event when it was appended,
 * so each event type maps straight to the wire status it leads to. The PIN events carry nothing
 * this row may show: they only move `updated_at`.
 */
export function foldRide(row: RideRow | undefined, stored: Stored<RideEvent>): RideRow | undefined {
  const { event } = stored;
  if (event.type === 'RideRequested' || event.type === 'RideScheduled') return row ?? bookedRow(event, stored);
  if (!row) return undefined; // a ride stream must start with its booking; nothing to attach this to
  const next: RideRow = { ...row, updated_at: stored.created, last_revision: stored.revision.toString() };
  switch (event.type) {
    case 'ScheduledRideDispatched':
      return { ...next, status: 'pending', search_started_at: new Date(event.data.dispatchedAt) };
    case 'FareCounterOffered':
      return { ...next, offered_fare_ngwee: event.data.offeredFareNgwee };
    case 'BidAccepted':
      return { ...next, accepted_bid_id: event.data.bidId, agreed_fare_ngwee: event.data.agreedFareNgwee };
    case 'DriverAssigned':
      return {
        ...next,
        status: 'accepted',
        driver_id: event.data.driverId,
        driver_user_id: event.data.driverUserId,
        agreed_fare_ngwee: event.data.agreedFareNgwee,
        accepted_at: new Date(event.data.assignedAt),
      };
    case 'PinIssued':
    case 'PinAttemptFailed':
      return next;
    case 'DriverArrived':
      return { ...next, status: 'arrived', arrived_at: new Date(event.data.arrivedAt) };
    case 'TripStarted':
      return { ...next, status: 'in_progress', started_at: new Date(event.data.startedAt) };
    case 'TripCompleted':
      return {
        ...next,
        status: 'completed',
        final_fare_ngwee: event.data.finalFareNgwee,
        trip_distance_km: event.data.distanceKm,
        trip_duration_minutes: event.data.durationMinutes,
        completed_at: new Date(event.data.completedAt),
      };
    case 'RideCancelled':
      return {
        ...next,
        status: 'cancelled',
        cancelled_by: event.data.by,
        cancelled_by_user_id: event.data.byUserId,
        cancel_reason: event.data.reason,
        cancelled_stage: event.data.stage,
        cancelled_at: new Date(event.data.cancelledAt),
      };
    case 'RideExpired':
      return { ...next, status: 'expired', expired_at: new Date(event.data.expiredAt) };
    case 'EmergencyRaised':
      return {
        ...next,
        emergency_raised: true,
        emergency_count: row.emergency_count + 1,
        first_emergency_at: row.first_emergency_at ?? new Date(event.data.raisedAt),
      };
    case 'RideRated':
      return event.data.by === 'rider'
        ? { ...next, rider_rating_given: event.data.stars, rider_rating_comment: event.data.comment }
        : { ...next, driver_rating_given: event.data.stars, driver_rating_comment: event.data.comment };
    default:
      return assertNever(event);
  }
}
