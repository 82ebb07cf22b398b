import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptRide, arriveAtPickup, completeTrip, startTrip } from '../../../commands/ride/index.js';
import { createKysely, createPool } from '../../../platform/database/connect.js';
import { PostgresEventStore } from '../../../platform/eventStore/postgres/postgresEventStore.js';
import { createTestAccounts } from '../../../tests/support/accounts.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import { buildApp } from '../../app.js';
import { LiveHub } from '../../../live/index.js';
import type { App } from '../../types.js';
import { book, contextFor, driverOf, LiveClient, listen, type Received } from '../../../tests/support/liveTestKit.js';
import type { AccountsDatabase } from '../../../accounts/index.js';

/** Driver positions reach the rider of the driver's ride, on whichever instance the rider is connected to. */
describe('live driver positions', () => {
  let bed: ApiTestBed;
  let url: string;

  beforeAll(async () => {
    bed = await startApiTestBed();
    url = await listen(bed.app);
  });
  afterAll(() => bed.close());

  async function socketOf(baseUrl: string, person: { cookie: string; user: { id: string } }, rideId?: string): Promise<LiveClient> {
    const client = await LiveClient.open(baseUrl, person.cookie);
    expect(await client.join(person.user.id, rideId)).toMatchObject({ type: 'joined' });
    return client;
  }

  const rideUpdate = (rideId: string, event: string) => (message: Received) =>
    message.type === 'ride_update' && message.rideId === rideId && message.event === event;
  const kitwe = (offset: number) => ({ lat: -12.8024 + offset, lng: 28.2136 + offset, heading: 90 });

  it("sends a driver's position to the rider of the ride they are on (and an admin following it), and to nobody else", async () => {
    const [rider, otherRider, admin] = await Promise.all([bed.signIn('passenger'), bed.signIn('passenger'), bed.signIn('admin')]);
    const [driver, otherDriver] = await Promise.all([driverOf(bed), driverOf(bed)]);
    const [riderSocket, otherRiderSocket, driverSocket, otherDriverSocket] = await Promise.all([
      socketOf(url, rider),
      socketOf(url, otherRider),
      socketOf(url, driver.person),
      socketOf(url, otherDriver.person),
    ]);
    const delivered = () => bed.live.deliveries.byType.location_update;

    await expect(bed.live.publishLocation({ driverId: driver.driverId, lat: 91, lng: 28.2, heading: null, at: bed.clock.now() })).rejects.toMatchObject({
      code: 'invalid',
      message: expect.stringContaining('lat'),
    });
    // Before any ride the driver's position is nobody's to see.
    await bed.live.publishLocation({ driverId: driver.driverId, ...kitwe(0.01), at: bed.clock.now() });
    expect(delivered()).toBe(0);

    const rideId = await book(bed, rider);
    const assigned = await acceptRide(bed.commands, { rideId, driverId: driver.driverId }, contextFor(driver.actor));
    await riderSocket.waitFor(rideUpdate(rideId, 'PinIssued'), 'the assignment');
    const adminSocket = await socketOf(url, admin, rideId);

    const at = bed.clock.now();
    await bed.live.publishLocation({ driverId: driver.driverId, ...kitwe(0.002), at });
    const expected = { type: 'location_update', rideId, driverId: driver.driverId, ...kitwe(0.002), at: at.toISOString() };
    expect(await riderSocket.waitFor((message) => message.type === 'location_update', 'the position')).toEqual(expected);
    expect(await adminSocket.waitFor((message) => message.type === 'location_update', 'the position, for the admin')).toEqual(expected);

    // Barrier: a later ride reaches the others; the position, routed before it, never did.
    const laterRide = await book(bed, otherRider);
    await otherRiderSocket.waitFor(rideUpdate(laterRide, 'RideRequested'), 'the other ride');
    await otherDriverSocket.waitFor((message) => message.type === 'new_ride' && message.rideId === laterRide, 'the other ride, offered');
    await driverSocket.waitFor((message) => message.type === 'new_ride' && message.rideId === laterRide, 'the other ride, offered to the driver');
    for (const socket of [otherRiderSocket, otherDriverSocket, driverSocket]) expect(socket.ofType('location_update')).toEqual([]);

    // Once the trip is over the rider stops seeing where the driver goes.
    await arriveAtPickup(bed.commands, { rideId }, contextFor(driver.actor));
    await startTrip(bed.commands, { rideId, pin: assigned.state.context.pin! }, contextFor(driver.actor));
    await completeTrip(bed.commands, { rideId, distanceKm: 3.4, durationMinutes: 11 }, contextFor(driver.actor));
    await riderSocket.waitFor(rideUpdate(rideId, 'TripCompleted'), 'the end of the trip');
    const before = delivered();
    await bed.live.publishLocation({ driverId: driver.driverId, ...kitwe(0.02), at: bed.clock.now() });
    expect(delivered()).toBe(before);
    expect(riderSocket.ofType('location_update')).toHaveLength(1);
  });

  describe('with a second API instance on the same database', () => {
    let appB: App;
    let hubB: LiveHub;
    let urlB: string;
    let closeB: () => Promise<void>;

    beforeAll(async () => {
      const pool = createPool(bed.pool.options.connectionString!, 5);
      const store = new PostgresEventStore({ pool, pollIntervalMs: 100 });
      const accounts = await createTestAccounts(createKysely<AccountsDatabase>(pool), { clock: bed.clock });
      hubB = new LiveHub({ store, pool });
      await hubB.start();
      appB = await buildApp({ logger: pino({ level: 'silent' }), health: async () => { throw new Error('no health on instance B'); }, accounts, live: hubB });
      urlB = await listen(appB);
      closeB = async () => {
        await appB.close();
        await hubB.close();
        await store.close();
        await pool.end();
      };
    });
    afterAll(() => closeB());

    it('each instance delivers to its own sockets: ride updates from its own subscription, positions over NOTIFY, each exactly once', async () => {
      const rider = await bed.signIn('passenger');
      const driver = await driverOf(bed);
      const riderOnB = await socketOf(urlB, rider);
      const driverOnA = await socketOf(url, driver.person);
      const [countedOnA, countedOnB] = [bed.live.deliveries.byType, hubB.deliveries.byType];

      const rideId = await book(bed, rider);
      await driverOnA.waitFor((message) => message.type === 'new_ride' && message.rideId === rideId, 'the ride, on instance A');
      await acceptRide(bed.commands, { rideId, driverId: driver.driverId }, contextFor(driver.actor));
      await riderOnB.waitFor(rideUpdate(rideId, 'PinIssued'), 'the assignment, on instance B');

      // The driver's phone reports to A; the rider hears it on B. Then to B; the rider hears it once, not twice.
      await bed.live.publishLocation({ driverId: driver.driverId, ...kitwe(0.003), at: bed.clock.now() });
      await riderOnB.waitFor((message) => message.type === 'location_update' && message.lat === kitwe(0.003).lat, 'the position relayed from A');
      await hubB.publishLocation({ driverId: driver.driverId, ...kitwe(0.004), at: bed.clock.now() });
      await riderOnB.waitFor((message) => message.type === 'location_update' && message.lat === kitwe(0.004).lat, 'the position published on B');
      // Barrier: the next ride event arrives after anything duplicated would have.
      await arriveAtPickup(bed.commands, { rideId }, contextFor(driver.actor));
      await riderOnB.waitFor(rideUpdate(rideId, 'DriverArrived'), 'the arrival');
      await driverOnA.waitFor(rideUpdate(rideId, 'DriverArrived'), 'the arrival, for the driver');

      expect(riderOnB.ofType('ride_update', rideId).map((update) => update.event)).toEqual(['RideRequested', 'DriverAssigned', 'PinIssued', 'DriverArrived']);
      expect(riderOnB.ofType('location_update').map((update) => update.lat)).toEqual([kitwe(0.003).lat, kitwe(0.004).lat]);
      expect(hubB.deliveries.byType.ride_update - countedOnB.ride_update).toBe(4);
      expect(hubB.deliveries.byType.location_update - countedOnB.location_update).toBe(2);
      // A served the driver's socket only (assigned, arrived): the rider is not connected there.
      expect(bed.live.deliveries.byType.location_update - countedOnA.location_update).toBe(0);
      expect(bed.live.deliveries.byType.ride_update - countedOnA.ride_update).toBe(2);
      expect(driverOnA.ofType('ride_update', rideId).map((update) => update.event)).toEqual(['DriverAssigned', 'DriverArrived']);
    });

    it("closes its sockets with 1001 when the instance shuts down (the others' stay open)", async () => {
      const rider = await bed.signIn('passenger');
      const onB = await socketOf(urlB, rider);
      const onA = await socketOf(url, rider);

      await appB.close();

      expect(await onB.closed).toEqual({ code: 1001, reason: 'server shutting down' });
      expect(await onA.replyTo(() => onA.send({ type: 'ping' }))).toEqual({ type: 'pong' });
    });
  });
});
