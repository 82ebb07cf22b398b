import { describe, expect, it } from 'vitest';
import { bidIdFor, bidStreamId } from '../../domain/bid/index.js';
import { replayFromStart } from '../../tests/support/projectionTestKit.js';
import { acceptBid, driverOnDuty, onBid, onRide, placeBid, requestRide, rider, system, useWriteSideBed, type SceneDriver } from '../../tests/support/writeSideTestBed.js';

const world = useWriteSideBed('settlement');

const lastEvent = async (bidId: string) => (await world.services.store.readStream(bidStreamId(bidId))).at(-1)!;
const allEvents = async () => (await world.services.store.readAll({ maxCount: 100_000 })).events.length;

async function biddingRideWithBids(count: number): Promise<{ rideId: string; drivers: SceneDriver[] }> {
  const rideId = await requestRide(world.services, { pricingMethod: 'bidding', proposedFareNgwee: 4_000 });
  const drivers: SceneDriver[] = [];
  for (let i = 0; i < count; i++) {
    const driver = await driverOnDuty(world.services);
    await placeBid(world.services, rideId, driver, 4_000 + i * 100);
    drivers.push(driver);
  }
  return { rideId, drivers };
}

describe('bid settlement reactor', () => {
  it('on the rider’s BidAccepted, marks that bid accepted and every other bid on the ride rejected', async () => {
    const { rideId, drivers } = await biddingRideWithBids(3);
    await world.drain();
    await acceptBid(world.services, rideId, drivers[1]!, 4_100);
    await world.drain();

    const [accepted] = (await world.services.store.readStream(`ride-${rideId}`)).filter((event) => event.type === 'BidAccepted');
    const chosen = await lastEvent(bidIdFor(rideId, drivers[1]!.driverId));
    expect(chosen).toMatchObject({ type: 'BidMarkedAccepted', metadata: { role: 'system', causationId: accepted!.id } });
    for (const loser of [drivers[0]!, drivers[2]!]) {
      expect(await lastEvent(bidIdFor(rideId, loser.driverId))).toMatchObject({
        type: 'BidMarkedRejected',
        data: { reason: 'another_bid_accepted' },
        metadata: { causationId: accepted!.id },
      });
    }
  });

  it('applied again from the start (as after a crash before its checkpoint), it appends nothing new', async () => {
    const { rideId, drivers } = await biddingRideWithBids(3);
    await acceptBid(world.services, rideId, drivers[0]!, 4_000);
    await world.drain();
    const settlement = world.reactors.find((reactor) => reactor.name === 'bidSettlement')!;
    const before = await allEvents();

    await replayFromStart(world.bed.db, settlement);
    expect(await world.drain()).toBeGreaterThan(0);
    expect(await allEvents()).toBe(before);
    expect((await lastEvent(bidIdFor(rideId, drivers[2]!.driverId))).type).toBe('BidMarkedRejected');
  });

  it('on RideCancelled, rejects the open bids (a withdrawn one too: the ride will take no bid again)', async () => {
    const { rideId, drivers } = await biddingRideWithBids(2);
    const withdrawnBid = bidIdFor(rideId, drivers[1]!.driverId);
    await onBid(world.services, { type: 'WithdrawBid', data: { bidId: withdrawnBid }, actor: drivers[1]!.actor });
    await onRide(world.services, rideId, { type: 'DeclineAllBids', data: { rideId }, actor: rider });
    await world.drain();
    for (const driver of drivers) {
      expect(await lastEvent(bidIdFor(rideId, driver.driverId))).toMatchObject({ type: 'BidMarkedRejected', data: { reason: 'ride_cancelled' } });
    }
  });

  it('on RideExpired, rejects the open bids as ride_expired', async () => {
    const { rideId, drivers } = await biddingRideWithBids(2);
    world.clock.advance({ minutes: 10 });
    await onRide(world.services, rideId, { type: 'ExpireRide', data: { rideId, searchWindowSeconds: 600 }, actor: system });
    await world.drain();
    for (const driver of drivers) {
      expect(await lastEvent(bidIdFor(rideId, driver.driverId))).toMatchObject({ type: 'BidMarkedRejected', data: { reason: 'ride_expired' } });
    }
  });

  it('rejects a bid that lost the race with the rider’s decision as soon as it shows up', async () => {
    const { rideId, drivers } = await biddingRideWithBids(1);
    await acceptBid(world.services, rideId, drivers[0]!, 4_000);
    await world.drain();
    const late = await driverOnDuty(world.services);
    const lateBid = await placeBid(world.services, rideId, late, 3_900);
    await world.drain();
    expect(await lastEvent(lateBid)).toMatchObject({ type: 'BidMarkedRejected', data: { reason: 'another_bid_accepted' } });
    expect((await lastEvent(bidIdFor(rideId, drivers[0]!.driverId))).type).toBe('BidMarkedAccepted');
  });

  it('a ride cancelled after its bid was accepted leaves the settled bids as they are', async () => {
    const { rideId, drivers } = await biddingRideWithBids(2);
    await acceptBid(world.services, rideId, drivers[0]!, 4_000);
    await onRide(world.services, rideId, { type: 'CancelRide', data: { rideId, reason: 'plans changed' }, actor: rider });
    await world.drain();
    expect((await lastEvent(bidIdFor(rideId, drivers[0]!.driverId))).type).toBe('BidMarkedAccepted');
    expect(await lastEvent(bidIdFor(rideId, drivers[1]!.driverId))).toMatchObject({ data: { reason: 'another_bid_accepted' } });
  });
});
