import { describe, expect, it } from 'vitest';
import { driverDutyDecider, driverDutyStatus, driverStream } from '../../domain/driverDuty/index.js';
import { rideStreamId } from '../../domain/ride/index.js';
import { silentLogger } from '../../projections/runner/logger.js';
import { replayFromStart } from '../../tests/support/projectionTestKit.js';
import { applyAsOnePage, holdingStore } from '../../tests/support/reactorPages.js';
import { reinstateDriver, suspendDriver } from '../driverVerification/index.js';
import { loadState } from '../shared/driverFacts.js';
import type { EventStore } from '../../platform/eventStore/port.js';
import { driverDutyReactor } from './driverDuty.js';
import {
  acceptFixedRide,
  admin,
  context,
  driverOnDuty,
  onDriver,
  onRide,
  requestRide,
  rider,
  system,
  useWriteSideBed,
  type SceneDriver,
} from '../../tests/support/writeSideTestBed.js';

const world = useWriteSideBed('driverdutyreactor');

const dutyOf = async (driver: SceneDriver) =>
  driverDutyStatus((await loadState(world.services.store, driverStream(driver.driverId), driverDutyDecider)).state);
const driverEvents = async (driver: SceneDriver) => world.services.store.readStream(driverStream(driver.driverId));

/** The bed's driver duty reactor, or one whose commands go through `store`. */
const reactorOn = (store?: EventStore) =>
  store ? driverDutyReactor({ services: { ...world.services, store }, logger: silentLogger }) : world.reactors.find((candidate) => candidate.name === 'driverDuty')!;
const onePage = (store?: EventStore) => applyAsOnePage(world.bed.db, world.services.store, reactorOn(store));
const cancel = (rideId: string) => onRide(world.services, rideId, { type: 'CancelRide', data: { rideId, reason: 'plans changed' }, actor: rider });

/** Two drivers on duty, each accepted a ride of their own, both rides cancelled. */
async function twoCancelledRides() {
  const [first, second] = [await driverOnDuty(world.services), await driverOnDuty(world.services)];
  const [firstRide, secondRide] = [await requestRide(world.services), await requestRide(world.services)];
  await acceptFixedRide(world.services, firstRide, first);
  await acceptFixedRide(world.services, secondRide, second);
  await cancel(firstRide);
  await cancel(secondRide);
  return { first, second, firstRide, secondRide };
}

async function completedTrip(rideId: string, driver: SceneDriver) {
  await onRide(world.services, rideId, { type: 'ArriveAtPickup', data: { rideId }, actor: driver.actor });
  const issued = (await world.services.store.readStream(rideStreamId(rideId))).find((event) => event.type === 'PinIssued')!;
  await onRide(world.services, rideId, { type: 'StartTrip', data: { rideId, pin: (issued.data as { pin: string }).pin }, actor: driver.actor });
  await onRide(world.services, rideId, { type: 'CompleteTrip', data: { rideId }, actor: driver.actor });
}

describe('driver duty reactor: releasing drivers when their ride ends', () => {
  it('releases the driver of a completed trip (ride_completed), who is back online for the next ride', async () => {
    const driver = await driverOnDuty(world.services);
    const rideId = await requestRide(world.services);
    await acceptFixedRide(world.services, rideId, driver);
    await completedTrip(rideId, driver);
    expect(await dutyOf(driver)).toBe('engaged');
    await world.drain();
    const completed = (await world.services.store.readStream(rideStreamId(rideId))).find((event) => event.type === 'TripCompleted')!;
    expect((await driverEvents(driver)).at(-1)).toMatchObject({
      type: 'DriverReleased',
      data: { rideId, reason: 'ride_completed' },
      metadata: { role: 'system', causationId: completed.id },
    });
    expect(await dutyOf(driver)).toBe('online');
  });

  it('releases the assigned driver of a ride cancelled before pickup (ride_cancelled)', async () => {
    const driver = await driverOnDuty(world.services);
    const rideId = await requestRide(world.services);
    await acceptFixedRide(world.services, rideId, driver);
    await onRide(world.services, rideId, { type: 'CancelRide', data: { rideId, reason: 'plans changed' }, actor: rider });
    await world.drain();
    expect((await driverEvents(driver)).at(-1)).toMatchObject({ type: 'DriverReleased', data: { reason: 'ride_cancelled' } });
    expect(await dutyOf(driver)).toBe('online');
  });

  it('releases a driver reserved for a ride that then expired unassigned (ride_expired)', async () => {
    const driver = await driverOnDuty(world.services);
    const rideId = await requestRide(world.services);
    await onDriver(world.services, { type: 'ReserveDriver', data: { driverId: driver.driverId, rideId, vehicleType: 'car' }, actor: system });
    world.clock.advance({ minutes: 10 });
    await onRide(world.services, rideId, { type: 'ExpireRide', data: { rideId, searchWindowSeconds: 600 }, actor: system });
    await world.drain();
    expect((await driverEvents(driver)).at(-1)).toMatchObject({ type: 'DriverReleased', data: { rideId, reason: 'ride_expired' } });
  });

  it('releases a driver whose reservation lost the race to another driver, once the ride ends (ride_append_lost)', async () => {
    const [winner, loser] = [await driverOnDuty(world.services), await driverOnDuty(world.services)];
    const rideId = await requestRide(world.services);
    await onDriver(world.services, { type: 'ReserveDriver', data: { driverId: loser.driverId, rideId, vehicleType: 'car' }, actor: system });
    await acceptFixedRide(world.services, rideId, winner);
    await onRide(world.services, rideId, { type: 'CancelRide', data: { rideId, reason: 'plans changed' }, actor: rider });
    await world.drain();
    expect((await driverEvents(loser)).at(-1)).toMatchObject({ type: 'DriverReleased', data: { reason: 'ride_append_lost' } });
    expect((await driverEvents(winner)).at(-1)).toMatchObject({ type: 'DriverReleased', data: { reason: 'ride_cancelled' } });
  });

  it('releases a reservation that shows up after its ride has already ended', async () => {
    const driver = await driverOnDuty(world.services);
    const rideId = await requestRide(world.services);
    await onRide(world.services, rideId, { type: 'CancelRide', data: { rideId, reason: 'found a lift' }, actor: rider });
    await world.drain();
    await onDriver(world.services, { type: 'ReserveDriver', data: { driverId: driver.driverId, rideId, vehicleType: 'car' }, actor: system });
    await world.drain();
    expect(await dutyOf(driver)).toBe('online');
    expect((await driverEvents(driver)).at(-1)).toMatchObject({ type: 'DriverReleased', data: { reason: 'ride_cancelled' } });
  });

  it('applied again from the start, it appends nothing new', async () => {
    const driver = await driverOnDuty(world.services);
    const rideId = await requestRide(world.services);
    await acceptFixedRide(world.services, rideId, driver);
    await completedTrip(rideId, driver);
    await world.drain();
    const before = (await driverEvents(driver)).length;
    const reactor = world.reactors.find((candidate) => candidate.name === 'driverDuty')!;
    await replayFromStart(world.bed.db, reactor);
    expect(await world.drain()).toBeGreaterThan(0);
    expect(await driverEvents(driver)).toHaveLength(before);
  });
});

describe('driver duty reactor: suspended drivers go offline', () => {
  it('takes a free driver offline as soon as they are suspended', async () => {
    const driver = await driverOnDuty(world.services);
    await suspendDriver(world.services, { driverId: driver.driverId, reason: 'complaints' }, context(admin));
    await world.drain();
    expect(await dutyOf(driver)).toBe('offline');
  });

  it('lets an engaged driver finish the ride, then takes them offline right after the release', async () => {
    const driver = await driverOnDuty(world.services);
    const rideId = await requestRide(world.services);
    await acceptFixedRide(world.services, rideId, driver);
    await suspendDriver(world.services, { driverId: driver.driverId, reason: 'complaints' }, context(admin));
    await world.drain();
    expect(await dutyOf(driver)).toBe('engaged');
    await completedTrip(rideId, driver);
    await world.drain();
    expect((await driverEvents(driver)).map((event) => event.type).slice(-2)).toEqual(['DriverReleased', 'DriverWentOffline']);
  });

  it('leaves a reinstated driver on duty after their ride', async () => {
    const driver = await driverOnDuty(world.services);
    const rideId = await requestRide(world.services);
    await acceptFixedRide(world.services, rideId, driver);
    await suspendDriver(world.services, { driverId: driver.driverId, reason: 'complaints' }, context(admin));
    await reinstateDriver(world.services, { driverId: driver.driverId }, context(admin));
    await completedTrip(rideId, driver);
    await world.drain();
    expect(await dutyOf(driver)).toBe('online');
  });
});

describe('driver duty reactor: a page of events', () => {
  it("given two drivers' rides ending in one page, when it is applied, both are released, the second driver's release not waiting on the first's", async () => {
    const { first, second, firstRide, secondRide } = await twoCancelledRides();
    // The first driver's release is held until the second's is appended: issued one after the
    // other in the page's order, it would wait for ever (and fail the page).
    const store = holdingStore(world.services.store, { method: 'appendToStream', held: driverStream(first.driverId), until: driverStream(second.driverId) });
    await onePage(store);
    expect(store.completed).toEqual([driverStream(second.driverId), driverStream(first.driverId)]);
    expect((await driverEvents(first)).at(-1)).toMatchObject({ type: 'DriverReleased', data: { rideId: firstRide, reason: 'ride_cancelled' } });
    expect((await driverEvents(second)).at(-1)).toMatchObject({ type: 'DriverReleased', data: { rideId: secondRide, reason: 'ride_cancelled' } });
  });

  it('given a page in which a ride ends and then another driver is reserved for it, when it is applied, each is released with the reason and cause of their own', async () => {
    const [winner, late] = [await driverOnDuty(world.services), await driverOnDuty(world.services)];
    const rideId = await requestRide(world.services);
    await acceptFixedRide(world.services, rideId, winner);
    await cancel(rideId);
    await onDriver(world.services, { type: 'ReserveDriver', data: { driverId: late.driverId, rideId, vehicleType: 'car' }, actor: system });
    const page = await onePage();
    const cancelled = page.find((event) => event.type === 'RideCancelled')!;
    const reserved = page.find((event) => event.type === 'DriverReserved' && event.streamName === driverStream(late.driverId))!;
    expect((await driverEvents(winner)).at(-1)).toMatchObject({ type: 'DriverReleased', data: { rideId, reason: 'ride_cancelled' }, metadata: { causationId: cancelled.id } });
    expect((await driverEvents(late)).at(-1)).toMatchObject({ type: 'DriverReleased', data: { rideId, reason: 'ride_append_lost' }, metadata: { causationId: reserved.id } });
  });

  it('given a suspended driver whose trip completes in the same page, when it is applied, they are released and then taken offline', async () => {
    const driver = await driverOnDuty(world.services);
    const rideId = await requestRide(world.services);
    await acceptFixedRide(world.services, rideId, driver);
    await suspendDriver(world.services, { driverId: driver.driverId, reason: 'complaints' }, context(admin));
    await completedTrip(rideId, driver);
    await onePage();
    // Taking them offline on the suspension was refused (engaged); the one after the release was not.
    const types = (await driverEvents(driver)).map((event) => event.type);
    expect(types.slice(-2)).toEqual(['DriverReleased', 'DriverWentOffline']);
    expect(types.filter((type) => type === 'DriverWentOffline')).toHaveLength(1);
    expect(await dutyOf(driver)).toBe('offline');
  });

  it('given a page one of whose commands fails, when it is applied, the page fails whole; applied again, each release is appended once', async () => {
    const { first, second } = await twoCancelledRides();
    const failing = holdingStore(world.services.store, { method: 'appendToStream', held: driverStream(first.driverId), until: 'never-appended', patienceMs: 300 });
    await expect(onePage(failing)).rejects.toThrow('never came');
    // The second driver's release went through meanwhile; the page's table writes did not stay.
    expect((await driverEvents(second)).at(-1)).toMatchObject({ type: 'DriverReleased' });
    expect(await world.bed.db.selectFrom('reactor_driver_duty_rides' as never).selectAll().execute()).toEqual([]);
    await onePage();
    for (const driver of [first, second]) {
      expect((await driverEvents(driver)).filter((event) => event.type === 'DriverReleased')).toHaveLength(1);
      expect(await dutyOf(driver)).toBe('online');
    }
  });
});
