import type { CityId } from '../../../domain/catalogue/cities.js';
import type { Booking, RideEvent, RideEventOf } from '../../../domain/ride/events.js';
import { nearestCity } from '../../rides/index.js';

/** What every analytics row of a ride is sliced by, taken from its booking. */
export interface RideDimensions {
  ride_id: string;
  /** The catalogue town nearest the pickup. */
  city: CityId;
  vehicle_type: string;
  pricing_method: Booking['pricingMethod'];
}

export type BookingEvent = RideEventOf<'RideRequested'> | RideEventOf<'RideScheduled'>;

export const isBooking = (event: RideEvent): event is BookingEvent => event.type === 'RideRequested' || event.type === 'RideScheduled';

export function dimensionsOf(booking: Booking): RideDimensions {
  return {
    ride_id: booking.rideId,
    city: nearestCity(booking.pickup),
    vehicle_type: booking.vehicleType,
    pricing_method: booking.pricingMethod,
  };
}

/**
 * When the ride started looking for a driver: at once when booked for now, at dispatch when
 * scheduled. The admin dashboard counts "rides requested" the same way (platformStats).
 */
export function searchStartedAt(event: RideEvent): Date | null {
  if (event.type === 'RideRequested') return new Date(event.data.requestedAt);
  if (event.type === 'ScheduledRideDispatched') return new Date(event.data.dispatchedAt);
  return null;
}
