import { describe, expect, it } from 'vitest';
import { MAX_PIN_ATTEMPTS } from '../../domain/ride/index.js';
import {
  admin,
  as,
  expectRefusal,
  givenAcceptedRide,
  givenArrivedRide,
  givenCompletedRide,
  givenPendingRide,
  givenRideInProgress,
  onboardDriver,
  passenger,
  staff,
  storedTypes,
  system,
  uniqueId,
  useRideTestBed,
  wrongPin,
} from '../../tests/support/rideFixtures.js';
import { arriveAtPickup, cancelRide, completeTrip, raiseEmergency, rateRide, reissuePin, startTrip } from './index.js';

const bed = useRideTestBed('trip');

describe('ArriveAtPickup', () => {
  it('given an accepted ride, the assigned driver arrives', async () => {
    const scene = await givenAcceptedRide(bed.services);
    const result = await arriveAtPickup(bed.services, { rideId: scene.rideId }, as(scene.driver.actor));
    expect(result.events[0]).toMatchObject({ type: 'DriverArrived', data: { driverId: scene.driver.driverId } });
    expect(result.status?.status).toBe('arrived');
  });

  it('another driver is forbidden; a pending ride has no driver to arrive', async () => {
    const scene = await givenAcceptedRide(bed.services);
    const other = await onboardDriver(bed.services);
    await expectRefusal(
      bed.store,
      [scene.stream],
      () => arriveAtPickup(bed.services, { rideId: scene.rideId }, as(other.actor)),
      'forbidden',
    );
    const pending = await givenPendingRide(bed.services);
    await expectRefusal(
      bed.store,
      [pending.stream],
      () => arriveAtPickup(bed.services, { rideId: pending.rideId }, as(other.actor)),
      'forbidden',
    );
  });
});

describe('StartTrip', () => {
  it("given the driver has arrived, the rider's PIN starts the trip", async () => {
    const scene = await givenArrivedRide(bed.services);
    const result = await startTrip(bed.services, { rideId: scene.rideId, pin: scene.pin }, as(scene.driver.actor));
    expect(result.events.map((e) => e.type)).toEqual(['TripStarted']);
    expect(result.status?.status).toBe('in_progress');
  });

  it('a wrong PIN is recorded (PinAttemptFailed), then refused with pin_incorrect; the last try locks the start', async () => {
    const scene = await givenArrivedRide(bed.services);
    const attempt = () => startTrip(bed.services, { rideId: scene.rideId, pin: wrongPin(scene.pin) }, as(scene.driver.actor));
    for (let tries = 1; tries < MAX_PIN_ATTEMPTS; tries++) {
      await expect(attempt()).rejects.toMatchObject({ code: 'pin_incorrect', details: { attemptsLeft: MAX_PIN_ATTEMPTS - tries } });
    }
    await expect(attempt()).rejects.toMatchObject({ code: 'pin_locked' });
    const types = await storedTypes(bed.store, scene.stream);
    expect(types.filter((type) => type === 'PinAttemptFailed')).toHaveLength(MAX_PIN_ATTEMPTS);

    // Locked: even the right PIN is refused, and nothing more is recorded.
    const right = () => startTrip(bed.services, { rideId: scene.rideId, pin: scene.pin }, as(scene.driver.actor));
    await expectRefusal(bed.store, [scene.stream], right, 'pin_locked');
  });

  it('a retried wrong-PIN request (same command id) counts once and answers the same refusal', async () => {
    const scene = await givenArrivedRide(bed.services);
    const context = as(scene.driver.actor);
    const attempt = () => startTrip(bed.services, { rideId: scene.rideId, pin: wrongPin(scene.pin) }, context);
    await expect(attempt()).rejects.toMatchObject({ code: 'pin_incorrect' });
    await expect(attempt()).rejects.toMatchObject({ code: 'pin_incorrect', details: { attemptsLeft: MAX_PIN_ATTEMPTS - 1 } });
    expect((await storedTypes(bed.store, scene.stream)).filter((type) => type === 'PinAttemptFailed')).toHaveLength(1);
  });

  it('the rider is forbidden; a PIN of three digits is invalid, naming the field', async () => {
    const scene = await givenArrivedRide(bed.services);
    await expectRefusal(
      bed.store,
      [scene.stream],
      () => startTrip(bed.services, { rideId: scene.rideId, pin: scene.pin }, as(scene.rider)),
      'forbidden',
    );
    const short = () => startTrip(bed.services, { rideId: scene.rideId, pin: '123' }, as(scene.driver.actor));
    await expectRefusal(bed.store, [scene.stream], short, 'invalid', /^pin: pin must be 4 digits/);
  });

  it('before the driver has arrived the trip cannot start', async () => {
    const scene = await givenAcceptedRide(bed.services);
    const act = () => startTrip(bed.services, { rideId: scene.rideId, pin: scene.pin }, as(scene.driver.actor));
    await expectRefusal(bed.store, [scene.stream], act, 'not_allowed_in_state', /ride is accepted/);
  });
});

describe('ReissuePin', () => {
  it('given a PIN lock, the rider reissues the PIN, which lifts the lock', async () => {
    const scene = await givenArrivedRide(bed.services);
    for (let tries = 0; tries < MAX_PIN_ATTEMPTS; tries++) {
      await startTrip(bed.services, { rideId: scene.rideId, pin: wrongPin(scene.pin) }, as(scene.driver.actor)).catch(() => undefined);
    }
    const result = await reissuePin(bed.services, { rideId: scene.rideId }, as(scene.rider));
    expect(result.events[0]).toMatchObject({ type: 'PinIssued', data: { reason: 'reissued_by_rider' } });
    expect(result.status?.pinLocked).toBe(false);
    const pin = result.state.context.pin!;
    await expect(startTrip(bed.services, { rideId: scene.rideId, pin }, as(scene.driver.actor))).resolves.toMatchObject({
      status: { status: 'in_progress' },
    });
  });

  it('the driver is forbidden (the driver never sees the PIN)', async () => {
    const scene = await givenArrivedRide(bed.services);
    await expectRefusal(
      bed.store,
      [scene.stream],
      () => reissuePin(bed.services, { rideId: scene.rideId }, as(scene.driver.actor)),
      'forbidden',
    );
  });
});

describe('CompleteTrip', () => {
  it('given a trip in progress, the driver completes it at the agreed fare', async () => {
    const scene = await givenRideInProgress(bed.services);
    const result = await completeTrip(bed.services, { rideId: scene.rideId, distanceKm: 3.4 }, as(scene.driver.actor));
    expect(result.events[0]).toMatchObject({
      type: 'TripCompleted',
      data: { finalFareNgwee: result.state.context.agreedFareNgwee, distanceKm: 3.4, durationMinutes: null },
    });
    expect(result.status?.status).toBe('completed');
  });

  it('the rider is forbidden; a negative distance is invalid; an arrived ride is not yet completable', async () => {
    const scene = await givenRideInProgress(bed.services);
    await expectRefusal(
      bed.store,
      [scene.stream],
      () => completeTrip(bed.services, { rideId: scene.rideId }, as(scene.rider)),
      'forbidden',
    );
    const negative = () => completeTrip(bed.services, { rideId: scene.rideId, distanceKm: -2 }, as(scene.driver.actor));
    await expectRefusal(bed.store, [scene.stream], negative, 'invalid', /^distanceKm:/);
    const arrived = await givenArrivedRide(bed.services);
    const early = () => completeTrip(bed.services, { rideId: arrived.rideId }, as(arrived.driver.actor));
    await expectRefusal(bed.store, [arrived.stream], early, 'not_allowed_in_state', /driver has arrived/);
  });
});

describe('CancelRide', () => {
  it.each([
    ['the rider', 'rider'],
    ['the assigned driver', 'driver'],
    ['an admin', 'admin'],
    ['the system', 'system'],
  ] as const)('given an accepted ride, %s may cancel it, with the stage recorded', async (_, by) => {
    const scene = await givenAcceptedRide(bed.services);
    const actor = { rider: scene.rider, driver: scene.driver.actor, admin, system }[by];
    const result = await cancelRide(bed.services, { rideId: scene.rideId, reason: 'plans changed' }, as(actor));
    expect(result.events[0]).toMatchObject({
      type: 'RideCancelled',
      data: { by, byUserId: actor.userId, reason: 'plans changed', stage: 'accepted' },
    });
  });

  it('once the trip is under way only an admin may cancel', async () => {
    const scene = await givenRideInProgress(bed.services);
    const byRider = () => cancelRide(bed.services, { rideId: scene.rideId, reason: 'stop' }, as(scene.rider));
    await expectRefusal(bed.store, [scene.stream], byRider, 'not_allowed_in_state', /trip is in progress/);
    const result = await cancelRide(bed.services, { rideId: scene.rideId, reason: 'safety' }, as(admin));
    expect(result.events[0]).toMatchObject({ data: { by: 'admin', stage: 'in_progress' } });
  });

  it('staff and strangers are forbidden; a blank reason is invalid, naming the field; a cancelled ride stays cancelled', async () => {
    const scene = await givenPendingRide(bed.services);
    for (const actor of [staff, passenger('stranger')]) {
      await expectRefusal(
        bed.store,
        [scene.stream],
        () => cancelRide(bed.services, { rideId: scene.rideId, reason: 'x' }, as(actor)),
        'forbidden',
      );
    }
    const blank = () => cancelRide(bed.services, { rideId: scene.rideId, reason: '  ' }, as(scene.rider));
    await expectRefusal(bed.store, [scene.stream], blank, 'invalid', /^reason: reason is required/);
    await cancelRide(bed.services, { rideId: scene.rideId, reason: 'changed my mind' }, as(scene.rider));
    const again = () => cancelRide(bed.services, { rideId: scene.rideId, reason: 'again' }, as(admin));
    await expectRefusal(bed.store, [scene.stream], again, 'not_allowed_in_state', /ride is cancelled/);
  });
});

describe('RaiseEmergency', () => {
  it('given a trip in progress, the rider raises an emergency with a location; the ride goes on, flagged', async () => {
    const scene = await givenRideInProgress(bed.services);
    const result = await raiseEmergency(bed.services, { rideId: scene.rideId, location: { lat: -12.8, lng: 28.21 } }, as(scene.rider));
    expect(result.events[0]).toMatchObject({
      type: 'EmergencyRaised',
      data: { raisedBy: 'rider', stage: 'in_progress', location: { lat: -12.8, lng: 28.21 } },
    });
    expect(result.status).toMatchObject({ status: 'in_progress', emergencyActive: true });
  });

  it('an admin is forbidden (the button is for the two on the ride); a latitude of 95 is invalid; a completed ride takes none', async () => {
    const scene = await givenRideInProgress(bed.services);
    await expectRefusal(bed.store, [scene.stream], () => raiseEmergency(bed.services, { rideId: scene.rideId }, as(admin)), 'forbidden');
    const offMap = () => raiseEmergency(bed.services, { rideId: scene.rideId, location: { lat: 95, lng: 28 } }, as(scene.rider));
    await expectRefusal(bed.store, [scene.stream], offMap, 'invalid', /^location\.lat:/);
    const done = await givenCompletedRide(bed.services);
    const late = () => raiseEmergency(bed.services, { rideId: done.rideId }, as(done.rider));
    await expectRefusal(bed.store, [done.stream], late, 'not_allowed_in_state', /ride is completed/);
  });
});

describe('RateRide', () => {
  it('given a completed ride, the rider rates the driver and the driver the rider, once each', async () => {
    const scene = await givenCompletedRide(bed.services);
    const byRider = await rateRide(bed.services, { rideId: scene.rideId, stars: 5, comment: 'Smooth' }, as(scene.rider));
    expect(byRider.events[0]).toMatchObject({ data: { by: 'rider', rateeUserId: scene.driver.actor.userId, stars: 5, comment: 'Smooth' } });
    const byDriver = await rateRide(bed.services, { rideId: scene.rideId, stars: 4 }, as(scene.driver.actor));
    expect(byDriver.events[0]).toMatchObject({ data: { by: 'driver', rateeUserId: scene.rider.userId, stars: 4 } });
    const twice = () => rateRide(bed.services, { rideId: scene.rideId, stars: 1 }, as(scene.rider));
    await expectRefusal(bed.store, [scene.stream], twice, 'not_allowed_in_state', /already rated by the rider/);
  });

  it('a stranger is forbidden; six stars are invalid; a ride in progress cannot be rated yet', async () => {
    const scene = await givenCompletedRide(bed.services);
    await expectRefusal(
      bed.store,
      [scene.stream],
      () => rateRide(bed.services, { rideId: scene.rideId, stars: 5 }, as(passenger('stranger'))),
      'forbidden',
    );
    await expectRefusal(
      bed.store,
      [scene.stream],
      () => rateRide(bed.services, { rideId: scene.rideId, stars: 6 }, as(scene.rider)),
      'invalid',
      /^stars: stars must be 1 to 5/,
    );
    const ongoing = await givenRideInProgress(bed.services);
    const early = () => rateRide(bed.services, { rideId: ongoing.rideId, stars: 5 }, as(ongoing.rider));
    await expectRefusal(bed.store, [ongoing.stream], early, 'not_allowed_in_state', /trip is in progress/);
  });
});

describe.each([
  ['ArriveAtPickup', arriveAtPickup, {}],
  ['StartTrip', startTrip, { pin: '1234' }],
  ['ReissuePin', reissuePin, {}],
  ['CompleteTrip', completeTrip, {}],
  ['CancelRide', cancelRide, { reason: 'x' }],
  ['RaiseEmergency', raiseEmergency, {}],
  ['RateRide', rateRide, { stars: 3 }],
] as const)('%s on a ride that is not there', (_type, handler, rest) => {
  const call = handler as (...args: unknown[]) => Promise<unknown>;

  it('an unknown ride is not found, and no stream appears', async () => {
    const rideId = uniqueId('ride');
    await expectRefusal(
      bed.store,
      [`ride-${rideId}`],
      () => call(bed.services, { rideId, ...rest }, as(admin)),
      'not_found',
      `ride ${rideId} was not found`,
    );
  });

  it('a ride id outside the id alphabet is invalid, naming the field', async () => {
    await expectRefusal(bed.store, [], () => call(bed.services, { rideId: 'a/b', ...rest }, as(admin)), 'invalid', /^rideId:/);
  });
});
