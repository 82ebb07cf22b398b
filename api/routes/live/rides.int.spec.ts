import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBid } from '../../../commands/bid/index.js';
import { recordDriverLocation } from '../../../commands/dispatch/index.js';
import { acceptBid, acceptRide, arriveAtPickup, completeTrip, reissuePin, requestRide, startTrip } from '../../../commands/ride/index.js';
import type { CommandServices } from '../../../commands/shared/services.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import { actorOf, book, bringOnline, contextFor, copperbeltUniversity, driverOf, freedomPark, LiveClient, listen, platformAdmin, type Received } from '../../../tests/support/liveTestKit.js';
import { approveDriver } from '../../../commands/driverVerification/index.js';

/** Every field name in the messages, however deep. */
function fieldNames(values: unknown[]): string[] {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      for (const [name, inner] of Object.entries(value)) {
        names.add(name);
        visit(inner);
      }
    }
  };
  values.forEach(visit);
  return [...names];
}

/** Rides and bids as they happen, to exactly the sockets allowed to see them. */
describe('live ride and bid updates', () => {
  let bed: ApiTestBed;
  let url: string;

  beforeAll(async () => {
    bed = await startApiTestBed();
    url = await listen(bed.app);
  });
  afterAll(() => bed.close());

  /** A signed-in person's socket, joined as themselves. */
  async function socketOf(person: { cookie: string; user: { id: string } }): Promise<LiveClient> {
    const client = await LiveClient.open(url, person.cookie);
    expect(await client.join(person.user.id)).toMatchObject({ type: 'joined' });
    return client;
  }

  const rideUpdate = (rideId: string, status?: string) => (message: Received) =>
    message.type === 'ride_update' && message.rideId === rideId && (status === undefined || message.status === status);
  const newRide = (rideId: string) => (message: Received) => message.type === 'new_ride' && message.rideId === rideId;

  /** The command services with the PIN draw fixed, so the test knows which digits must never reach a driver. */
  const drawingPin = (pin: string): CommandServices => ({ ...bed.commands, random: () => (Number(pin) - 1000 + 0.5) / 9000 });

  it("tells the rider of every step of their ride, the driver from assignment on (never the PIN), and another passenger nothing", async () => {
    const rider = await bed.signIn('passenger');
    const otherPassenger = await bed.signIn('passenger');
    const driver = await driverOf(bed);
    const bystander = await driverOf(bed);
    const [riderSocket, otherSocket, driverSocket, bystanderSocket] = await Promise.all([
      socketOf(rider),
      socketOf(otherPassenger),
      socketOf(driver.person),
      socketOf(bystander.person),
    ]);
    const [firstPin, secondPin] = ['9871', '8639'];

    const rideId = await book(bed, rider);
    const assigned = await acceptRide(drawingPin(firstPin), { rideId, driverId: driver.driverId }, contextFor(driver.actor));
    expect(assigned.state.context.pin).toBe(firstPin);
    await arriveAtPickup(bed.commands, { rideId }, contextFor(driver.actor));
    await expect(startTrip(bed.commands, { rideId, pin: '1234' }, contextFor(driver.actor))).rejects.toMatchObject({ code: 'pin_incorrect' });
    const reissued = await reissuePin(drawingPin(secondPin), { rideId }, contextFor(actorOf(rider)));
    expect(reissued.state.context.pin).toBe(secondPin);
    await startTrip(bed.commands, { rideId, pin: secondPin }, contextFor(driver.actor));
    await completeTrip(bed.commands, { rideId, distanceKm: 3.4, durationMinutes: 11 }, contextFor(driver.actor));

    await riderSocket.waitFor(rideUpdate(rideId, 'completed'), 'the completed ride');
    expect(riderSocket.ofType('ride_update', rideId).map((update) => [update.event, update.status, update.pinIssued ?? false])).toEqual([
      ['RideRequested', 'pending', false],
      ['DriverAssigned', 'accepted', false],
      ['PinIssued', 'accepted', true],
      ['DriverArrived', 'arrived', false],
      ['PinAttemptFailed', 'arrived', false],
      ['PinIssued', 'arrived', true],
      ['TripStarted', 'in_progress', false],
      ['TripCompleted', 'completed', false],
    ]);
    expect(riderSocket.ofType('ride_update', rideId).at(-1)).toMatchObject({ driverId: driver.driverId, progress: 100, finalFareNgwee: expect.any(Number) });

    await driverSocket.waitFor(rideUpdate(rideId, 'completed'), "the driver's completed ride");
    expect(driverSocket.ofType('ride_update', rideId).map((update) => update.event)).toEqual([
      'DriverAssigned',
      'DriverArrived',
      'PinAttemptFailed',
      'TripStarted',
      'TripCompleted',
    ]);
    expect(driverSocket.ofType('ride_update', rideId).find((update) => update.event === 'PinAttemptFailed')).toMatchObject({ attemptsLeft: 4 });

    // Barriers: each socket's own next message proves everything routed before it has arrived.
    const otherRideId = await book(bed, otherPassenger);
    await otherSocket.waitFor(rideUpdate(otherRideId), "the other passenger's own ride");
    await bystanderSocket.waitFor(newRide(otherRideId), 'the next ride offered to the bystander');
    expect(otherSocket.messages.filter((message) => message.rideId === rideId)).toEqual([]);
    expect(bystanderSocket.ofType('ride_update', rideId)).toEqual([]);
    expect(riderSocket.messages.filter((message) => message.rideId === otherRideId)).toEqual([]);

    // Everything any driver socket received, searched for either PIN (ids masked: they are random hex).
    for (const socket of [driverSocket, bystanderSocket]) {
      const text = socket.frames.join('\n').replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>');
      expect(socket.frames.length).toBeGreaterThan(1);
      expect(text).not.toContain(firstPin);
      expect(text).not.toContain(secondPin);
      // pinLocked (a flag: the start is locked) is the one PIN-related field a driver may see.
      expect(fieldNames(socket.messages).filter((name) => /pin/i.test(name) && name !== 'pinLocked')).toEqual([]);
    }
  });

  it('offers a new ride to online, verified drivers of its vehicle type only — never to a passenger', async () => {
    const rider = await bed.signIn('passenger');
    const passenger = await bed.signIn('passenger');
    const carDriver = await driverOf(bed);
    const offlineCarDriver = await driverOf(bed, { online: false });
    const unverifiedCarDriver = await driverOf(bed, { approve: false });
    const truckDriver = await driverOf(bed, { vehicleType: 'light-truck' });
    const [carSocket, offlineSocket, unverifiedSocket, truckSocket, passengerSocket] = await Promise.all([
      socketOf(carDriver.person),
      socketOf(offlineCarDriver.person),
      socketOf(unverifiedCarDriver.person),
      socketOf(truckDriver.person),
      socketOf(passenger),
    ]);

    const carRide = await book(bed, rider);
    const announced = await carSocket.waitFor(newRide(carRide), 'the car ride');
    expect(announced).toMatchObject({
      vehicleType: 'car',
      pricingMethod: 'fixed',
      pickup: freedomPark,
      dropoff: copperbeltUniversity,
      offered: false,
      fareNgwee: expect.any(Number),
    });
    expect(Object.keys(announced)).not.toContain('riderId');

    // Each of the others now becomes entitled to a later ride; receiving it proves the car ride never came.
    const truckRide = await book(bed, rider, { vehicleType: 'light-truck', passengerCount: null, packageSize: 'large' });
    await truckSocket.waitFor(newRide(truckRide), 'the truck ride');
    await bringOnline(bed, offlineCarDriver);
    await approveDriver(bed.commands, { driverId: unverifiedCarDriver.driverId }, contextFor(platformAdmin));
    await bringOnline(bed, unverifiedCarDriver);
    const laterCarRide = await book(bed, rider);
    await offlineSocket.waitFor(newRide(laterCarRide), 'the later ride, once online');
    await unverifiedSocket.waitFor(newRide(laterCarRide), 'the later ride, once approved and online');
    const passengersOwnRide = await book(bed, passenger);
    await passengerSocket.waitFor(rideUpdate(passengersOwnRide), "the passenger's own ride");
    await Promise.all([carSocket, offlineSocket, unverifiedSocket].map((socket) => socket.waitFor(newRide(passengersOwnRide), 'the last car ride')));

    expect(truckSocket.ofType('new_ride').map((message) => message.rideId)).toEqual([truckRide]);
    expect(offlineSocket.ofType('new_ride').map((message) => message.rideId)).toEqual([laterCarRide, passengersOwnRide]);
    expect(unverifiedSocket.ofType('new_ride').map((message) => message.rideId)).toEqual([laterCarRide, passengersOwnRide]);
    expect(carSocket.ofType('new_ride').map((message) => message.rideId)).toEqual([carRide, laterCarRide, passengersOwnRide]);
    expect(passengerSocket.ofType('new_ride')).toEqual([]);
  });

  it('also tells the drivers dispatch chose, with their distance to the pickup', async () => {
    const rider = await bed.signIn('passenger');
    const nearby = await driverOf(bed);
    await recordDriverLocation(bed.db, { driverId: nearby.driverId, lat: -12.8031, lng: 28.2129, at: bed.clock.now() });
    await bed.settle();
    const socket = await socketOf(nearby.person);

    const rideId = await book(bed, rider);
    const offered = await socket.waitFor((message) => newRide(rideId)(message) && message.offered === true, 'the dispatch offer');
    expect(offered.distanceKm).toBeGreaterThan(0);
    expect(offered.distanceKm).toBeLessThan(1);
  });

  it('shows a bid to the rider and to the driver who placed it, never to a rival bidder', async () => {
    const rider = await bed.signIn('passenger');
    const [first, rival] = await Promise.all([driverOf(bed), driverOf(bed)]);
    const [riderSocket, firstSocket, rivalSocket] = await Promise.all([socketOf(rider), socketOf(first.person), socketOf(rival.person)]);
    const fixed = await requestRide(
      bed.commands,
      { vehicleType: 'car', pickup: freedomPark, dropoff: copperbeltUniversity, pricingMethod: 'fixed', paymentMethod: 'cash', passengerCount: 1 },
      contextFor(actorOf(rider)),
    );
    const fare = fixed.quote.totalNgwee;
    const rideId = await book(bed, rider, { pricingMethod: 'bidding', proposedFareNgwee: fare });

    const firstBid = await placeBid(bed.commands, { rideId, driverId: first.driverId, amountNgwee: fare + 500, message: 'Five minutes away', estimatedArrivalMinutes: 5 }, contextFor(first.actor));
    const rivalBid = await placeBid(bed.commands, { rideId, driverId: rival.driverId, amountNgwee: fare + 300, message: 'Close by', estimatedArrivalMinutes: 3 }, contextFor(rival.actor));
    await riderSocket.waitFor((message) => message.type === 'new_bid' && message.bidId === rivalBid.bidId, 'the rival bid');
    expect(riderSocket.ofType('new_bid', rideId)).toEqual([
      expect.objectContaining({ bidId: firstBid.bidId, driverId: first.driverId, amountNgwee: fare + 500, estimatedArrivalMinutes: 5 }),
      expect.objectContaining({ bidId: rivalBid.bidId, driverId: rival.driverId, amountNgwee: fare + 300 }),
    ]);

    await acceptBid(bed.commands, { rideId, bidId: firstBid.bidId }, contextFor(actorOf(rider)));
    await firstSocket.waitFor((message) => message.type === 'bid_update' && message.status === 'accepted', 'the accepted bid');
    const rejected = await rivalSocket.waitFor((message) => message.type === 'bid_update', "the rival's bid settled");
    expect(rejected).toMatchObject({ bidId: rivalBid.bidId, status: 'rejected', reason: 'another_bid_accepted' });
    await riderSocket.waitFor((message) => message.type === 'bid_update' && message.bidId === rivalBid.bidId, 'both settlements');

    expect(firstSocket.messages.filter((message) => message.bidId === rivalBid.bidId)).toEqual([]);
    expect(rivalSocket.messages.filter((message) => message.bidId === firstBid.bidId)).toEqual([]);
    // The winner is now a party to the ride; the rival never was.
    expect(firstSocket.ofType('ride_update', rideId).map((update) => update.status)).toContain('accepted');
    expect(rivalSocket.ofType('ride_update', rideId)).toEqual([]);
  });
});
