import { describe, expect, it } from 'vitest';
import { placeById } from '../../../domain/catalogue/index.js';
import type { Ride } from '../tracking/rideApi.js';
import { activeRideOf, fareOf, rebookSearch, rideGroup } from './myRides.js';

const quote = { total: 45, totalNgwee: 4500, floor: 30, floorNgwee: 3000, ceiling: 60, ceilingNgwee: 6000, receipt: [] };

describe('my rides', () => {
  it('puts each ride under way, booked for later, or over', () => {
    expect(rideGroup({ status: 'pending', isScheduled: false })).toBe('active');
    expect(rideGroup({ status: 'in_progress', isScheduled: true })).toBe('active');
    expect(rideGroup({ status: 'scheduled', isScheduled: true })).toBe('scheduled');
    expect(rideGroup({ status: 'pending', isScheduled: true })).toBe('scheduled');
    for (const status of ['completed', 'cancelled', 'expired'] as const) expect(rideGroup({ status, isScheduled: false })).toBe('past');
  });

  it('finds the ride under way among past and scheduled ones', () => {
    const rides = [
      { id: 'old', status: 'completed', isScheduled: false },
      { id: 'later', status: 'scheduled', isScheduled: true },
      { id: 'now', status: 'accepted', isScheduled: false },
    ] as Ride[];
    expect(activeRideOf(rides)?.id).toBe('now');
    expect(activeRideOf(rides.slice(0, 2))).toBeUndefined();
  });

  it('books again with the same vehicle and ends, naming known places so the map has them', () => {
    const cbu = placeById('copperbelt-university')!;
    const search = rebookSearch({
      vehicleType: 'car',
      pricingMethod: 'fixed',
      pickupLocation: { address: 'Copperbelt University', ...cbu.coordinates },
      dropoffLocation: { address: 'A farm gate', lat: -12.5, lng: 28.5 },
    });
    expect(search).toEqual({ vehicle: 'car', pricing: 'fixed', from: 'Copperbelt University', fromPlace: 'copperbelt-university', to: 'A farm gate' });
  });

  it('charges the final fare once known, else the agreed, offered or quoted one', () => {
    expect(fareOf({ finalFareNgwee: 5000, agreedFareNgwee: 4000, offeredFareNgwee: null, quote })).toBe(5000);
    expect(fareOf({ finalFareNgwee: null, agreedFareNgwee: 4000, offeredFareNgwee: 3500, quote })).toBe(4000);
    expect(fareOf({ finalFareNgwee: null, agreedFareNgwee: null, offeredFareNgwee: null, quote })).toBe(4500);
  });
});
