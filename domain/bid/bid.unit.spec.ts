import { describe, expect, it } from 'vitest';
import { fold } from '../shared/index.js';
import { DeciderSpecification } from '../shared/spec.js';
import { bidDecider } from './decider.js';
import { parseBidEvent } from './events.js';
import {
  accepted,
  admin,
  biddingRide,
  bidCommand,
  bidId,
  bidPlaced,
  driver,
  driverUser,
  expired,
  now,
  otherDriverUser,
  placeBid,
  placed,
  rejected,
  rider,
  rideId,
  secondsFrom,
  system,
  withdrawn,
} from '../../tests/support/fixtures/bid.js';
import { bidIdFor, bidStatus } from './status.js';

const spec = DeciderSpecification.for(bidDecider);
const ids = { bidId, rideId, driverId: driver.driverId };
const placedNow = (amountNgwee = 4_500) => ({
  type: 'BidPlaced' as const,
  data: {
    ...ids,
    driverUserId: driver.userId,
    amountNgwee,
    message: 'Close by, clean car',
    estimatedArrivalMinutes: 4,
    expiresAt: secondsFrom(120),
    placedAt: now,
  },
});
const reject = (actor = system) => ({ type: 'MarkBidRejected' as const, actor, data: { bidId, reason: 'another_bid_accepted' as const } });

describe('PlaceBid', () => {
  it('places a driver’s bid on a bidding ride', () => spec([]).when(placeBid()).then([placedNow()]));

  it('fills in the spec’s defaults: no message, arrival in 5 minutes', () =>
    spec([])
      .when(placeBid({ message: undefined, estimatedArrivalMinutes: undefined }))
      .then([{ ...placedNow(), data: { ...placedNow().data, message: '', estimatedArrivalMinutes: 5 } }]));

  it('refuses a second live bid by the same driver on the ride', () =>
    spec(placed).when(placeBid({ amountNgwee: 4_000 })).thenThrows('bid_already_placed'));

  it('lets the driver bid again after withdrawing', () => spec(withdrawn).when(placeBid({ amountNgwee: 4_000 })).then([placedNow(4_000)]));

  it('lets the driver bid again after the bid expired', () => spec(expired).when(placeBid()).then([placedNow()]));

  it.each([
    ['accepted', accepted],
    ['rejected', rejected],
  ] as const)('refuses a bid once the earlier one was %s', (status, history) =>
    spec(history).when(placeBid()).thenThrows('not_allowed_in_state', `bid is ${status}`));

  it.each([rider, admin, system])('refuses a bid by $userId', (actor) => spec([]).when(placeBid({}, actor)).thenThrows('forbidden'));

  it('refuses a driver bidding in another driver’s name', () => spec([]).when(placeBid({}, otherDriverUser)).thenThrows('forbidden'));

  it('refuses a bid id that is not the ride’s and driver’s', () =>
    spec([]).when(placeBid({ bidId: 'bid-made-up' })).thenThrows('invalid', 'bidId'));

  it.each(['accepted', 'cancelled', 'expired', 'scheduled'] as const)('refuses a ride that is %s', (status) =>
    spec([]).when(placeBid({ ride: { ...biddingRide, status } })).thenThrows('not_allowed_in_state', `ride is ${status}`));

  it('refuses a fixed-price ride', () =>
    spec([]).when(placeBid({ ride: { ...biddingRide, pricingMethod: 'fixed' } })).thenThrows('not_allowed_in_state', 'fixed price'));

  it('refuses an amount below the ride’s floor', () => spec([]).when(placeBid({ amountNgwee: 2_990 })).thenThrows('proposal_below_floor'));

  it('refuses an amount above the ride’s ceiling', () => spec([]).when(placeBid({ amountNgwee: 15_010 })).thenThrows('proposal_above_ceiling'));

  it('refuses an unverified driver', () => spec([]).when(placeBid({ driver: { ...driver, verified: false } })).thenThrows('driver_not_verified'));

  it('refuses an offline driver', () => spec([]).when(placeBid({ driver: { ...driver, online: false } })).thenThrows('driver_offline'));

  it('refuses a driver engaged on another ride', () => spec([]).when(placeBid({ driver: { ...driver, busy: true } })).thenThrows('driver_busy'));

  it('refuses a driver with another kind of vehicle', () =>
    spec([]).when(placeBid({ driver: { ...driver, vehicleType: 'motorcycle' } })).thenThrows('vehicle_mismatch'));

  it('refuses a validity window that has already closed', () =>
    spec([]).when(placeBid({ expiresAt: now })).thenThrows('invalid', 'expiresAt'));

  it('refuses an arrival estimate of no minutes', () =>
    spec([]).when(placeBid({ estimatedArrivalMinutes: 0 })).thenThrows('invalid', 'data.estimatedArrivalMinutes'));
});

describe('WithdrawBid', () => {
  it('withdraws the driver’s live bid', () =>
    spec(placed).when(bidCommand('WithdrawBid', driverUser)).then([{ type: 'BidWithdrawn', data: { ...ids, withdrawnAt: now } }]));

  it.each([otherDriverUser, rider, admin, system])('refuses $userId, whose bid it is not', (actor) =>
    spec(placed).when(bidCommand('WithdrawBid', actor)).thenThrows('forbidden'));

  it.each([
    ['withdrawn', withdrawn],
    ['expired', expired],
    ['accepted', accepted],
  ] as const)('refuses a bid that is %s', (_, history) =>
    spec(history).when(bidCommand('WithdrawBid', driverUser)).thenThrows('not_allowed_in_state'));

  it('refuses a bid that does not exist', () => spec([]).when(bidCommand('WithdrawBid', driverUser)).thenThrows('not_found'));
});

describe('MarkBidAccepted (settlement)', () => {
  it('marks the chosen bid accepted', () =>
    spec(placed).when(bidCommand('MarkBidAccepted', system)).then([{ type: 'BidMarkedAccepted', data: { ...ids, acceptedAt: now } }]));

  it.each([
    ['withdrawn', withdrawn],
    ['expired', expired],
  ] as const)('records the ride’s decision even if the bid was %s in the meantime', (_, history) =>
    spec(history).when(bidCommand('MarkBidAccepted', system)).then([{ type: 'BidMarkedAccepted', data: { ...ids, acceptedAt: now } }]));

  it.each([driverUser, rider, admin])('refuses $userId', (actor) =>
    spec(placed).when(bidCommand('MarkBidAccepted', actor)).thenThrows('forbidden'));

  it.each([
    ['accepted', accepted],
    ['rejected', rejected],
  ] as const)('refuses a bid already %s', (status, history) =>
    spec(history).when(bidCommand('MarkBidAccepted', system)).thenThrows('not_allowed_in_state', `bid is ${status}`));

  it('refuses a bid that does not exist', () => spec([]).when(bidCommand('MarkBidAccepted', system)).thenThrows('not_found'));
});

describe('MarkBidRejected (settlement)', () => {
  it('marks a losing bid rejected with the reason', () =>
    spec(placed)
      .when(reject())
      .then([{ type: 'BidMarkedRejected', data: { ...ids, reason: 'another_bid_accepted', rejectedAt: now } }]));

  it('closes a withdrawn bid for good, so no re-bid follows on a settled ride', () =>
    spec(withdrawn)
      .when(reject())
      .then([{ type: 'BidMarkedRejected', data: { ...ids, reason: 'another_bid_accepted', rejectedAt: now } }]));

  it.each([driverUser, rider, admin])('refuses $userId', (actor) => spec(placed).when(reject(actor)).thenThrows('forbidden'));

  it('refuses a bid already accepted', () => spec(accepted).when(reject()).thenThrows('not_allowed_in_state', 'bid is accepted'));

  it('refuses a reason the settlement does not know', () =>
    spec(placed).when({ ...reject(), data: { bidId, reason: 'too_expensive' as never } }).thenThrows('invalid', 'data.reason'));
});

describe('ExpireBid', () => {
  it('expires a live bid once its validity has run out', () =>
    spec([bidPlaced(4_500, now)]).when(bidCommand('ExpireBid', system)).then([{ type: 'BidExpired', data: { ...ids, expiredAt: now } }]));

  it('refuses while the bid is still valid', () =>
    spec(placed).when(bidCommand('ExpireBid', system)).thenThrows('not_allowed_in_state', `bid is valid until ${secondsFrom(60)}`));

  it.each([driverUser, admin])('refuses $userId', (actor) =>
    spec([bidPlaced(4_500, now)]).when(bidCommand('ExpireBid', actor)).thenThrows('forbidden'));

  it.each([
    ['withdrawn', withdrawn],
    ['accepted', accepted],
  ] as const)('refuses a bid that is %s', (status, history) =>
    spec(history).when(bidCommand('ExpireBid', system)).thenThrows('not_allowed_in_state', `bid is ${status}`));
});

describe('bid status and events', () => {
  it.each([
    [[], null],
    [placed, 'placed'],
    [withdrawn, 'withdrawn'],
    [expired, 'expired'],
    [accepted, 'accepted'],
    [rejected, 'rejected'],
    [[...withdrawn, bidPlaced(4_000)], 'placed'],
  ] as const)('folds %j to %s', (events, status) => expect(bidStatus(fold(bidDecider, events))).toBe(status));

  it('counts rounds and keeps the latest amount after a re-bid', () => {
    const { context } = fold(bidDecider, [...withdrawn, bidPlaced(4_000)]);
    expect(context.round).toBe(2);
    expect(context.bid?.amountNgwee).toBe(4_000);
  });

  it('ignores a placement in the stream by anyone but its bidder', () => {
    const intruder = { ...bidPlaced(), data: { ...bidPlaced().data, driverId: 'driver-banda' } };
    expect(bidStatus(fold(bidDecider, [...withdrawn, intruder]))).toBe('withdrawn');
  });

  it('derives one bid id per driver per ride', () => {
    expect(bidIdFor(rideId, 'driver-a')).toBe(bidIdFor(rideId, 'driver-a'));
    expect(bidIdFor(rideId, 'driver-a')).not.toBe(bidIdFor(rideId, 'driver-b'));
    expect(bidIdFor('ride-2', 'driver-a')).not.toBe(bidIdFor(rideId, 'driver-a'));
  });

  it('accepts every event the fixtures store and refuses a malformed one', () => {
    for (const event of [...withdrawn, ...expired, ...accepted, ...rejected]) expect(parseBidEvent(event)).toEqual(event);
    expect(() => parseBidEvent({ type: 'BidPlaced', data: { ...bidPlaced().data, amountNgwee: -1 } })).toThrow(/amountNgwee/);
  });
});
