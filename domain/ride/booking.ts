import type { PricingMethod } from '../fare/index.js';

/**
 * A booking's limits and its one check, shared by the server's decider (which refuses a booking
 * that breaks them), the wire's schema (contract/rides.ts) and the web's booking form (which
 * lists the breaches before anything is sent).
 */
export const BOOKING_LIMITS = {
  /** Stops on the way between the pickup and the dropoff. */
  maxStops: 5,
  maxPassengers: 60,
  maxAddressLength: 300,
  maxStopNotesLength: 300,
  maxNotesLength: 500,
} as const;

/** What the check needs of a booking: the parts whose rules span more than one field. */
export interface BookingToCheck {
  pricingMethod: PricingMethod;
  /** Bidding: the rider's opening offer. */
  proposedFareNgwee: number | null;
  /** The quote's bounds for a proposal, once known (the form may not have a quote yet). */
  bounds: { floorNgwee: number; ceilingNgwee: number } | null;
  passengerCount: number | null;
  packageSize: string | null;
  /** ISO 8601, or null for now. */
  scheduledFor: string | null;
  stopCount: number;
}

/** One rule a booking breaks, in the order the checks run. */
export type BookingBreach =
  | { rule: 'proposal_required' }
  | { rule: 'proposal_on_fixed_price' }
  | { rule: 'proposal_below_floor'; floorNgwee: number }
  | { rule: 'proposal_above_ceiling'; ceilingNgwee: number }
  | { rule: 'passengers_or_package' }
  | { rule: 'schedule_in_past' }
  | { rule: 'too_many_stops'; maxStops: number };

/** Every rule the booking breaks (none: it may be booked as far as these rules go). */
export function bookingBreaches(booking: BookingToCheck, now: Date): BookingBreach[] {
  const breaches: BookingBreach[] = [];
  const { proposedFareNgwee: proposal, bounds } = booking;
  if (booking.pricingMethod === 'bidding') {
    if (proposal === null || proposal <= 0) breaches.push({ rule: 'proposal_required' });
    else if (bounds && proposal < bounds.floorNgwee) breaches.push({ rule: 'proposal_below_floor', floorNgwee: bounds.floorNgwee });
    else if (bounds && proposal > bounds.ceilingNgwee) breaches.push({ rule: 'proposal_above_ceiling', ceilingNgwee: bounds.ceilingNgwee });
  } else if (proposal !== null) {
    breaches.push({ rule: 'proposal_on_fixed_price' });
  }
  if ((booking.passengerCount === null) === (booking.packageSize === null)) breaches.push({ rule: 'passengers_or_package' });
  if (booking.scheduledFor !== null && Date.parse(booking.scheduledFor) <= now.getTime()) breaches.push({ rule: 'schedule_in_past' });
  if (booking.stopCount > BOOKING_LIMITS.maxStops) breaches.push({ rule: 'too_many_stops', maxStops: BOOKING_LIMITS.maxStops });
  return breaches;
}
