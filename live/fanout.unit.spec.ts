import { describe, expect, it } from 'vitest';
import type { BidEvent } from '../domain/bid/index.js';
import { rideDecider, type RideEvent } from '../domain/ride/index.js';
import {
  accepted,
  arrived,
  biddingRideRequested,
  completed,
  driverArrived,
  driverAssigned,
  fitDriver,
  pending,
  pinAttemptFailed,
  pinIssued,
  quote,
  rideId,
  rideRequested,
  rideScheduled,
  rider,
} from '../tests/support/fixtures/ride.js';
import { fold } from '../domain/shared/index.js';
import { bidDeliveries, offerDeliveries, rideDeliveries, type Delivery } from './fanout.js';

const at = '2025-01-15T08:00:00.000Z';
const stateAfter = (history: readonly RideEvent[]) => fold(rideDecider, history);

/** Given the ride's history, when this event is recorded, then these deliveries. */
const when = (history: readonly RideEvent[], event: RideEvent): Delivery[] => rideDeliveries(event, stateAfter([...history, event]), at);

const toParties = (userIds: string[]) => ({ kind: 'people', userIds, watchersOf: rideId });

describe('who hears of a ride event', () => {
  it('a new request: the rider sees it pending, and drivers of its vehicle type (but the rider, should they also drive) hear of a new ride at the quoted fare', () => {
    const deliveries = when([], rideRequested());
    expect(deliveries).toEqual([
      { audience: toParties([rider.userId]), message: expect.objectContaining({ type: 'ride_update', status: 'pending', event: 'RideRequested', driverId: null }) },
      {
        audience: { kind: 'drivers', vehicleType: 'car', driverIds: null, riderUserId: rider.userId },
        message: expect.objectContaining({ type: 'new_ride', rideId, fareNgwee: quote.totalNgwee, offered: false, distanceKm: null, stopCount: 0 }),
      },
    ]);
    expect(Object.keys(deliveries[1]!.message)).not.toContain('riderId');
  });

  it("a bidding request: drivers hear of the rider's offer, not the quote", () => {
    const [, newRide] = when([], biddingRideRequested(4_200));
    expect(newRide!.message).toMatchObject({ type: 'new_ride', pricingMethod: 'bidding', fareNgwee: 4_200 });
  });

  it('a booking for later: only the rider hears (drivers hear when it is dispatched)', () => {
    expect(when([], rideScheduled()).map(({ audience, message }) => [audience.kind, message.type])).toEqual([['people', 'ride_update']]);
  });

  it('a booking dispatched when its time comes: drivers hear of it then', () => {
    const dispatched: RideEvent = { type: 'ScheduledRideDispatched', data: { rideId, dispatchedAt: at } };
    expect(when([rideScheduled()], dispatched).map(({ audience, message }) => [audience.kind, message.type])).toEqual([
      ['people', 'ride_update'],
      ['drivers', 'new_ride'],
    ]);
  });

  it('an assignment: the rider and the assigned driver see it accepted', () => {
    expect(when(pending, driverAssigned())).toEqual([
      { audience: toParties([rider.userId, fitDriver.userId]), message: expect.objectContaining({ status: 'accepted', driverId: fitDriver.driverId, progress: 25 }) },
    ]);
  });

  it('a PIN: only the rider hears that there is one, without its digits, and no watcher does', () => {
    const deliveries = when([...pending, driverAssigned()], pinIssued('4821'));
    expect(deliveries).toEqual([
      { audience: { kind: 'people', userIds: [rider.userId], watchersOf: null }, message: expect.objectContaining({ type: 'ride_update', pinIssued: true }) },
    ]);
    expect(JSON.stringify(deliveries)).not.toContain('4821');
  });

  it('a wrong PIN: both parties see how many tries are left', () => {
    expect(when(arrived, pinAttemptFailed(2))).toEqual([
      { audience: toParties([rider.userId, fitDriver.userId]), message: expect.objectContaining({ status: 'arrived', attemptsLeft: 3, pinLocked: false }) },
    ]);
  });

  it('no message from any step of a ride carries the PIN, whoever it is for', () => {
    const history = [...completed.slice(0, 3), driverArrived, pinAttemptFailed(1), pinIssued('7306', 'reissued_by_rider'), ...completed.slice(4)];
    const everything = history.flatMap((event, index) => when(history.slice(0, index), event));
    expect(everything.map(({ message }) => message.type)).toContain('ride_update');
    expect(JSON.stringify(everything)).not.toMatch(/4821|7306/);
    expect(JSON.stringify(everything)).not.toMatch(/"pin"/);
  });
});

describe('who hears of a dispatch offer', () => {
  const offers = [
    { driverId: 'driver-near', distanceKm: 0.4 },
    { driverId: 'driver-further', distanceKm: 1.9 },
  ];

  it('each chosen driver, alone, with their own distance to the pickup', () => {
    const deliveries = offerDeliveries(offers, stateAfter(pending), at);
    expect(deliveries.map(({ audience, message }) => [audience, message.type === 'new_ride' && message.distanceKm])).toEqual([
      [{ kind: 'drivers', vehicleType: 'car', driverIds: ['driver-near'] }, 0.4],
      [{ kind: 'drivers', vehicleType: 'car', driverIds: ['driver-further'] }, 1.9],
    ]);
  });

  it('nobody, once the ride has a driver', () => {
    expect(offerDeliveries(offers, stateAfter(accepted), at)).toEqual([]);
  });
});

describe('who hears of a bid', () => {
  const ids = { bidId: 'bid-1', rideId, driverId: 'driver-bidder' };

  it('a new bid: the rider and the driver who placed it', () => {
    const placed: BidEvent = {
      type: 'BidPlaced',
      data: { ...ids, driverUserId: 'user-bidder', amountNgwee: 5_500, message: 'Near', estimatedArrivalMinutes: 4, expiresAt: at, placedAt: at },
    };
    expect(bidDeliveries(placed, rider.userId, 'user-bidder', at)).toEqual([
      {
        audience: { kind: 'people', userIds: [rider.userId, 'user-bidder'], watchersOf: null },
        message: { type: 'new_bid', ...ids, amountNgwee: 5_500, estimatedArrivalMinutes: 4, expiresAt: at, at },
      },
    ]);
  });

  it('a settled bid: the same two, with the reason', () => {
    const rejected: BidEvent = { type: 'BidMarkedRejected', data: { ...ids, reason: 'another_bid_accepted', rejectedAt: at } };
    expect(bidDeliveries(rejected, rider.userId, 'user-bidder', at)[0]!.message).toEqual({
      type: 'bid_update',
      ...ids,
      status: 'rejected',
      reason: 'another_bid_accepted',
      at,
    });
  });
});
