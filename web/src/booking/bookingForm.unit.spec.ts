import { describe, expect, it } from 'vitest';
import type { VehicleLoad } from './bookingApi.js';
import { bookingProblems, emptyBookingForm, localDate, parseFare, quoteRequestOf, rideRequestOf, scheduledInstant, type BookingForm } from './bookingForm.js';

const now = new Date(2025, 2, 1, 10, 0);
const passengers = { kind: 'passengers', maxPassengers: 4 } as const;
const parcels: VehicleLoad = { kind: 'package', sizes: ['small', 'medium'] };
const pickup = { text: 'Kitwe CBD', coordinates: { lat: -12.81, lng: 28.21 } };
const dropoff = { text: 'Nkana Stadium', coordinates: { lat: -12.83, lng: 28.2 } };
const trip: BookingForm = { ...emptyBookingForm(), pickup, dropoff };
const keys = (form: BookingForm, load: Parameters<typeof bookingProblems>[1]['load'] = passengers, bounds?: { floorNgwee: number; ceilingNgwee: number }) =>
  bookingProblems(form, { load, now, bounds }).map((problem) => problem.key);

describe('booking validation (spec 000 §5)', () => {
  it('lists every failure of the spec together', () => {
    const form: BookingForm = { ...emptyBookingForm(), isScheduled: true, scheduledDate: '', passengerCount: 0 };
    expect(keys(form)).toEqual([
      'booking.errors.pickupRequired',
      'booking.errors.destinationRequired',
      'booking.errors.scheduleRequired',
      'booking.errors.passengersRequired',
    ]);
    expect(keys({ ...emptyBookingForm(), pickup, dropoff }, parcels)).toEqual(['booking.errors.packageRequired']);
  });

  it('accepts a complete ride, and a courier booking with a size and no passengers', () => {
    expect(keys(trip)).toEqual([]);
    expect(keys({ ...trip, passengerCount: null, packageSize: 'small' }, parcels)).toEqual([]);
  });

  it('asks for places found on the map, not just typed', () => {
    expect(keys({ ...trip, pickup: { text: 'somewhere' }, stops: [{ text: 'x' }] })).toEqual(['booking.errors.pickupFromList', 'booking.errors.stopFromList']);
  });

  it('refuses a schedule in the past', () => {
    expect(keys({ ...trip, isScheduled: true, scheduledDate: '2025-03-01', scheduledTime: '09:00' })).toEqual(['booking.errors.scheduleInPast']);
    expect(keys({ ...trip, isScheduled: true, scheduledDate: '2025-03-01', scheduledTime: '11:00' })).toEqual([]);
  });

  it("keeps a proposal within the quote's bounds, naming them", () => {
    const bidding = { ...trip, pricingMethod: 'bidding' as const };
    expect(keys({ ...bidding, proposedFare: 'abc' })).toEqual(['booking.errors.fareRequired']);
    const bounds = { floorNgwee: 1800, ceilingNgwee: 9000 };
    expect(bookingProblems({ ...bidding, proposedFare: '17.9' }, { load: passengers, now, bounds })).toEqual([
      { key: 'booking.errors.fareOutOfBounds', values: { floor: 'ZMW 18.0', ceiling: 'ZMW 90.0' } },
    ]);
    expect(keys({ ...bidding, proposedFare: '18' }, passengers, bounds)).toEqual([]);
    expect(keys({ ...bidding, proposedFare: '90.1' }, passengers, bounds)).toEqual(['booking.errors.fareOutOfBounds']);
  });
});

describe('what is sent', () => {
  it('reads a typed fare as a number, anything else as 0', () => {
    expect(parseFare('34.5')).toBe(34.5);
    expect(parseFare('34,5')).toBe(34.5);
    expect(parseFare('')).toBe(0);
    expect(parseFare('-3')).toBe(0);
  });

  it('joins date and time in the device time zone, and gives today as the minimum date', () => {
    expect(scheduledInstant('2025-03-01', '14:30')?.getTime()).toBe(new Date(2025, 2, 1, 14, 30).getTime());
    expect(scheduledInstant('2025-03-01', '')).toBeNull();
    expect(localDate(now)).toBe('2025-03-01');
  });

  it('builds the ride request with the spec names, the load the vehicle takes, and no fare for fixed price', () => {
    const stop = { text: 'Mukuba Mall', coordinates: { lat: -12.8, lng: 28.22 } };
    const request = rideRequestOf('motorcycle', parcels, { ...trip, stops: [stop], packageSize: 'medium', passengerCount: 2, notes: '  fragile ' });
    expect(request).toEqual({
      vehicleType: 'motorcycle',
      pickupLocation: { address: 'Kitwe CBD', lat: -12.81, lng: 28.21 },
      dropoffLocation: { address: 'Nkana Stadium', lat: -12.83, lng: 28.2 },
      multipleDestinations: [{ address: 'Mukuba Mall', lat: -12.8, lng: 28.22, notes: null }],
      pricingMethod: 'fixed',
      proposedFare: null,
      paymentMethod: 'cash',
      isScheduled: false,
      scheduledFor: null,
      passengerCount: null,
      packageSize: 'medium',
      notes: 'fragile',
      notifyContactsAtStart: false,
    });
    expect(rideRequestOf('car', passengers, { ...trip, pricingMethod: 'bidding', proposedFare: '25.456' }).proposedFare).toBe(25.46);
    expect(rideRequestOf('car', passengers, { ...trip, notifyContactsAtStart: true }).notifyContactsAtStart).toBe(true);
  });

  it('prices a trip only once both ends are on the map', () => {
    expect(quoteRequestOf('car', { ...trip, dropoff: { text: 'x' } })).toBeNull();
    expect(quoteRequestOf('car', trip)).toEqual({ vehicleType: 'car', pickup: pickup.coordinates, dropoff: dropoff.coordinates, stops: [], pricingMethod: 'fixed', scheduledFor: null });
  });
});
