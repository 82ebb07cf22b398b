import { getResolution, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { DISPATCH_H3_RESOLUTION } from '../../../domain/dispatch/index.js';
import type { RideEvent } from '../../../domain/ride/events.js';
import {
  booking,
  driverArrived,
  driverAssigned,
  fitDriver,
  minutesAfter,
  minutesBefore,
  pinIssued,
  rideCancelledByRider,
  rideExpired,
  rideId,
  rideRequested,
  rideScheduled,
  tripCompleted,
  tripStarted,
} from '../../../tests/support/fixtures/ride.js';
import type { Stored } from '../../shared/storedEvents.js';
import { foldRideFacts } from './foldRideFacts.js';

const stored = (event: RideEvent, revision: number): Stored<RideEvent> => ({
  event,
  streamName: `ride-${rideId}`,
  revision: BigInt(revision),
  created: new Date(minutesBefore(0)),
});

/** Given a ride's events, its facts row as the projection keeps it (undefined: no row). */
const factsOf = (...events: RideEvent[]) =>
  events.reduce<ReturnType<typeof foldRideFacts>>((row, event, revision) => foldRideFacts(row, stored(event, revision)) ?? row, undefined);

describe('a ride’s facts for analysts', () => {
  it('are made by its booking: dimensions, pickup cell, search start, nothing else yet', () => {
    const pickup = { address: 'Freedom Park, Kitwe', lat: -12.8024, lng: 28.2136 };
    const row = factsOf(rideRequested({ pickup, vehicleType: 'car', pricingMethod: 'fixed' }))!;
    expect(row.h3_cell).toBe(latLngToCell(pickup.lat, pickup.lng, DISPATCH_H3_RESOLUTION));
    expect(getResolution(row.h3_cell)).toBe(8);
    expect(Math.abs(row.cell_lat - pickup.lat)).toBeLessThan(0.01);
    expect(Math.abs(row.cell_lng - pickup.lng)).toBeLessThan(0.01);
    expect(row).toMatchObject({
      ride_id: rideId,
      city: 'kitwe',
      vehicle_type: 'car',
      pricing_method: 'fixed',
      search_started_at: new Date(booking().requestedAt),
      assigned_at: null,
      completed_at: null,
      cancelled_at: null,
      expired_at: null,
      fare_ngwee: null,
    });
  });

  it('start a scheduled ride’s search when it is dispatched, not when it is booked', () => {
    const scheduled = factsOf(rideScheduled());
    expect(scheduled?.search_started_at).toBeNull();
    const dispatchedAt = minutesAfter(115);
    const dispatched = factsOf(rideScheduled(), { type: 'ScheduledRideDispatched', data: { rideId, dispatchedAt } });
    expect(dispatched?.search_started_at).toEqual(new Date(dispatchedAt));
  });

  it('take the assignment, then the completion with its fare split 12 % / 88 %', () => {
    const completed = { ...tripCompleted, data: { ...tripCompleted.data, finalFareNgwee: 4_550 } } as RideEvent;
    const row = factsOf(rideRequested(), driverAssigned(), pinIssued(), driverArrived, tripStarted, completed)!;
    expect(row).toMatchObject({
      assigned_at: new Date(minutesBefore(4)),
      completed_at: new Date(minutesBefore(0.5)),
      driver_id: fitDriver.driverId,
      fare_ngwee: 4_550,
      commission_ngwee: 546,
      driver_share_ngwee: 4_004,
      cancelled_at: null,
    });
  });

  it('keep who cancelled, the reason code and words, and the stage', () => {
    expect(factsOf(rideRequested(), rideCancelledByRider)).toMatchObject({
      cancelled_at: new Date(minutesBefore(1)),
      cancelled_by: 'rider',
      cancel_reason_code: 'changed_plans',
      cancel_reason: 'changed my mind',
      cancelled_stage: 'pending',
      completed_at: null,
    });
  });

  it('keep when an unanswered ride expired', () => {
    expect(factsOf(rideRequested(), rideExpired)?.expired_at).toEqual(new Date(minutesBefore(1)));
  });

  it('change on nothing else, and a second booking event leaves the row as it was', () => {
    const row = factsOf(rideRequested());
    for (const event of [pinIssued(), driverArrived, tripStarted]) expect(foldRideFacts(row, stored(event, 5))).toBeUndefined();
    expect(foldRideFacts(row, stored(rideRequested({ vehicleType: 'truck' }), 6))).toBe(row);
  });

  it('have no row for events before a booking', () => {
    expect(factsOf(driverAssigned(), tripCompleted)).toBeUndefined();
  });
});
