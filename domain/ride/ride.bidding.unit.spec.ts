import { describe, it } from 'vitest';
import { DeciderSpecification } from '../shared/spec.js';
import { rideDecider } from './decider.js';
import type { RideEvent } from './events.js';
import {
  admin,
  biddingRideRequested,
  command,
  driverUser,
  fitDriver,
  minutesAfter,
  minutesBefore,
  now,
  otherFitDriver,
  otherPassenger,
  pending,
  quote,
  rideId,
  rider,
  staff,
  system,
} from '../../tests/support/fixtures/ride.js';

const spec = DeciderSpecification.for(rideDecider);
const biddingRide = [biddingRideRequested(4_000)];

const liveBid = {
  bidId: `${rideId}_${fitDriver.driverId}`,
  rideId,
  driverId: fitDriver.driverId,
  amountNgwee: 4_500,
  status: 'placed' as const,
  expiresAt: minutesAfter(1),
};
const acceptBid = (bid: Partial<typeof liveBid> | Record<string, unknown> = {}, driver = fitDriver, actor = rider) =>
  command('AcceptBid', actor, { bid: { ...liveBid, ...bid } as typeof liveBid, driver });

const bidAccepted: RideEvent = {
  type: 'BidAccepted',
  data: { rideId, bidId: liveBid.bidId, driverId: fitDriver.driverId, agreedFareNgwee: 4_500, acceptedAt: minutesBefore(1) },
};

describe('CounterOffer', () => {
  it('changes the rider’s offer within the bounds', () =>
    spec(biddingRide)
      .when(command('CounterOffer', rider, { offeredFareNgwee: 5_500 }))
      .then([{ type: 'FareCounterOffered', data: { rideId, offeredFareNgwee: 5_500, previousFareNgwee: 4_000, offeredAt: now } }]));

  it('remembers the latest offer as the previous one', () =>
    spec([
      ...biddingRide,
      { type: 'FareCounterOffered', data: { rideId, offeredFareNgwee: 5_500, previousFareNgwee: 4_000, offeredAt: minutesBefore(1) } },
    ])
      .when(command('CounterOffer', rider, { offeredFareNgwee: 6_000 }))
      .then([{ type: 'FareCounterOffered', data: { rideId, offeredFareNgwee: 6_000, previousFareNgwee: 5_500, offeredAt: now } }]));

  it('refuses an offer below the floor', () =>
    spec(biddingRide).when(command('CounterOffer', rider, { offeredFareNgwee: quote.floorNgwee - 1 })).thenThrows('proposal_below_floor'));

  it('refuses an offer above the ceiling', () =>
    spec(biddingRide)
      .when(command('CounterOffer', rider, { offeredFareNgwee: quote.ceilingNgwee + 1 }))
      .thenThrows('proposal_above_ceiling'));

  it.each([otherPassenger, driverUser, admin, staff, system])('refuses a counter-offer by $userId', (actor) =>
    spec(biddingRide).when(command('CounterOffer', actor, { offeredFareNgwee: 5_000 })).thenThrows('forbidden'));

  it('refuses a fixed-price ride', () =>
    spec(pending).when(command('CounterOffer', rider, { offeredFareNgwee: 5_000 })).thenThrows('not_allowed_in_state', 'fixed price'));

  it('refuses once a bid is accepted', () =>
    spec([...biddingRide, bidAccepted])
      .when(command('CounterOffer', rider, { offeredFareNgwee: 5_000 }))
      .thenThrows('not_allowed_in_state'));

  it('refuses a fractional amount of ngwee', () =>
    spec(biddingRide).when(command('CounterOffer', rider, { offeredFareNgwee: 5_000.5 })).thenThrows('invalid', 'data.offeredFareNgwee'));
});

describe('AcceptBid', () => {
  it('settles the ride on the bid: bid accepted, driver assigned at the bid’s amount, PIN issued', () =>
    spec(biddingRide)
      .when(acceptBid())
      .then([
        { type: 'BidAccepted', data: { rideId, bidId: liveBid.bidId, driverId: fitDriver.driverId, agreedFareNgwee: 4_500, acceptedAt: now } },
        {
          type: 'DriverAssigned',
          data: { rideId, driverId: fitDriver.driverId, driverUserId: fitDriver.userId, agreedFareNgwee: 4_500, assignedAt: now },
        },
        { type: 'PinIssued', data: { rideId, pin: '5500', reason: 'driver_assigned', issuedAt: now } },
      ]));

  it.each([otherPassenger, driverUser, admin, system])('refuses an acceptance by $userId', (actor) =>
    spec(biddingRide).when(acceptBid({}, fitDriver, actor)).thenThrows('forbidden'));

  it('refuses a fixed-price ride', () => spec(pending).when(acceptBid()).thenThrows('not_allowed_in_state', 'fixed price'));

  it('refuses a second bid once one is accepted', () =>
    spec([
      ...biddingRide,
      bidAccepted,
      {
        type: 'DriverAssigned',
        data: { rideId, driverId: fitDriver.driverId, driverUserId: fitDriver.userId, agreedFareNgwee: 4_500, assignedAt: minutesBefore(1) },
      },
    ])
      .when(acceptBid({ bidId: `${rideId}_${otherFitDriver.driverId}`, driverId: otherFitDriver.driverId }, otherFitDriver))
      .thenThrows('not_allowed_in_state', 'ride is accepted'));

  it('refuses a bid on another ride', () => spec(biddingRide).when(acceptBid({ rideId: 'ride-ndola-0002' })).thenThrows('not_found'));

  it('refuses a bid whose validity has run out', () =>
    spec(biddingRide).when(acceptBid({ expiresAt: now })).thenThrows('bid_expired'));

  it('refuses a bid its stream already marks expired', () =>
    spec(biddingRide).when(acceptBid({ status: 'expired' })).thenThrows('bid_expired'));

  it('refuses a withdrawn bid', () =>
    spec(biddingRide).when(acceptBid({ status: 'withdrawn' })).thenThrows('not_allowed_in_state', 'bid is withdrawn'));

  it('refuses driver facts about someone other than the bidder', () =>
    spec(biddingRide).when(acceptBid({}, otherFitDriver)).thenThrows('invalid', 'driver'));

  it('refuses a bidder who has gone offline since', () =>
    spec(biddingRide).when(acceptBid({}, { ...fitDriver, online: false })).thenThrows('driver_offline'));

  it('refuses a bidder engaged elsewhere since', () =>
    spec(biddingRide).when(acceptBid({}, { ...fitDriver, busy: true })).thenThrows('driver_busy'));

  it('refuses a bidder whose verification was withdrawn', () =>
    spec(biddingRide).when(acceptBid({}, { ...fitDriver, verified: false })).thenThrows('driver_not_verified'));

  it('refuses a bidder with another kind of vehicle', () =>
    spec(biddingRide).when(acceptBid({}, { ...fitDriver, vehicleType: 'truck' })).thenThrows('vehicle_mismatch'));
});

describe('DeclineAllBids', () => {
  it('cancels the ride on the rider’s behalf', () =>
    spec(biddingRide)
      .when(command('DeclineAllBids', rider))
      .then([
        {
          type: 'RideCancelled',
          data: { rideId, by: 'rider', byUserId: rider.userId, reasonCode: 'declined_all_bids', reason: 'declined_all_bids', stage: 'pending', cancelledAt: now },
        },
      ]));

  it.each([otherPassenger, driverUser, admin])('refuses $userId', (actor) =>
    spec(biddingRide).when(command('DeclineAllBids', actor)).thenThrows('forbidden'));

  it('refuses a fixed-price ride', () =>
    spec(pending).when(command('DeclineAllBids', rider)).thenThrows('not_allowed_in_state', 'fixed price'));

  it('refuses once a bid is accepted and a driver is on the way', () =>
    spec([
      ...biddingRide,
      bidAccepted,
      {
        type: 'DriverAssigned',
        data: { rideId, driverId: fitDriver.driverId, driverUserId: fitDriver.userId, agreedFareNgwee: 4_500, assignedAt: minutesBefore(1) },
      },
    ])
      .when(command('DeclineAllBids', rider))
      .thenThrows('not_allowed_in_state', 'ride is accepted'));
});
