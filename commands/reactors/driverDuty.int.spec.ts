import { describe, expect, it } from 'vitest';
import { driverDutyDecider, driverDutyStatus, driverStream } from '../../domain/driverDuty/index.js';
import { rideStreamId } from '../../domain/ride/index.js';
import { replayFromStart } from '../../tests/support/projectionTestKit.js';
import { reinstateDriver, suspendDriver } from '../driverVerification/index.js';
import { loadState } from '../shared/driverFacts.js';
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
