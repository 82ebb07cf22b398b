import { describe, expect, it } from 'vitest';
import { bidIdFor, bidStreamId } from '../../domain/bid/index.js';
import { driverStream } from '../../domain/driverDuty/index.js';
import {
  as,
  expectRefusal,
  givenAcceptedRide,
  givenPendingRide,
  onboardDriver,
  passenger,
  storedTypes,
  system,
  uniqueId,
  useRideTestBed,
  type TestDriver,
} from '../../tests/support/rideFixtures.js';
import { expireBid, placeBid, withdrawBid } from './index.js';

const bed = useRideTestBed('bids');

const givenBiddingRide = () => givenPendingRide(bed.services, { pricingMethod: 'bidding', proposedFareNgwee: 3_000 });
const streamsOf = (rideStream: string, rideId: string, driver: TestDriver) => [
  rideStream,
  bidStreamId(bidIdFor(rideId, driver.driverId)),
  driverStream(driver.driverId),
];

describe('PlaceBid', () => {
  it('given a bidding ride, an online driver bids; the bid is valid for the window in the settings', async () => {
    const ride = await givenBiddingRide();
    const driver = await onboardDriver(bed.services);
    const result = await placeBid(bed.services, { rideId: ride.rideId, driverId: driver.driverId, amountNgwee: 4_200 }, as(driver.actor));

    const now = bed.clock.now().getTime();
    expect(result).toMatchObject({ bidId: bidIdFor(ride.rideId, driver.driverId), rideId: ride.rideId, status: 'placed', repeated: false });
    expect(result.events).toEqual([
      {
        type: 'BidPlaced',
        data: {
          bidId: result.bidId,
          rideId: ride.rideId,
          driverId: driver.driverId,
          driverUserId: driver.actor.userId,
          amountNgwee: 4_200,
          message: '',
          estimatedArrivalMinutes: 5,
          expiresAt: new Date(now + bed.settings.bidWindowSeconds * 1000).toISOString(),
          placedAt: new Date(now).toISOString(),
        },
      },
    ]);
    expect(await storedTypes(bed.store, bidStreamId(result.bidId))).toEqual(['BidPlaced']);
    // Bidding reserves nothing: the driver stays free until a rider accepts.
    expect(await storedTypes(bed.store, driverStream(driver.driverId))).toEqual(['DriverWentOnline']);
  });

  it('after withdrawing, the driver may bid again on the same ride, in the same stream', async () => {
    const ride = await givenBiddingRide();
    const driver = await onboardDriver(bed.services);
    const first = await placeBid(bed.services, { rideId: ride.rideId, driverId: driver.driverId, amountNgwee: 4_200 }, as(driver.actor));
    await withdrawBid(bed.services, { bidId: first.bidId }, as(driver.actor));
    const again = await placeBid(
      bed.services,
      { rideId: ride.rideId, driverId: driver.driverId, amountNgwee: 3_900, message: 'Near you' },
      as(driver.actor),
    );
    expect(again.state.context).toMatchObject({ round: 2, bid: { amountNgwee: 3_900, message: 'Near you' } });
  });

  describe('refusals append nothing', () => {
    it('a passenger, or a driver bidding for another driver, is forbidden', async () => {
      const ride = await givenBiddingRide();
      const driver = await onboardDriver(bed.services);
      const impostor = await onboardDriver(bed.services);
      for (const actor of [passenger('x'), impostor.actor]) {
        const act = () => placeBid(bed.services, { rideId: ride.rideId, driverId: driver.driverId, amountNgwee: 4_000 }, as(actor));
        await expectRefusal(bed.store, streamsOf(ride.stream, ride.rideId, driver), act, 'forbidden');
      }
    });

    it('an unknown ride or an unknown driver is not found', async () => {
      const driver = await onboardDriver(bed.services);
      const rideId = uniqueId('ride');
      const noRide = () => placeBid(bed.services, { rideId, driverId: driver.driverId, amountNgwee: 4_000 }, as(driver.actor));
      await expectRefusal(bed.store, streamsOf(`ride-${rideId}`, rideId, driver), noRide, 'not_found', `ride ${rideId} was not found`);
      const ride = await givenBiddingRide();
      const noDriver = () =>
        placeBid(bed.services, { rideId: ride.rideId, driverId: 'driver-nobody', amountNgwee: 4_000 }, as(driver.actor));
      await expectRefusal(
        bed.store,
        [ride.stream, bidStreamId(bidIdFor(ride.rideId, 'driver-nobody'))],
        noDriver,
        'not_found',
        /driver driver-nobody/,
      );
    });

    it.each([
      [{ amountNgwee: 40.5 }, /^amountNgwee:/],
      [{ amountNgwee: -100 }, /^amountNgwee:/],
      [{ amountNgwee: 4_000, estimatedArrivalMinutes: 0 }, /^estimatedArrivalMinutes:/],
      [{ amountNgwee: 4_000, message: 'x'.repeat(281) }, /^message:/],
    ])('bad input %j is invalid, naming the field', async (fields, message) => {
      const ride = await givenBiddingRide();
      const driver = await onboardDriver(bed.services);
      const act = () => placeBid(bed.services, { rideId: ride.rideId, driverId: driver.driverId, ...fields }, as(driver.actor));
      await expectRefusal(bed.store, streamsOf(ride.stream, ride.rideId, driver), act, 'invalid', message);
    });

    it('a fixed-price ride takes no bids, nor does a ride already accepted', async () => {
      const driver = await onboardDriver(bed.services);
      const fixed = await givenPendingRide(bed.services);
      const onFixed = () =>
        placeBid(bed.services, { rideId: fixed.rideId, driverId: driver.driverId, amountNgwee: 4_000 }, as(driver.actor));
      await expectRefusal(
        bed.store,
        streamsOf(fixed.stream, fixed.rideId, driver),
        onFixed,
        'not_allowed_in_state',
        /ride has a fixed price/,
      );
      const taken = await givenAcceptedRide(bed.services);
      const onTaken = () =>
        placeBid(bed.services, { rideId: taken.rideId, driverId: driver.driverId, amountNgwee: 4_000 }, as(driver.actor));
      await expectRefusal(bed.store, streamsOf(taken.stream, taken.rideId, driver), onTaken, 'not_allowed_in_state', /ride is accepted/);
    });

    it('one live bid per driver per ride', async () => {
      const ride = await givenBiddingRide();
      const driver = await onboardDriver(bed.services);
      await placeBid(bed.services, { rideId: ride.rideId, driverId: driver.driverId, amountNgwee: 4_000 }, as(driver.actor));
      const second = () => placeBid(bed.services, { rideId: ride.rideId, driverId: driver.driverId, amountNgwee: 3_500 }, as(driver.actor));
      await expectRefusal(bed.store, streamsOf(ride.stream, ride.rideId, driver), second, 'bid_already_placed');
    });

    it('an amount under the floor is refused with the floor', async () => {
      const ride = await givenBiddingRide();
      const driver = await onboardDriver(bed.services);
      const act = () => placeBid(bed.services, { rideId: ride.rideId, driverId: driver.driverId, amountNgwee: 500 }, as(driver.actor));
      await expectRefusal(bed.store, streamsOf(ride.stream, ride.rideId, driver), act, 'proposal_below_floor', /amountNgwee 500/);
    });

    it.each([
      ['an offline driver', { online: false }, 'driver_offline'],
      ['an unapproved driver', { approve: false }, 'driver_not_verified'],
      ['a driver of another vehicle type', { vehicleType: 'car-xl' as const }, 'vehicle_mismatch'],
    ] as const)('%s may not bid', async (_, options, code) => {
      const ride = await givenBiddingRide();
      const driver = await onboardDriver(bed.services, options);
      const act = () => placeBid(bed.services, { rideId: ride.rideId, driverId: driver.driverId, amountNgwee: 4_000 }, as(driver.actor));
      await expectRefusal(bed.store, streamsOf(ride.stream, ride.rideId, driver), act, code);
    });

    it('a driver engaged on another ride is busy', async () => {
      const busy = await givenAcceptedRide(bed.services);
      const ride = await givenBiddingRide();
      const act = () =>
        placeBid(bed.services, { rideId: ride.rideId, driverId: busy.driver.driverId, amountNgwee: 4_000 }, as(busy.driver.actor));
      await expectRefusal(bed.store, streamsOf(ride.stream, ride.rideId, busy.driver), act, 'driver_busy');
    });
  });
});

describe('WithdrawBid and ExpireBid', () => {
  async function givenBid() {
    const ride = await givenBiddingRide();
    const driver = await onboardDriver(bed.services);
    const { bidId } = await placeBid(
      bed.services,
      { rideId: ride.rideId, driverId: driver.driverId, amountNgwee: 4_000 },
      as(driver.actor),
    );
    return { ...ride, driver, bidId, bidStream: bidStreamId(bidId) };
  }

  it('given a live bid, its driver withdraws it', async () => {
    const bid = await givenBid();
    const result = await withdrawBid(bed.services, { bidId: bid.bidId }, as(bid.driver.actor));
    expect(result.events[0]).toMatchObject({
      type: 'BidWithdrawn',
      data: { bidId: bid.bidId, rideId: bid.rideId, driverId: bid.driver.driverId },
    });
    expect(result.status).toBe('withdrawn');
  });

  it('another driver or the rider is forbidden to withdraw; a withdrawn bid is not withdrawn twice', async () => {
    const bid = await givenBid();
    const other = await onboardDriver(bed.services);
    for (const actor of [other.actor, bid.rider]) {
      await expectRefusal(bed.store, [bid.bidStream], () => withdrawBid(bed.services, { bidId: bid.bidId }, as(actor)), 'forbidden');
    }
    await withdrawBid(bed.services, { bidId: bid.bidId }, as(bid.driver.actor));
    const twice = () => withdrawBid(bed.services, { bidId: bid.bidId }, as(bid.driver.actor));
    await expectRefusal(bed.store, [bid.bidStream], twice, 'not_allowed_in_state', /bid is withdrawn/);
  });

  it('given the validity window has passed, the bid timer expires the bid; not a moment before', async () => {
    const bid = await givenBid();
    bed.clock.advance(bed.settings.bidWindowSeconds - 1);
    const early = () => expireBid(bed.services, { bidId: bid.bidId }, as(system));
    await expectRefusal(bed.store, [bid.bidStream], early, 'not_allowed_in_state', /bid is valid until/);
    bed.clock.advance(1);
    const result = await expireBid(bed.services, { bidId: bid.bidId }, as(system));
    expect(result.events[0]).toMatchObject({ type: 'BidExpired', data: { expiredAt: bed.clock.now().toISOString() } });
    expect(result.status).toBe('expired');
  });

  it('the driver is forbidden to expire a bid: only the timer does', async () => {
    const bid = await givenBid();
    bed.clock.advance(bed.settings.bidWindowSeconds);
    await expectRefusal(bed.store, [bid.bidStream], () => expireBid(bed.services, { bidId: bid.bidId }, as(bid.driver.actor)), 'forbidden');
  });

  it.each([
    ['WithdrawBid', withdrawBid],
    ['ExpireBid', expireBid],
  ] as const)('%s: an unknown bid is not found; a malformed bid id is invalid, naming the field', async (_, handler) => {
    const bidId = bidIdFor(uniqueId('ride'), 'driver-x');
    await expectRefusal(
      bed.store,
      [bidStreamId(bidId)],
      () => handler(bed.services, { bidId }, as(system)),
      'not_found',
      `bid ${bidId} was not found`,
    );
    await expectRefusal(bed.store, [], () => handler(bed.services, { bidId: '' }, as(system)), 'invalid', /^bidId:/);
  });
});

it('a retried PlaceBid (same command id) answers the same bid and appends it once', async () => {
  const ride = await givenPendingRide(bed.services, { pricingMethod: 'bidding', proposedFareNgwee: 3_000 });
  const driver = await onboardDriver(bed.services);
  const context = as(driver.actor);
  const input = { rideId: ride.rideId, driverId: driver.driverId, amountNgwee: 4_000 };
  const first = await placeBid(bed.services, input, context);
  bed.clock.advance(30);
  const again = await placeBid(bed.services, input, context);
  expect(again).toMatchObject({ repeated: true, bidId: first.bidId, events: first.events });
  expect(await storedTypes(bed.store, bidStreamId(first.bidId))).toEqual(['BidPlaced']);
});
