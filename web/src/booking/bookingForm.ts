import type { PackageSize, PaymentMethodId, VehicleId } from '../../../domain/catalogue/index.js';
import { formatZmw, type PricingMethod } from '../../../domain/fare/index.js';
import { BOOKING_LIMITS, bookingBreaches } from '../../../domain/ride/booking.js';
import type { LatLng, QuoteRequest, RideRequest, VehicleLoad } from './bookingApi.js';

/** A location input's text and, once a suggestion (or the device's position) is chosen, where it is. */
export interface TripPoint {
  text: string;
  coordinates?: LatLng;
}

export interface BookingForm {
  pickup: TripPoint;
  dropoff: TripPoint;
  stops: TripPoint[];
  pricingMethod: PricingMethod;
  /** As typed (the bid input is numeric; spec 000 §5: a parse failure counts as 0). */
  proposedFare: string;
  paymentMethod: PaymentMethodId;
  isScheduled: boolean;
  scheduledDate: string;
  scheduledTime: string;
  passengerCount: number | null;
  packageSize: PackageSize | null;
  notes: string;
  /** Text the rider's trusted contacts a link to follow the trip when it starts. */
  notifyContactsAtStart: boolean;
}

export const MAX_STOPS = BOOKING_LIMITS.maxStops;

export const emptyBookingForm = (): BookingForm => ({
  pickup: { text: '' },
  dropoff: { text: '' },
  stops: [],
  pricingMethod: 'fixed',
  proposedFare: '',
  paymentMethod: 'cash',
  isScheduled: false,
  scheduledDate: '',
  scheduledTime: '',
  passengerCount: 1,
  packageSize: null,
  notes: '',
  notifyContactsAtStart: false,
});

/** One reason the booking cannot be sent: a translation key and what it names. */
export type BookingProblem =
  | { key: 'booking.errors.pickupRequired' | 'booking.errors.pickupFromList' }
  | { key: 'booking.errors.destinationRequired' | 'booking.errors.destinationFromList' }
  | { key: 'booking.errors.stopFromList' }
  | { key: 'booking.errors.scheduleRequired' | 'booking.errors.scheduleInPast' }
  | { key: 'booking.errors.passengersRequired' }
  | { key: 'booking.errors.packageRequired' }
  | { key: 'booking.errors.fareRequired' }
  | { key: 'booking.errors.fareOutOfBounds'; values: { floor: string; ceiling: string } };

/** "34.5" → 34.5; anything that is not a number → 0 (spec 000 §5). */
export function parseFare(typed: string): number {
  const value = Number.parseFloat(typed.replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** The scheduled pickup as an instant in the device's time zone, or null when incomplete. */
export function scheduledInstant(date: string, time: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const instant = new Date(`${date}T${time}`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** Today in the device's calendar as yyyy-mm-dd: the date input's minimum (spec 001 §5). */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function pointProblem(point: TripPoint, required: BookingProblem, fromList: BookingProblem): BookingProblem[] {
  if (point.text.trim() === '') return [required];
  return point.coordinates ? [] : [fromList];
}

export interface BookingRules {
  load: VehicleLoad;
  /** The quote's bounds for a proposal, once a quote is known. */
  bounds?: { floorNgwee: number; ceilingNgwee: number };
  now: Date;
}

/**
 * Every reason the booking cannot be sent, in the order of the form (spec 000 §5: all failures
 * are listed together on Book). Beyond the spec's five: a typed place must be one we can find on
 * the map (the API needs its coordinates), a schedule must be in the future, and a proposal must
 * lie within the server's bounds.
 */
export function bookingProblems(form: BookingForm, { load, bounds, now }: BookingRules): BookingProblem[] {
  const problems: BookingProblem[] = [
    ...pointProblem(form.pickup, { key: 'booking.errors.pickupRequired' }, { key: 'booking.errors.pickupFromList' }),
    ...pointProblem(form.dropoff, { key: 'booking.errors.destinationRequired' }, { key: 'booking.errors.destinationFromList' }),
  ];
  if (form.stops.some((stop) => !stop.coordinates)) problems.push({ key: 'booking.errors.stopFromList' });
  // The rules that span fields are the server's own (domain/ride bookingBreaches): listed here in the form's order.
  const at = form.isScheduled ? scheduledInstant(form.scheduledDate, form.scheduledTime) : null;
  const breaches = new Set(
    bookingBreaches(
      {
        pricingMethod: form.pricingMethod,
        proposedFareNgwee: form.pricingMethod === 'bidding' ? Math.round(parseFare(form.proposedFare) * 100) : null,
        bounds: bounds ?? null,
        passengerCount: load.kind === 'passengers' && (form.passengerCount ?? 0) >= 1 ? form.passengerCount : null,
        packageSize: load.kind === 'package' ? form.packageSize : null,
        scheduledFor: at ? at.toISOString() : null,
        stopCount: form.stops.length,
      },
      now,
    ).map((breach) => breach.rule),
  );
  if (form.isScheduled && !at) problems.push({ key: 'booking.errors.scheduleRequired' });
  if (breaches.has('schedule_in_past')) problems.push({ key: 'booking.errors.scheduleInPast' });
  if (breaches.has('passengers_or_package')) {
    problems.push({ key: load.kind === 'passengers' ? 'booking.errors.passengersRequired' : 'booking.errors.packageRequired' });
  }
  if (breaches.has('proposal_required')) problems.push({ key: 'booking.errors.fareRequired' });
  else if (bounds && (breaches.has('proposal_below_floor') || breaches.has('proposal_above_ceiling'))) {
    problems.push({ key: 'booking.errors.fareOutOfBounds', values: { floor: formatZmw(bounds.floorNgwee), ceiling: formatZmw(bounds.ceilingNgwee) } });
  }
  return problems;
}

const stopsWithCoordinates = (stops: TripPoint[]) => stops.flatMap((stop) => (stop.coordinates ? [{ ...stop, coordinates: stop.coordinates }] : []));

/** What the fare card prices, or null until both ends are on the map. */
export function quoteRequestOf(vehicleType: VehicleId, form: BookingForm): QuoteRequest | null {
  if (!form.pickup.coordinates || !form.dropoff.coordinates) return null;
  const scheduled = form.isScheduled ? scheduledInstant(form.scheduledDate, form.scheduledTime) : null;
  return {
    vehicleType,
    pickup: form.pickup.coordinates,
    dropoff: form.dropoff.coordinates,
    stops: stopsWithCoordinates(form.stops).map((stop) => stop.coordinates),
    pricingMethod: form.pricingMethod,
    scheduledFor: scheduled ? scheduled.toISOString() : null,
  };
}

/** The ride request for a form that has passed `bookingProblems`. */
export function rideRequestOf(vehicleType: VehicleId, load: VehicleLoad, form: BookingForm): RideRequest {
  const place = (point: TripPoint) => ({ address: point.text.trim(), lat: point.coordinates!.lat, lng: point.coordinates!.lng });
  const scheduled = form.isScheduled ? scheduledInstant(form.scheduledDate, form.scheduledTime) : null;
  const notes = form.notes.trim();
  return {
    vehicleType,
    pickupLocation: place(form.pickup),
    dropoffLocation: place(form.dropoff),
    multipleDestinations: stopsWithCoordinates(form.stops).map((stop) => ({ ...place(stop), notes: null })),
    pricingMethod: form.pricingMethod,
    proposedFare: form.pricingMethod === 'bidding' ? Math.round(parseFare(form.proposedFare) * 100) / 100 : null,
    paymentMethod: form.paymentMethod,
    isScheduled: scheduled !== null,
    scheduledFor: scheduled ? scheduled.toISOString() : null,
    passengerCount: load.kind === 'passengers' ? form.passengerCount : null,
    packageSize: load.kind === 'package' ? form.packageSize : null,
    notes: notes === '' ? null : notes,
    notifyContactsAtStart: form.notifyContactsAtStart,
  };
}
