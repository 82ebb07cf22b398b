import { gridDistance, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { dispatchStream } from '../../domain/dispatch/index.js';
import { rideStreamId } from '../../domain/ride/index.js';
import type { EventStore } from '../../platform/eventStore/port.js';
import { silentLogger, type ProjectionLogger } from '../../projections/runner/logger.js';
import { replayFromStart } from '../../tests/support/projectionTestKit.js';
import { applyAsOnePage, holdingStore } from '../../tests/support/reactorPages.js';
import { goOnline } from '../driver/index.js';
import { suspendDriver } from '../driverVerification/index.js';
import {
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
import { DISPATCH_H3_RESOLUTION, findDriverLocation, recordDriverLocation } from './driverLocations.js';
import { dispatchReactor } from './dispatchReactor.js';
import { ringsFor } from './nearestDrivers.js';

const world = useWriteSideBed('dispatch');

/** The ride fixtures' pickup: Freedom Park, Kitwe. */
const pickup = { lat: -12.8024, lng: 28.2136 };
/** A point `km` north and `eastKm` east of the pickup (a degree of latitude is 111.32 km). */
const near = (km: number, eastKm = 0) => ({
  lat: pickup.lat + km / 111.32,
  lng: pickup.lng + eastKm / (111.32 * Math.cos((pickup.lat * Math.PI) / 180)),
});

async function driverAt(position: { lat: number; lng: number }, options: Parameters<typeof driverOnDuty>[1] = {}, at = world.clock.now()) {
  const driver = await driverOnDuty(world.services, options);
  await recordDriverLocation(world.services.db, { driverId: driver.driverId, ...position, at });
  return driver;
}

async function dispatchOf(rideId: string) {
  return (await world.services.store.readStream(dispatchStream(rideId))).map((event) => ({ type: event.type, data: event.data as Record<string, any> }));
}

const offered = (drivers: SceneDriver[]) => drivers.map((driver) => driver.driverId);
const offeredIn = (record: { data: unknown } | undefined) => (record?.data as { offers: { driverId: string }[] } | undefined)?.offers.map((offer) => offer.driverId);

/** Everything so far as one page of the bed's dispatch reactor, or of one on `store` telling `logger`. */
const onePage = (store?: EventStore, logger: ProjectionLogger = silentLogger) =>
  applyAsOnePage(
    world.bed.db,
    world.services.store,
    store ? dispatchReactor({ services: { ...world.services, store }, logger }) : world.reactors.find((candidate) => candidate.name === 'dispatch')!,
  );

describe('dispatch reactor', () => {
  it('offers the ride to the nearest free, verified, online driver of its vehicle type, and no one else', async () => {
    const nearest = await driverAt(near(0.3));
    await driverAt(near(0.1), { online: false });
    const suspended = await driverAt(near(0.12));
    await suspendDriver(world.services, { driverId: suspended.driverId, reason: 'complaints' }, context(admin));
    const engaged = await driverAt(near(0.15));
    await onDriver(world.services, { type: 'ReserveDriver', data: { driverId: engaged.driverId, rideId: 'ride-other', vehicleType: 'car' }, actor: system });
    await driverAt(near(0.05), { vehicleType: 'motorcycle' });
    const quiet = await driverAt(near(0.08), {}, new Date(world.clock.now().getTime() - 10 * 60_000));
    await driverAt(near(4));

    const rideId = await requestRide(world.services);
    await world.drain();

    const [record] = await dispatchOf(rideId);
    expect(record).toMatchObject({ type: 'RideOfferedToDrivers', data: { rideId, ring: 1, h3Resolution: DISPATCH_H3_RESOLUTION } });
    expect(record!.data.offers.map((offer: { driverId: string }) => offer.driverId)).toEqual(offered([nearest]));
    expect(record!.data.offers[0].distanceKm).toBeCloseTo(0.3, 2);
    expect(record!.data.offers.map((offer: { driverId: string }) => offer.driverId)).not.toContain(quiet.driverId);
  });

  it('ranks those found nearest first and offers the ride to five at most', async () => {
    const drivers: SceneDriver[] = [];
    for (const km of [0.35, 0.05, 0.25, 0.15, 0.3, 0.1, 0.2]) drivers.push(await driverAt(near(0, km)));
    const rideId = await requestRide(world.services);
    await world.drain();
    const [record] = await dispatchOf(rideId);
    // 0.05, 0.1, 0.15, 0.2 and 0.25 km away; the two farthest are left out.
    const expected = [1, 5, 3, 6, 2].map((index) => drivers[index]!.driverId);
    expect(record!.data.offers.map((offer: { driverId: string }) => offer.driverId)).toEqual(expected);
  });

  it('widens the rings until it finds somebody, and records the ring it found them at', async () => {
    const far = await driverAt(near(5, 3));
    await driverAt(near(0.2), { vehicleType: 'truck' });
    const rideId = await requestRide(world.services);
    await world.drain();
    const steps = gridDistance(latLngToCell(pickup.lat, pickup.lng, DISPATCH_H3_RESOLUTION), latLngToCell(near(5, 3).lat, near(5, 3).lng, DISPATCH_H3_RESOLUTION));
    const expectedRing = ringsFor(10).find((ring) => ring >= steps);
    expect(expectedRing).toBeGreaterThan(2);
    const [record] = await dispatchOf(rideId);
    expect(record).toMatchObject({ type: 'RideOfferedToDrivers', data: { ring: expectedRing, offers: [{ driverId: far.driverId }] } });
  });

  it('records that nobody was found within the widest ring (about 10 km)', async () => {
    await driverAt(near(14));
    const rideId = await requestRide(world.services);
    await world.drain();
    expect(await dispatchOf(rideId)).toEqual([
      { type: 'NoDriversNearby', data: { rideId, widestRing: ringsFor(10).at(-1), h3Resolution: DISPATCH_H3_RESOLUTION, searchedAt: world.clock.now().toISOString() } },
    ]);
  });

  it('dispatches a booked ride when its search starts, not when it is booked', async () => {
    const driver = await driverAt(near(0.4));
    const rideId = await requestRide(world.services, { scheduledFor: new Date(world.clock.now().getTime() + 3 * 3_600_000).toISOString() });
    await world.drain();
    expect(await dispatchOf(rideId)).toEqual([]);
    world.clock.advance({ minutes: 165 });
    await recordDriverLocation(world.services.db, { driverId: driver.driverId, ...near(0.4), at: world.clock.now() });
    await onRide(world.services, rideId, { type: 'DispatchScheduledRide', data: { rideId }, actor: system });
    await world.drain();
    expect((await dispatchOf(rideId))[0]).toMatchObject({ type: 'RideOfferedToDrivers', data: { offers: [{ driverId: driver.driverId }] } });
  });

  it('does not offer a ride that stopped searching before dispatch got to it', async () => {
    await driverAt(near(0.4));
    const rideId = await requestRide(world.services);
    await onRide(world.services, rideId, { type: 'CancelRide', data: { rideId, reason: 'changed my mind' }, actor: rider });
    await world.drain();
    expect(await dispatchOf(rideId)).toEqual([]);
  });

  it('applied again from the start, offers nothing twice, even to drivers who have since moved closer', async () => {
    await driverAt(near(0.6));
    const rideId = await requestRide(world.services);
    await world.drain();
    await driverAt(near(0.01));
    const reactor = world.reactors.find((candidate) => candidate.name === 'dispatch')!;
    await replayFromStart(world.bed.db, reactor);
    await world.drain();
    expect(await dispatchOf(rideId)).toHaveLength(1);
  });
});

describe('dispatch reactor: a page of events', () => {
  it('given a page in which one driver goes online before a ride request and another after it, when it is applied, only the first is offered that ride', async () => {
    const early = await driverAt(near(0.5));
    const late = await driverAt(near(0.1), { online: false });
    const firstRide = await requestRide(world.services);
    await goOnline(world.services, { driverId: late.driverId }, context(late.actor));
    const secondRide = await requestRide(world.services);
    await onePage();
    // Each search sees the drivers as of its request's place in the page.
    expect(offeredIn((await dispatchOf(firstRide))[0])).toEqual(offered([early]));
    expect(offeredIn((await dispatchOf(secondRide))[0])).toEqual(offered([late, early]));
  });

  it('given several rides requested in one page, when it is applied, each still searching is offered, caused by its own request and recorded side by side; a cancelled one is not', async () => {
    const drivers = [await driverAt(near(0.2)), await driverAt(near(0.4))];
    const [first, second, third] = [await requestRide(world.services), await requestRide(world.services), await requestRide(world.services)];
    await onRide(world.services, third, { type: 'CancelRide', data: { rideId: third, reason: 'changed my mind' }, actor: rider });
    // The first ride's offer is held until the second's is recorded: recorded one after the other
    // in the page's order, it would wait for ever (and fail the page).
    const store = holdingStore(world.services.store, { method: 'appendToStream', held: dispatchStream(first), until: dispatchStream(second) });
    const said: { details: object; message: string }[] = [];
    const page = await onePage(store, { ...silentLogger, info: (details, message) => said.push({ details, message }) });
    expect(store.completed).toEqual([dispatchStream(second), dispatchStream(first)]);
    for (const rideId of [first, second]) {
      const requested = page.find((event) => event.type === 'RideRequested' && event.streamName === rideStreamId(rideId))!;
      const recorded = await world.services.store.readStream(dispatchStream(rideId));
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({ type: 'RideOfferedToDrivers', data: { rideId }, metadata: { causationId: requested.id } });
      expect(offeredIn(recorded[0])).toEqual(offered(drivers));
    }
    expect(await dispatchOf(third)).toEqual([]);
    expect(said).toContainEqual({ details: expect.objectContaining({ rideId: third, state: 'cancelled' }), message: 'ride no longer searching: not dispatched' });
  });

  it('given several rides requested in one page, when it is applied, the rides are read side by side', async () => {
    await driverAt(near(0.2));
    const [first, second] = [await requestRide(world.services), await requestRide(world.services)];
    const store = holdingStore(world.services.store, { method: 'readStream', held: rideStreamId(first), until: rideStreamId(second) });
    await onePage(store);
    expect(store.completed.slice(0, 2)).toEqual([rideStreamId(second), rideStreamId(first)]);
    expect((await dispatchOf(first)).map((event) => event.type)).toEqual(['RideOfferedToDrivers']);
    expect((await dispatchOf(second)).map((event) => event.type)).toEqual(['RideOfferedToDrivers']);
  });
});

describe('recordDriverLocation', () => {
  it('keeps the latest position with its H3 cell, ignoring a ping older than the one stored', async () => {
    const now = world.clock.now();
    const first = await recordDriverLocation(world.services.db, { driverId: 'driver-x', ...near(1), at: now });
    const late = await recordDriverLocation(world.services.db, { driverId: 'driver-x', ...near(3), at: new Date(now.getTime() - 5_000) });
    expect(first.stored).toBe(true);
    expect(late.stored).toBe(false);
    expect(await findDriverLocation(world.services.db, 'driver-x')).toMatchObject({ lat: near(1).lat, h3_cell: first.h3Cell, updated_at: now });
    expect(await findDriverLocation(world.services.db, 'driver-never-seen')).toBeUndefined();
  });

  it('refuses a position off the globe, naming the field', async () => {
    await expect(recordDriverLocation(world.services.db, { driverId: 'driver-x', lat: 91, lng: 28, at: new Date() })).rejects.toMatchObject({
      code: 'invalid',
      message: expect.stringContaining('lat'),
    });
  });
});
