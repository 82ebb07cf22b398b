import { describe, expect, it } from 'vitest';
import {
  admin,
  as,
  expectRefusal,
  givenAcceptedRide,
  givenPendingRide,
  passenger,
  storedTypes,
  system,
  uniqueId,
  useRideTestBed,
} from '../../tests/support/rideFixtures.js';
import { counterOffer, declineAllBids, dispatchScheduledRide, expireRide } from './index.js';

const bed = useRideTestBed('booking');

const inTwoHours = () => new Date(bed.clock.now().getTime() + 2 * 3600_000).toISOString();
const givenBiddingRide = () => givenPendingRide(bed.services, { pricingMethod: 'bidding', proposedFareNgwee: 3_000 });

describe('DispatchScheduledRide', () => {
  it('given a scheduled ride, the scheduler starts its search', async () => {
    const ride = await givenPendingRide(bed.services, { scheduledFor: inTwoHours() });
    const result = await dispatchScheduledRide(bed.services, { rideId: ride.rideId }, as(system));
    expect(result.events).toEqual([
      { type: 'ScheduledRideDispatched', data: { rideId: ride.rideId, dispatchedAt: bed.clock.now().toISOString() } },
    ]);
    expect(result.status?.status).toBe('pending');
  });

  it('the rider is forbidden: only the scheduler dispatches', async () => {
    const ride = await givenPendingRide(bed.services, { scheduledFor: inTwoHours() });
    await expectRefusal(
      bed.store,
      [ride.stream],
      () => dispatchScheduledRide(bed.services, { rideId: ride.rideId }, as(ride.rider)),
      'forbidden',
    );
  });

  it('a ride that is already searching is not dispatched again', async () => {
    const ride = await givenPendingRide(bed.services);
    const act = () => dispatchScheduledRide(bed.services, { rideId: ride.rideId }, as(system));
    await expectRefusal(bed.store, [ride.stream], act, 'not_allowed_in_state', /ride is pending/);
  });
});

describe('CounterOffer', () => {
  it("given a bidding ride, the rider's new offer is recorded with the one it replaces", async () => {
    const ride = await givenBiddingRide();
    const result = await counterOffer(bed.services, { rideId: ride.rideId, offeredFareNgwee: 3_500 }, as(ride.rider));
    expect(result.events[0]).toMatchObject({ type: 'FareCounterOffered', data: { offeredFareNgwee: 3_500, previousFareNgwee: 3_000 } });
    expect(result.state.context.offeredFareNgwee).toBe(3_500);
  });

  it('another passenger is forbidden', async () => {
    const ride = await givenBiddingRide();
    const act = () => counterOffer(bed.services, { rideId: ride.rideId, offeredFareNgwee: 3_500 }, as(passenger('stranger')));
    await expectRefusal(bed.store, [ride.stream], act, 'forbidden');
  });

  it('an offer above the ceiling is refused; a fixed-price ride takes no offers', async () => {
    const ride = await givenBiddingRide();
    const high = () => counterOffer(bed.services, { rideId: ride.rideId, offeredFareNgwee: 10_000_000 }, as(ride.rider));
    await expectRefusal(bed.store, [ride.stream], high, 'proposal_above_ceiling', /offeredFareNgwee/);
    const fixed = await givenPendingRide(bed.services);
    const onFixed = () => counterOffer(bed.services, { rideId: fixed.rideId, offeredFareNgwee: 3_500 }, as(fixed.rider));
    await expectRefusal(bed.store, [fixed.stream], onFixed, 'not_allowed_in_state', /ride has a fixed price/);
  });

  it('a negative offer is invalid, naming the field', async () => {
    const ride = await givenBiddingRide();
    const act = () => counterOffer(bed.services, { rideId: ride.rideId, offeredFareNgwee: -1 }, as(ride.rider));
    await expectRefusal(bed.store, [ride.stream], act, 'invalid', /^offeredFareNgwee:/);
  });
});

describe('DeclineAllBids', () => {
  it('given a bidding ride, declining every bid cancels it at the pending stage', async () => {
    const ride = await givenBiddingRide();
    const result = await declineAllBids(bed.services, { rideId: ride.rideId }, as(ride.rider));
    expect(result.events[0]).toMatchObject({ type: 'RideCancelled', data: { by: 'rider', reason: 'declined_all_bids', stage: 'pending' } });
    expect(result.status?.status).toBe('cancelled');
  });

  it('an admin is forbidden (only the rider declines bids), and a fixed-price ride has none to decline', async () => {
    const ride = await givenBiddingRide();
    await expectRefusal(bed.store, [ride.stream], () => declineAllBids(bed.services, { rideId: ride.rideId }, as(admin)), 'forbidden');
    const fixed = await givenPendingRide(bed.services);
    const act = () => declineAllBids(bed.services, { rideId: fixed.rideId }, as(fixed.rider));
    await expectRefusal(bed.store, [fixed.stream], act, 'not_allowed_in_state');
  });
});

describe('ExpireRide', () => {
  it('given a ride still searching when the search window (from the settings) closes, it expires', async () => {
    const ride = await givenPendingRide(bed.services);
    const requestedAt = bed.clock.now().toISOString();
    bed.clock.advance(bed.settings.searchWindowSeconds);
    const result = await expireRide(bed.services, { rideId: ride.rideId }, as(system));
    expect(result.events[0]).toMatchObject({
      type: 'RideExpired',
      data: { searchStartedAt: requestedAt, expiredAt: bed.clock.now().toISOString() },
    });
    expect(result.status?.status).toBe('expired');
  });

  it('before the window closes, or once a driver is assigned, it does not expire', async () => {
    const ride = await givenPendingRide(bed.services);
    bed.clock.advance(bed.settings.searchWindowSeconds - 1);
    const early = () => expireRide(bed.services, { rideId: ride.rideId }, as(system));
    await expectRefusal(bed.store, [ride.stream], early, 'not_allowed_in_state', /search is open until/);
    const accepted = await givenAcceptedRide(bed.services);
    bed.clock.advance(bed.settings.searchWindowSeconds);
    const late = () => expireRide(bed.services, { rideId: accepted.rideId }, as(system));
    await expectRefusal(bed.store, [accepted.stream], late, 'not_allowed_in_state', /ride is accepted/);
  });

  it('the rider is forbidden: only the search timer expires a ride', async () => {
    const ride = await givenPendingRide(bed.services);
    bed.clock.advance(bed.settings.searchWindowSeconds);
    await expectRefusal(bed.store, [ride.stream], () => expireRide(bed.services, { rideId: ride.rideId }, as(ride.rider)), 'forbidden');
  });
});

describe.each([
  ['DispatchScheduledRide', dispatchScheduledRide, system, {}],
  ['CounterOffer', counterOffer, passenger('chanda'), { offeredFareNgwee: 3_000 }],
  ['DeclineAllBids', declineAllBids, passenger('chanda'), {}],
  ['ExpireRide', expireRide, system, {}],
] as const)('%s on a ride that is not there', (_type, handler, actor, rest) => {
  it('an unknown ride is not found, and no stream appears', async () => {
    const rideId = uniqueId('ride');
    const act = () => (handler as (...args: unknown[]) => Promise<unknown>)(bed.services, { rideId, ...rest }, as(actor));
    await expectRefusal(bed.store, [`ride-${rideId}`], act, 'not_found', `ride ${rideId} was not found`);
    expect(await storedTypes(bed.store, `ride-${rideId}`)).toEqual([]);
  });

  it('a missing ride id is invalid, naming the field', async () => {
    const act = () => (handler as (...args: unknown[]) => Promise<unknown>)(bed.services, { ...rest }, as(actor));
    await expectRefusal(bed.store, [], act, 'invalid', /^rideId:/);
  });
});
