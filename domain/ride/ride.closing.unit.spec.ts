import { describe, it } from 'vitest';
import { DeciderSpecification } from '../shared/spec.js';
import { rideDecider } from './decider.js';
import type { RideEvent } from './events.js';
import {
  accepted,
  admin,
  arrived,
  cancelled,
  command,
  completed,
  driverUser,
  expired,
  inProgress,
  now,
  otherDriverUser,
  otherPassenger,
  pending,
  rideId,
  rider,
  rideScheduled,
  staff,
  system,
} from '../../tests/support/fixtures/ride.js';

const spec = DeciderSpecification.for(rideDecider);
/** Without a code, as drivers, admins and the system cancel: recorded as `other`, the text saying why. */
const cancel = (actor: Parameters<typeof command>[1], reason = 'plans changed') => command('CancelRide', actor, { reason });
const cancelledEvent = (by: 'rider' | 'driver' | 'admin' | 'system', byUserId: string, stage: string, reason = 'plans changed', reasonCode = 'other') =>
  ({ type: 'RideCancelled', data: { rideId, by, byUserId, reasonCode, reason, stage, cancelledAt: now } }) as RideEvent;

describe('CancelRide', () => {
  it.each([
    ['scheduled', [rideScheduled()]],
    ['pending', pending],
    ['accepted', accepted],
    ['arrived', arrived],
  ] as const)('lets the rider cancel a %s ride, recording the stage', (stage, history) =>
    spec(history).when(cancel(rider)).then([cancelledEvent('rider', rider.userId, stage)]));

  it('lets the assigned driver back out, which cancels the ride rather than re-opening the search', () =>
    spec(accepted).when(cancel(driverUser, 'vehicle broke down')).then([cancelledEvent('driver', driverUser.userId, 'accepted', 'vehicle broke down')]));

  it('lets the system cancel a ride before the trip', () =>
    spec(pending).when(cancel(system, 'payment_declined')).then([cancelledEvent('system', system.userId, 'pending', 'payment_declined')]));

  it('lets only an admin void a trip under way', () => {
    spec(inProgress).when(cancel(admin, 'fraud report')).then([cancelledEvent('admin', admin.userId, 'in_progress', 'fraud report')]);
    spec(inProgress).when(cancel(rider)).thenThrows('not_allowed_in_state', 'trip is in progress');
    spec(inProgress).when(cancel(driverUser)).thenThrows('not_allowed_in_state', 'trip is in progress');
    spec(inProgress).when(cancel(system)).thenThrows('not_allowed_in_state', 'trip is in progress');
  });

  it('refuses a driver who is not assigned to the ride', () => {
    spec(pending).when(cancel(driverUser)).thenThrows('forbidden');
    spec(accepted).when(cancel(otherDriverUser)).thenThrows('forbidden');
  });

  it.each([otherPassenger, staff])('refuses $userId', (actor) => spec(pending).when(cancel(actor)).thenThrows('forbidden'));

  it.each([
    ['completed', completed],
    ['cancelled', cancelled],
    ['expired', expired],
  ] as const)('refuses a %s ride', (_, history) => spec(history).when(cancel(admin)).thenThrows('not_allowed_in_state'));

  it('records the reason code the rider chose beside its text', () =>
    spec(pending)
      .when(command('CancelRide', rider, { reasonCode: 'wait_too_long', reason: 'Kudikira nthawi yayitali' }))
      .then([cancelledEvent('rider', rider.userId, 'pending', 'Kudikira nthawi yayitali', 'wait_too_long')]));

  it('refuses a reason code it does not know', () =>
    spec(pending).when(command('CancelRide', rider, { reasonCode: 'bored', reason: 'bored' } as never)).thenThrows('invalid', 'data.reasonCode'));

  it('refuses a blank reason', () => spec(pending).when(cancel(rider, '   ')).thenThrows('invalid', 'data.reason'));
});

describe('RaiseEmergency', () => {
  const location = { lat: -12.81, lng: 28.21 };
  const raised = (raisedBy: 'rider' | 'driver', raisedByUserId: string, stage: string, at: typeof location | null = location) =>
    ({ type: 'EmergencyRaised', data: { rideId, raisedBy, raisedByUserId, stage, location: at, raisedAt: now } }) as RideEvent;

  it('records the rider’s alarm during the trip', () =>
    spec(inProgress).when(command('RaiseEmergency', rider, { location })).then([raised('rider', rider.userId, 'in_progress')]));

  it('records the driver’s alarm at pickup', () =>
    spec(arrived).when(command('RaiseEmergency', driverUser, { location })).then([raised('driver', driverUser.userId, 'arrived')]));

  it('records an alarm while the rider waits for a driver, without a location', () =>
    spec(pending).when(command('RaiseEmergency', rider)).then([raised('rider', rider.userId, 'pending', null)]));

  it('records a second alarm: an emergency is never reset', () =>
    spec([...accepted, raised('rider', rider.userId, 'accepted')])
      .when(command('RaiseEmergency', driverUser, { location }))
      .then([raised('driver', driverUser.userId, 'accepted')]));

  it.each([otherPassenger, otherDriverUser, admin, system])('refuses $userId, who is not on the ride', (actor) =>
    spec(inProgress).when(command('RaiseEmergency', actor, { location })).thenThrows('forbidden'));

  it.each([
    ['scheduled', [rideScheduled()]],
    ['completed', completed],
    ['cancelled', cancelled],
  ] as const)('refuses a %s ride: no trip is active', (_, history) =>
    spec(history).when(command('RaiseEmergency', rider, { location })).thenThrows('not_allowed_in_state'));

  it('refuses a location off the globe', () =>
    spec(inProgress).when(command('RaiseEmergency', rider, { location: { lat: -120, lng: 28 } })).thenThrows('invalid', 'data.location.lat'));
});

describe('RateRide', () => {
  const rated = (by: 'rider' | 'driver', stars: number, comment: string | null = null) =>
    ({
      type: 'RideRated',
      data: {
        rideId,
        by,
        raterUserId: by === 'rider' ? rider.userId : driverUser.userId,
        rateeUserId: by === 'rider' ? driverUser.userId : rider.userId,
        stars,
        comment,
        ratedAt: now,
      },
    }) as RideEvent;

  it('lets the rider rate the driver', () =>
    spec(completed).when(command('RateRide', rider, { stars: 5, comment: 'Smooth ride' })).then([rated('rider', 5, 'Smooth ride')]));

  it('lets the driver rate the rider', () => spec(completed).when(command('RateRide', driverUser, { stars: 4 })).then([rated('driver', 4)]));

  it('takes each direction once, in either order', () => {
    spec([...completed, rated('rider', 5)]).when(command('RateRide', driverUser, { stars: 3 })).then([rated('driver', 3)]);
    spec([...completed, rated('driver', 3)]).when(command('RateRide', rider, { stars: 5 })).then([rated('rider', 5)]);
  });

  it('refuses a second rating by the same party', () => {
    spec([...completed, rated('rider', 5)]).when(command('RateRide', rider, { stars: 1 })).thenThrows('not_allowed_in_state', 'already rated by the rider');
    spec([...completed, rated('driver', 4)])
      .when(command('RateRide', driverUser, { stars: 1 }))
      .thenThrows('not_allowed_in_state', 'already rated by the driver');
  });

  it('refuses a rating before the ride is completed', () =>
    spec(inProgress).when(command('RateRide', rider, { stars: 5 })).thenThrows('not_allowed_in_state', 'trip is in progress'));

  it('refuses a rating of a cancelled ride', () =>
    spec(cancelled).when(command('RateRide', rider, { stars: 1 })).thenThrows('not_allowed_in_state', 'ride is cancelled'));

  it.each([otherPassenger, otherDriverUser, admin, system])('refuses $userId', (actor) =>
    spec(completed).when(command('RateRide', actor, { stars: 5 })).thenThrows('forbidden'));

  it.each([0, 6, 4.5])('refuses %s stars', (stars) =>
    spec(completed).when(command('RateRide', rider, { stars })).thenThrows('invalid', 'data.stars'));
});
