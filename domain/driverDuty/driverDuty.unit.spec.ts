import { describe, expect, it } from 'vitest';
import type { VehicleId } from '../catalogue/vehicles.js';
import type { Actor } from '../shared/command.js';
import { fold } from '../shared/decider.js';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import type { DriverDutyCommand, VerificationFact } from './commands.js';
import { driverDutyDecider, driverDutyStatus, SHIFT_BOOKS_EVERY } from './decider.js';
import type { DriverDutyEvent, ReleaseReason } from './events.js';

const spec = DeciderSpecification.for(driverDutyDecider);
const now = '2025-01-15T08:00:00.000Z';
const deps = fixedDeps({ now });

const driver: Actor = { userId: 'user-mwila', role: 'driver' };
const dispatch: Actor = { userId: 'dispatch', role: 'system' };
const admin: Actor = { userId: 'admin-chanda', role: 'admin' };
const approvedCar: VerificationFact = { status: 'approved', userId: driver.userId, vehicleType: 'car' };

const goOnline = (verification: VerificationFact = approvedCar, actor: Actor = driver): DriverDutyCommand => ({
  type: 'GoOnline',
  data: { driverId: 'driver-1', verification },
  actor,
});
const goOffline = (actor: Actor = driver): DriverDutyCommand => ({ type: 'GoOffline', data: { driverId: 'driver-1' }, actor });
const reserve = (rideId: string, vehicleType: VehicleId = 'car', actor: Actor = dispatch): DriverDutyCommand => ({
  type: 'ReserveDriver',
  data: { driverId: 'driver-1', rideId, vehicleType },
  actor,
});
const release = (rideId: string, reason: ReleaseReason, actor: Actor = dispatch): DriverDutyCommand => ({
  type: 'ReleaseDriver',
  data: { driverId: 'driver-1', rideId, reason },
  actor,
});

const wentOnline: DriverDutyEvent = {
  type: 'DriverWentOnline',
  data: { driverId: 'driver-1', userId: driver.userId, vehicleType: 'car', wentOnlineAt: now },
};
const wentOffline: DriverDutyEvent = { type: 'DriverWentOffline', data: { driverId: 'driver-1', wentOfflineAt: now } };
const reserved = (rideId: string): DriverDutyEvent => ({ type: 'DriverReserved', data: { driverId: 'driver-1', rideId, reservedAt: now } });
const released = (rideId: string, reason: ReleaseReason): DriverDutyEvent => ({
  type: 'DriverReleased',
  data: { driverId: 'driver-1', rideId, reason, releasedAt: now },
});

describe('GoOnline', () => {
  it('puts an approved driver on duty with the vehicle on their application', () =>
    spec([]).when(goOnline(), deps).then([wentOnline]));

  it('changes nothing for a driver already on duty', () => {
    spec([wentOnline]).when(goOnline(), deps).thenNothingHappened();
    spec([wentOnline, reserved('ride-1')]).when(goOnline(), deps).thenNothingHappened();
  });

  it.each(['notApplied', 'pending', 'rejected', 'suspended'] as const)('refuses a driver whose verification is %s', (status) =>
    spec([]).when(goOnline({ ...approvedCar, status }), deps).thenThrows('driver_not_verified', status));

  it('refuses a user going online as somebody else’s driver', () =>
    spec([]).when(goOnline(approvedCar, { userId: 'user-other', role: 'driver' }), deps).thenThrows('forbidden'));

  it.each(['passenger', 'admin', 'staff', 'system'] as const)('refuses a %s switching a driver on', (role) =>
    spec([]).when(goOnline(approvedCar, { userId: driver.userId, role }), deps).thenThrows('forbidden'));
});

describe('GoOffline', () => {
  it('takes an online driver off duty', () => spec([wentOnline]).when(goOffline(), deps).then([wentOffline]));

  it('may be done by the platform or an admin (suspension, idle timeout)', () => {
    spec([wentOnline]).when(goOffline(dispatch), deps).then([wentOffline]);
    spec([wentOnline]).when(goOffline(admin), deps).then([wentOffline]);
  });

  it('changes nothing for a driver already offline', () => spec([wentOnline, wentOffline]).when(goOffline(), deps).thenNothingHappened());

  it('refuses while the driver is engaged on a ride', () =>
    spec([wentOnline, reserved('ride-1')]).when(goOffline(), deps).thenThrows('not_allowed_in_state', 'engaged on ride ride-1'));

  it('refuses another driver taking this one offline', () =>
    spec([wentOnline]).when(goOffline({ userId: 'user-other', role: 'driver' }), deps).thenThrows('forbidden'));

  it('refuses a passenger', () =>
    spec([wentOnline]).when(goOffline({ userId: 'p', role: 'passenger' }), deps).thenThrows('forbidden'));
});

describe('ReserveDriver', () => {
  it('engages an online, free driver for the ride', () => {
    spec([wentOnline]).when(reserve('ride-1'), deps).then([reserved('ride-1')]);
    const state = fold(driverDutyDecider, [wentOnline, reserved('ride-1')]);
    expect(driverDutyStatus(state)).toBe('engaged');
    expect(state.context.currentRideId).toBe('ride-1');
  });

  it('lets the driver reserve themselves when accepting a fixed-price ride', () =>
    spec([wentOnline]).when(reserve('ride-1', 'car', driver), deps).then([reserved('ride-1')]));

  it('changes nothing when the same ride is reserved again (a retried dispatch)', () =>
    spec([wentOnline, reserved('ride-1')]).when(reserve('ride-1'), deps).thenNothingHappened());

  it('refuses an offline driver', () => spec([]).when(reserve('ride-1'), deps).thenThrows('driver_offline'));

  it('refuses a driver engaged on another ride', () =>
    spec([wentOnline, reserved('ride-1')]).when(reserve('ride-2'), deps).thenThrows('driver_busy'));

  it('refuses a ride for another vehicle type', () =>
    spec([wentOnline]).when(reserve('ride-1', 'light-truck'), deps).thenThrows('vehicle_mismatch', 'light-truck'));

  it('refuses another driver reserving this one, and a passenger or admin', () => {
    spec([wentOnline]).when(reserve('ride-1', 'car', { userId: 'user-other', role: 'driver' }), deps).thenThrows('forbidden');
    spec([wentOnline]).when(reserve('ride-1', 'car', { userId: 'p', role: 'passenger' }), deps).thenThrows('forbidden');
    spec([wentOnline]).when(reserve('ride-1', 'car', admin), deps).thenThrows('forbidden');
  });
});

describe('ReleaseDriver', () => {
  it.each(['ride_append_lost', 'ride_completed', 'ride_cancelled', 'ride_expired'] as const)(
    'frees the driver from the ride (%s) and keeps them online',
    (reason) => {
      spec([wentOnline, reserved('ride-1')]).when(release('ride-1', reason), deps).then([released('ride-1', reason)]);
      const state = fold(driverDutyDecider, [wentOnline, reserved('ride-1'), released('ride-1', reason)]);
      expect(driverDutyStatus(state)).toBe('online');
      expect(state.context.currentRideId).toBeNull();
    },
  );

  it('compensates a reservation whose ride append lost the race, so the driver can be reserved again', () => {
    const history = [wentOnline, reserved('ride-1'), released('ride-1', 'ride_append_lost')];
    spec(history).when(reserve('ride-2'), deps).then([reserved('ride-2')]);
  });

  it('changes nothing for a ride the driver does not hold (a repeated or stale compensation)', () => {
    spec([wentOnline, reserved('ride-1'), released('ride-1', 'ride_completed')]).when(release('ride-1', 'ride_completed'), deps).thenNothingHappened();
    spec([wentOnline, reserved('ride-2')]).when(release('ride-1', 'ride_append_lost'), deps).thenNothingHappened();
  });

  it('may be done by an admin', () =>
    spec([wentOnline, reserved('ride-1')]).when(release('ride-1', 'ride_cancelled', admin), deps).then([released('ride-1', 'ride_cancelled')]));

  it('refuses the driver releasing themselves (they cancel the ride instead)', () =>
    spec([wentOnline, reserved('ride-1')]).when(release('ride-1', 'ride_cancelled', driver), deps).thenThrows('forbidden'));

  it('refuses an unknown reason, naming the field', () =>
    spec([wentOnline, reserved('ride-1')])
      .when(release('ride-1', 'bored' as ReleaseReason), deps)
      .thenThrows('invalid', 'data.reason'));
});

describe('closing the books of a long shift', () => {
  /** A shift of `rides` rides, each reserved and released, as the decider decides them. */
  const longShift = (rides: number) => {
    let state = fold(driverDutyDecider, [wentOnline]);
    const history: DriverDutyEvent[] = [wentOnline];
    for (let ride = 1; ride <= rides; ride++) {
      for (const command of [reserve(`ride-${ride}`), release(`ride-${ride}`, 'ride_completed')]) {
        const events = driverDutyDecider.decide(command, state, deps);
        state = events.reduce(driverDutyDecider.evolve, state);
        history.push(...events);
      }
    }
    return { state, history };
  };

  it(`given ${SHIFT_BOOKS_EVERY} rides since going online, when the next is reserved, the books are closed first, restating the shift`, () => {
    const { history } = longShift(SHIFT_BOOKS_EVERY);
    const state = fold(driverDutyDecider, history);
    expect(driverDutyDecider.decide(reserve('ride-next'), state, deps)).toEqual([
      {
        type: 'DriverShiftCarriedForward',
        data: { driverId: 'driver-1', userId: driver.userId, vehicleType: 'car', onlineSince: now, reservations: SHIFT_BOOKS_EVERY, carriedForwardAt: now },
      },
      reserved('ride-next'),
    ]);
    // One ride fewer: not yet.
    expect(driverDutyDecider.decide(reserve('ride-next'), fold(driverDutyDecider, longShift(SHIFT_BOOKS_EVERY - 1).history), deps)).toEqual([reserved('ride-next')]);
  });

  it('given a shift of many rides, a fold from its last closing reads at most that many rides and gives the state of the whole shift, after every event', () => {
    const { state, history } = longShift(3 * SHIFT_BOOKS_EVERY + 7);
    expect(history.filter((event) => event.type === 'DriverShiftCarriedForward')).toHaveLength(3);
    let resumeAt = 0;
    for (const [index, event] of history.entries()) {
      if (driverDutyDecider.resumesAt!.includes(event.type)) resumeAt = index;
      expect(index - resumeAt, 'events folded from the last resume point').toBeLessThanOrEqual(2 * SHIFT_BOOKS_EVERY + 1);
      const upTo = history.slice(0, index + 1);
      const whole = fold(driverDutyDecider, upTo);
      const stretch = fold(driverDutyDecider, upTo.slice(resumeAt));
      expect({ status: driverDutyStatus(stretch), context: stretch.context }).toEqual({ status: driverDutyStatus(whole), context: whole.context });
    }
    expect(driverDutyStatus(state)).toBe('online');
  });

  it('given a long shift, a driver engaged on a ride is not carried forward: a repeated reservation of that ride changes nothing', () => {
    const { history } = longShift(SHIFT_BOOKS_EVERY);
    spec([...history, reserved('ride-held')]).when(reserve('ride-held'), deps).then([]);
  });
});
