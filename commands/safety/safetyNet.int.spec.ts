import { describe, expect, it } from 'vitest';
import { incidentStream } from '../../domain/incident/index.js';
import { rideStreamId } from '../../domain/ride/index.js';
import { rideChecksStream } from '../../domain/rideChecks/index.js';
import { tripShareStream } from '../../domain/tripShare/index.js';
import { acceptFixedRide, driverOnDuty, eventTypes, onRide, requestRide, rider, useWriteSideBed, type SceneDriver, context } from '../../tests/support/writeSideTestBed.js';
import { quote } from '../../tests/support/fixtures/ride.js';
import { MemoryTextMessages } from '../shared/safetyPorts.js';
import { TimerScheduler } from '../timers/timerScheduler.js';
import { tripShareCommands } from '../tripShare/index.js';
import { addTrustedContact } from '../trustedContacts/index.js';
import { recordTripPosition, TripWatcher } from './tripWatcher.js';

const world = useWriteSideBed('safetynet');
const texts = () => world.services.safety.textMessages as MemoryTextMessages;
const fireDue = () => new TimerScheduler({ services: world.services }).fireDueTimers();
const timersOf = async (kind: string) => world.bed.db.selectFrom('timers').selectAll().where('kind', '=', kind as never).execute();

/** A ride under way: accepted, the driver at the pickup, the trip started with the rider's PIN. */
async function tripUnderWay(booking: Parameters<typeof requestRide>[1] = {}): Promise<{ rideId: string; driver: SceneDriver }> {
  const driver = await driverOnDuty(world.services);
  const rideId = await requestRide(world.services, booking);
  await acceptFixedRide(world.services, rideId, driver);
  await onRide(world.services, rideId, { type: 'ArriveAtPickup', data: { rideId }, actor: driver.actor });
  const issued = (await world.services.store.readStream(rideStreamId(rideId))).find((event) => event.type === 'PinIssued')!;
  await onRide(world.services, rideId, { type: 'StartTrip', data: { rideId, pin: (issued.data as { pin: string }).pin }, actor: driver.actor });
  await world.drain();
  return { rideId, driver };
}

describe('an SOS press', () => {
  it('raises one incident however often it is delivered, tells the contacts by SMS with a working link, and re-alerts until acknowledged', async () => {
    await addTrustedContact(world.services, { riderId: rider.userId, name: 'Mary Chanda', phone: '0971234567' }, context(rider));
    const { rideId } = await tripUnderWay();
    await onRide(world.services, rideId, { type: 'RaiseEmergency', data: { rideId, location: { lat: -12.81, lng: 28.22 } }, actor: rider });
    await world.drain();
    const [raised] = await world.services.store.readStream(incidentStream(rideId));
    expect(raised).toMatchObject({ type: 'IncidentRaised', data: { number: 1, cause: { kind: 'sos', party: 'rider', userId: rider.userId } } });
    expect(await eventTypes(world.services, tripShareStream(rideId))).toEqual(['TripShareStarted', 'TrustedContactsNotified']);

    // The SMS goes out through the gateway port when its timer fires (due at once).
    expect(await fireDue()).toHaveLength(1);
    const [sms] = texts().sent;
    expect(sms!.to).toBe('+260971234567');
    const token = /\/share\/([A-Za-z0-9_-]{43})/.exec(sms!.text)![1]!;
    const active = await tripShareCommands(world.services.safety.shareTokens).startTripShare(world.services, { rideId }, context(rider));
    expect(active.link!.token).toBe(token);

    // A second press adds to the open incident.
    await onRide(world.services, rideId, { type: 'RaiseEmergency', data: { rideId, location: null }, actor: rider });
    await world.drain();
    expect(await eventTypes(world.services, incidentStream(rideId))).toEqual(['IncidentRaised', 'IncidentAlertAdded']);

    // Nobody acknowledges: the re-alert timer fires a minute later, and again after that.
    world.clock.advance({ seconds: 61 });
    await fireDue();
    await world.drain();
    world.clock.advance({ seconds: 61 });
    await fireDue();
    expect(await eventTypes(world.services, incidentStream(rideId))).toEqual(['IncidentRaised', 'IncidentAlertAdded', 'IncidentReAlerted', 'IncidentReAlerted']);
    expect(texts().sent).toHaveLength(1);
  });
});

describe('the trip watcher and ride checks', () => {
  it('files the driver’s positions on the trip, raises a check after a five-minute stop away from the pickup, and an unanswered check raises an incident', async () => {
    const { rideId, driver } = await tripUnderWay();
    // Between Freedom Park and the university, off both by more than 200 m.
    const stop = { lat: -12.8095, lng: 28.2290 };
    for (let second = 0; second <= 6 * 60; second += 30) {
      const at = new Date(world.clock.now().getTime());
      expect(await recordTripPosition(world.services.db, { driverId: driver.driverId, ...stop, at })).toBe(rideId);
      world.clock.advance({ seconds: 30 });
    }
    // Someone else's position files nothing.
    expect(await recordTripPosition(world.services.db, { driverId: 'driver-nobody', ...stop, at: world.clock.now() })).toBeNull();

    const watcher = new TripWatcher({ services: world.services });
    expect(await watcher.watchOnce()).toBe(1);
    expect(await watcher.watchOnce()).toBe(0);
    const [check] = await world.services.store.readStream(rideChecksStream(rideId));
    expect(check).toMatchObject({ type: 'RideCheckRaised', data: { finding: { reason: 'unexpected_stop' }, riderUserId: rider.userId } });
    await world.drain();
    expect(await timersOf('ride_check_answer')).toHaveLength(1);

    world.clock.advance({ seconds: 121 });
    await fireDue();
    await world.drain();
    expect(await eventTypes(world.services, rideChecksStream(rideId))).toEqual(['RideCheckRaised', 'RideCheckWentUnanswered']);
    const [incident] = await world.services.store.readStream(incidentStream(rideId));
    expect(incident).toMatchObject({ type: 'IncidentRaised', data: { cause: { kind: 'ride_check', answer: 'unanswered' } } });
  });

  it('asks the rider when the driver leaves the road route they were quoted, not when the next street over is taken, and never on a straight-line quote', async () => {
    // Freedom Park to the university the way a road router drew it: south, then east (an L).
    const corner = { lat: -12.8124, lng: 28.2136 };
    const roadQuote = { ...quote, breakdown: { ...quote.breakdown, route: { source: 'road_network', distanceKm: 3.9, durationMin: 9, offRoadKm: 0.1, geometry: [{ lat: -12.8024, lng: 28.2136 }, corner, { lat: -12.8074, lng: 28.2441 }], attribution: '© OpenStreetMap contributors' } } };
    const onRoads = await tripUnderWay({ quote: roadQuote });
    const straightLine = await tripUnderWay({ quote: { ...quote, breakdown: { ...quote.breakdown, route: { ...roadQuote.breakdown.route, source: 'great_circle' } } } });
    const drive = async (driver: SceneDriver, positions: Array<{ lat: number; lng: number }>) => {
      for (const position of positions) {
        await recordTripPosition(world.services.db, { driverId: driver.driverId, ...position, at: world.clock.now() });
        world.clock.advance({ seconds: 30 });
      }
    };
    const watcher = new TripWatcher({ services: world.services });
    // About 300 m east of the southbound leg, moving: a parallel street, inside the 500 m corridor.
    const parallelStreet = [-12.8040, -12.8060, -12.8080, -12.8100].map((lat) => ({ lat, lng: 28.2164 }));
    await drive(onRoads.driver, parallelStreet);
    expect(await watcher.watchOnce()).toBe(0);
    // Then north-west, away from the destination: over a kilometre off the route for 90 s.
    const away = [-12.7990, -12.7960, -12.7930, -12.7900].map((lat) => ({ lat, lng: 28.2040 }));
    await drive(onRoads.driver, away);
    await drive(straightLine.driver, [...parallelStreet, ...away]);
    expect(await watcher.watchOnce()).toBe(1);
    const [check] = await world.services.store.readStream(rideChecksStream(onRoads.rideId));
    expect(check).toMatchObject({ type: 'RideCheckRaised', data: { finding: { reason: 'route_deviation' } } });
    expect((check!.data as { finding: { metresFromRoute: number } }).finding.metresFromRoute).toBeGreaterThan(1000);
    expect(await eventTypes(world.services, rideChecksStream(straightLine.rideId))).toEqual([]);
  });

  it('stops filing positions once the trip is over, and the share link expires thirty minutes after', async () => {
    const { rideId, driver } = await tripUnderWay();
    await tripShareCommands(world.services.safety.shareTokens).startTripShare(world.services, { rideId }, context(rider));
    await onRide(world.services, rideId, { type: 'CompleteTrip', data: { rideId }, actor: driver.actor });
    await world.drain();
    expect(await recordTripPosition(world.services.db, { driverId: driver.driverId, lat: -12.8, lng: 28.2, at: world.clock.now() })).toBeNull();
    world.clock.advance({ minutes: 29 });
    await fireDue();
    expect(await eventTypes(world.services, tripShareStream(rideId))).toEqual(['TripShareStarted']);
    world.clock.advance({ minutes: 2 });
    await fireDue();
    expect(await eventTypes(world.services, tripShareStream(rideId))).toEqual(['TripShareStarted', 'TripShareExpired']);
  });

  it('tells the contacts at trip start only when the rider chose so at booking', async () => {
    await addTrustedContact(world.services, { riderId: rider.userId, name: 'Mary Chanda', phone: '0971234567' }, context(rider));
    const driver = await driverOnDuty(world.services);
    const rideId = await requestRide(world.services);
    await tripShareCommands(world.services.safety.shareTokens).chooseTripStartNotification(world.services, { rideId }, context(rider));
    await acceptFixedRide(world.services, rideId, driver);
    await onRide(world.services, rideId, { type: 'ArriveAtPickup', data: { rideId }, actor: driver.actor });
    const issued = (await world.services.store.readStream(rideStreamId(rideId))).find((event) => event.type === 'PinIssued')!;
    await onRide(world.services, rideId, { type: 'StartTrip', data: { rideId, pin: (issued.data as { pin: string }).pin }, actor: driver.actor });
    await world.drain();
    expect(await eventTypes(world.services, tripShareStream(rideId))).toEqual(['TripStartNotificationChosen', 'TripShareStarted', 'TrustedContactsNotified']);

    const other = await tripUnderWay();
    expect(await eventTypes(world.services, tripShareStream(other.rideId))).toEqual([]);
  });
});
