import { describe, expect, it, vi } from 'vitest';
import { driverStream } from '../../domain/driverDuty/index.js';
import { bidIdFor, bidStreamId } from '../../domain/bid/index.js';
import { loadBid, placeBid, withdrawBid } from '../bid/index.js';
import {
  as,
  driverUser,
  dutyOf,
  expectRefusal,
  givenPendingRide,
  onboardDriver,
  passenger,
  storedTypes,
  uniqueId,
  useRideTestBed,
} from '../../tests/support/rideFixtures.js';
import { acceptBid, counterOffer } from './index.js';

const bed = useRideTestBed('acceptbid');

describe('AcceptBid', () => {
  async function givenBiddingRideWithBid(amountNgwee = 4_000) {
    const ride = await givenPendingRide(bed.services, { pricingMethod: 'bidding', proposedFareNgwee: 3_000 });
    const driver = await onboardDriver(bed.services);
    const { bidId } = await placeBid(bed.services, { rideId: ride.rideId, driverId: driver.driverId, amountNgwee }, as(driver.actor));
    return { ...ride, driver, bidId, streams: [ride.stream, driverStream(driver.driverId), `bid-${bidId}`] };
  }

  it("given a live bid, the rider's acceptance settles the ride at the bid's amount and reserves its driver", async () => {
    const scene = await givenBiddingRideWithBid(4_400);
    const result = await acceptBid(bed.services, { rideId: scene.rideId, bidId: scene.bidId }, as(scene.rider));
    expect(result.events.map((e) => e.type)).toEqual(['BidAccepted', 'DriverAssigned', 'PinIssued']);
    expect(result.events[0]!.data).toMatchObject({ bidId: scene.bidId, driverId: scene.driver.driverId, agreedFareNgwee: 4_400 });
    expect(result.events[1]!.data).toMatchObject({ driverId: scene.driver.driverId, agreedFareNgwee: 4_400 });
    expect(result).toMatchObject({ driverId: scene.driver.driverId, status: { status: 'accepted' } });
    expect(await dutyOf(bed.store, scene.driver.driverId)).toEqual({ status: 'engaged', rideId: scene.rideId });
    const [, reserved] = await bed.store.readStream(driverStream(scene.driver.driverId));
    expect(reserved).toMatchObject({ type: 'DriverReserved', metadata: { role: 'system' } });
    // Settling the bid streams is the reactor's: the bid itself is untouched here.
    expect(await storedTypes(bed.store, `bid-${scene.bidId}`)).toEqual(['BidPlaced']);
  });

  describe('refusals append nothing', () => {
    it.each([
      ['another passenger', () => passenger('stranger')],
      ['the bidding driver', (scene: { driver: { actor: ReturnType<typeof driverUser> } }) => scene.driver.actor],
    ])('%s is forbidden', async (_, actorOf) => {
      const scene = await givenBiddingRideWithBid();
      const act = () => acceptBid(bed.services, { rideId: scene.rideId, bidId: scene.bidId }, as(actorOf(scene)));
      await expectRefusal(bed.store, scene.streams, act, 'forbidden');
    });

    it('an unknown bid is not found', async () => {
      const scene = await givenBiddingRideWithBid();
      const bidId = bidIdFor(scene.rideId, 'driver-nobody');
      const act = () => acceptBid(bed.services, { rideId: scene.rideId, bidId }, as(scene.rider));
      await expectRefusal(bed.store, scene.streams, act, 'not_found', `bid ${bidId} was not found`);
    });

    it("another ride's bid is not found on this ride, and an unknown ride is not found", async () => {
      const scene = await givenBiddingRideWithBid();
      const other = await givenPendingRide(bed.services, { pricingMethod: 'bidding', proposedFareNgwee: 3_000 });
      const onOther = () => acceptBid(bed.services, { rideId: other.rideId, bidId: scene.bidId }, as(other.rider));
      await expectRefusal(bed.store, [...scene.streams, other.stream], onOther, 'not_found', /is not a bid on ride/);
      const unknown = () => acceptBid(bed.services, { rideId: uniqueId('ride'), bidId: scene.bidId }, as(scene.rider));
      await expectRefusal(bed.store, scene.streams, unknown, 'not_found', /ride .* was not found/);
    });

    it('bad input is invalid, naming the field', async () => {
      const scene = await givenBiddingRideWithBid();
      const act = () => acceptBid(bed.services, { rideId: scene.rideId, bidId: '../etc' }, as(scene.rider));
      await expectRefusal(bed.store, scene.streams, act, 'invalid', /^bidId: may hold only/);
    });

    it('a bid past its validity window is expired, even before the timer marks it', async () => {
      const scene = await givenBiddingRideWithBid();
      bed.clock.advance(bed.settings.bidWindowSeconds);
      const act = () => acceptBid(bed.services, { rideId: scene.rideId, bidId: scene.bidId }, as(scene.rider));
      await expectRefusal(bed.store, scene.streams, act, 'bid_expired');
    });

    it('a withdrawn bid cannot be accepted', async () => {
      const scene = await givenBiddingRideWithBid();
      await withdrawBid(bed.services, { bidId: scene.bidId }, as(scene.driver.actor));
      const act = () => acceptBid(bed.services, { rideId: scene.rideId, bidId: scene.bidId }, as(scene.rider));
      await expectRefusal(bed.store, scene.streams, act, 'not_allowed_in_state', /bid is withdrawn/);
    });
  });

  it('decides on the ride stream its caller has just read, without reading it again; a stale one meets the conflict and re-reads', async () => {
    const scene = await givenBiddingRideWithBid(4_200);
    const read = await bed.store.readStream(scene.stream);
    const rideReads = vi.spyOn(bed.store, 'readStream');
    const reads = () => rideReads.mock.calls.filter(([name]) => name === scene.stream).length;
    try {
      const fresh = await acceptBid(bed.services, { rideId: scene.rideId, bidId: scene.bidId }, as(scene.rider), { rideStream: read });
      expect(reads()).toBe(0);
      expect(fresh.events.map((e) => e.type)).toEqual(['BidAccepted', 'DriverAssigned', 'PinIssued']);
      expect(fresh.stream).toEqual(await bed.store.readStream(scene.stream));

      // The rider raises the offer after the stream was read: the acceptance's append conflicts, and its retry reads the ride anew.
      const other = await givenBiddingRideWithBid(4_300);
      const stale = await bed.store.readStream(other.stream);
      await counterOffer(bed.services, { rideId: other.rideId, offeredFareNgwee: 3_500 }, as(other.rider));
      rideReads.mockClear();
      const retried = await acceptBid(bed.services, { rideId: other.rideId, bidId: other.bidId }, as(other.rider), { rideStream: stale });
      expect(rideReads.mock.calls.filter(([name]) => name === other.stream)).toHaveLength(1);
      expect(retried.events[0]!.data).toMatchObject({ bidId: other.bidId, agreedFareNgwee: 4_300 });
      expect(retried.stream?.map((e) => e.type)).toContain('FareCounterOffered');
      expect(retried.stream).toEqual(await bed.store.readStream(other.stream));
    } finally {
      rideReads.mockRestore();
    }
  });

  it("decides on the bid its caller has just loaded without reading its stream again, and never on another bid's", async () => {
    const scene = await givenBiddingRideWithBid(4_100);
    const known = await loadBid(bed.store, scene.bidId);
    const rival = await onboardDriver(bed.services);
    const { bidId: rivalBid } = await placeBid(bed.services, { rideId: scene.rideId, driverId: rival.driverId, amountNgwee: 3_900 }, as(rival.actor));
    const reads = vi.spyOn(bed.store, 'readStream');
    const bidReads = (bidId: string) => reads.mock.calls.filter(([name]) => name === bidStreamId(bidId)).length;
    try {
      // Given the first bid's state while accepting the rival's: the rival's stream is read, and its facts decide.
      const accepted = await acceptBid(bed.services, { rideId: scene.rideId, bidId: rivalBid }, as(scene.rider), { bid: known });
      expect([bidReads(scene.bidId), bidReads(rivalBid)]).toEqual([0, 1]);
      expect(accepted.driverId).toBe(rival.driverId);
      expect(accepted.events[0]!.data).toMatchObject({ bidId: rivalBid, agreedFareNgwee: 3_900 });

      const next = await givenBiddingRideWithBid(4_200);
      const loaded = await loadBid(bed.store, next.bidId);
      reads.mockClear();
      const fresh = await acceptBid(bed.services, { rideId: next.rideId, bidId: next.bidId }, as(next.rider), { bid: loaded });
      expect(bidReads(next.bidId)).toBe(0);
      expect(fresh.events[0]!.data).toMatchObject({ bidId: next.bidId, agreedFareNgwee: 4_200 });
    } finally {
      reads.mockRestore();
    }
  });

  it('two bids accepted at once: one driver is assigned, the other is released', async () => {
    const scene = await givenBiddingRideWithBid(4_000);
    const rival = await onboardDriver(bed.services);
    const { bidId: rivalBid } = await placeBid(
      bed.services,
      { rideId: scene.rideId, driverId: rival.driverId, amountNgwee: 3_800 },
      as(rival.actor),
    );
    const outcomes = await Promise.allSettled([
      acceptBid(bed.services, { rideId: scene.rideId, bidId: scene.bidId }, as(scene.rider)),
      acceptBid(bed.services, { rideId: scene.rideId, bidId: rivalBid }, as(scene.rider)),
    ]);
    const won = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.driverId] : []));
    expect(won).toHaveLength(1);
    const lost = [scene.driver.driverId, rival.driverId].find((id) => id !== won[0])!;
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { code: 'not_allowed_in_state' } });
    expect(await dutyOf(bed.store, won[0]!)).toEqual({ status: 'engaged', rideId: scene.rideId });
    expect(await dutyOf(bed.store, lost)).toEqual({ status: 'online', rideId: null });
  });
});
