import { getResolution, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { DISPATCH_H3_RESOLUTION } from '../../../domain/dispatch/index.js';
import type { RideEvent } from '../../../domain/ride/events.js';
import type { Stored } from '../../shared/storedEvents.js';
import { foldRideDemand } from './projection.js';

const booked = (lat: number, lng: number): Stored<RideEvent> =>
  ({
    event: {
      type: 'RideRequested',
      data: {
        rideId: 'r1',
        riderId: 'rider',
        vehicleType: 'car',
        pickup: { address: 'Freedom Park, Kitwe', lat, lng },
        dropoff: { address: 'CBU', lat: -12.8074, lng: 28.2441 },
        stops: [],
        pricingMethod: 'fixed',
        proposedFareNgwee: null,
        paymentMethod: 'cash',
        scheduledFor: null,
        passengerCount: 1,
        packageSize: null,
        notes: null,
        quote: { totalNgwee: 5_000, floorNgwee: 3_000, ceilingNgwee: 15_000, breakdown: {} },
        requestedAt: '2026-03-04T06:15:00.000Z',
      },
    },
    streamName: 'ride-r1',
    revision: 0n,
    created: new Date('2026-03-04T06:15:00.000Z'),
  }) as Stored<RideEvent>;

describe('demand per H3 cell', () => {
  it('puts a pickup in its cell, with the cell centre near the pickup', () => {
    const row = foldRideDemand(undefined, booked(-12.8024, 28.2136))!;
    expect(row.h3_cell).toBe(latLngToCell(-12.8024, 28.2136, DISPATCH_H3_RESOLUTION));
    expect(getResolution(row.h3_cell)).toBe(8);
    expect(Math.abs(row.cell_lat - -12.8024)).toBeLessThan(0.01);
    expect(Math.abs(row.cell_lng - 28.2136)).toBeLessThan(0.01);
    expect(row).toMatchObject({ city: 'kitwe', vehicle_type: 'car', search_started_at: new Date('2026-03-04T06:15:00.000Z') });
  });
});
