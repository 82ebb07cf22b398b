import { describe, expect, it } from 'vitest';
import { BOOKING_LIMITS, bookingBreaches, type BookingToCheck } from './booking.js';

const now = new Date('2026-12-01T08:00:00Z');
const ride: BookingToCheck = {
  pricingMethod: 'fixed',
  proposedFareNgwee: null,
  bounds: { floorNgwee: 2000, ceilingNgwee: 6000 },
  passengerCount: 1,
  packageSize: null,
  scheduledFor: null,
  stopCount: 0,
};
const rules = (booking: Partial<BookingToCheck>) => bookingBreaches({ ...ride, ...booking }, now).map((breach) => breach.rule);

describe('the booking check (shared by the decider and the booking form)', () => {
  it('passes a fixed-price ride for one passenger, now, with up to the stop limit', () => {
    expect(rules({})).toEqual([]);
    expect(rules({ stopCount: BOOKING_LIMITS.maxStops })).toEqual([]);
  });

  it('wants a bidding ride to propose a fare within the bounds, and a fixed-price ride not to', () => {
    expect(rules({ pricingMethod: 'bidding' })).toEqual(['proposal_required']);
    expect(rules({ pricingMethod: 'bidding', proposedFareNgwee: 0 })).toEqual(['proposal_required']);
    expect(rules({ pricingMethod: 'bidding', proposedFareNgwee: 1999 })).toEqual(['proposal_below_floor']);
    expect(rules({ pricingMethod: 'bidding', proposedFareNgwee: 6001 })).toEqual(['proposal_above_ceiling']);
    expect(rules({ pricingMethod: 'bidding', proposedFareNgwee: 6001, bounds: null })).toEqual([]);
    expect(rules({ proposedFareNgwee: 3000 })).toEqual(['proposal_on_fixed_price']);
  });

  it('wants passengers or a package, exactly one; a schedule in the future; no more stops than the limit', () => {
    expect(rules({ passengerCount: null })).toEqual(['passengers_or_package']);
    expect(rules({ packageSize: 'small' })).toEqual(['passengers_or_package']);
    expect(rules({ scheduledFor: '2026-12-01T08:00:00Z' })).toEqual(['schedule_in_past']);
    expect(rules({ scheduledFor: '2026-12-01T08:30:00Z' })).toEqual([]);
    expect(rules({ stopCount: BOOKING_LIMITS.maxStops + 1 })).toEqual(['too_many_stops']);
  });
});
