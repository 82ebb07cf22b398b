import { describe, it } from 'vitest';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import { rideDecider } from './decider.js';
import {
  accepted,
  admin,
  biddingRideRequested,
  cancelled,
  command,
  driverUser,
  fitDriver,
  now,
  otherDriverUser,
  otherFitDriver,
  pending,
  quote,
  rideId,
  rider,
  rideScheduled,
  system,
} from '../../tests/support/fixtures/ride.js';

const spec = DeciderSpecification.for(rideDecider);
const acceptRide = (driver = fitDriver, actor = driverUser) =>
  command('AcceptRide', actor, { driver });

describe('AcceptRide', () => {
  it('assigns the driver at the locked quote and issues the rider a PIN', () =>
    spec(pending)
      .when(acceptRide())
      .then([
        {
          type: 'DriverAssigned',
          data: { rideId, driverId: fitDriver.driverId, driverUserId: fitDriver.userId, agreedFareNgwee: quote.totalNgwee, assignedAt: now },
        },
        { type: 'PinIssued', data: { rideId, pin: '5500', reason: 'driver_assigned', issuedAt: now } },
      ]));

  it('draws the PIN from 1000 to 9999', () => {
    const pinFrom = (random: number) =>
      spec(pending)
        .when(acceptRide(), fixedDeps({ random }))
        .then([
          {
            type: 'DriverAssigned',
            data: { rideId, driverId: fitDriver.driverId, driverUserId: fitDriver.userId, agreedFareNgwee: quote.totalNgwee, assignedAt: now },
          },
          { type: 'PinIssued', data: { rideId, pin: random === 0 ? '1000' : '9999', reason: 'driver_assigned', issuedAt: now } },
        ]);
    pinFrom(0);
    pinFrom(0.99999999);
  });

  it.each([rider, admin, system])('refuses a $role', (actor) =>
    spec(pending).when(command('AcceptRide', actor, { driver: fitDriver })).thenThrows('forbidden'));

  it('refuses a driver accepting in another driver’s name', () =>
    spec(pending).when(acceptRide(fitDriver, otherDriverUser)).thenThrows('forbidden'));

  it('refuses a bidding ride: its driver is chosen from the bids', () =>
    spec([biddingRideRequested()]).when(acceptRide()).thenThrows('not_allowed_in_state', 'ride takes bids'));

  it('refuses a second driver once one is assigned', () =>
    spec(accepted).when(acceptRide(otherFitDriver, otherDriverUser)).thenThrows('not_allowed_in_state', 'ride is accepted'));

  it('refuses a scheduled ride before its dispatch', () =>
    spec([rideScheduled()]).when(acceptRide()).thenThrows('not_allowed_in_state', 'ride is scheduled'));

  it('refuses a cancelled ride', () => spec(cancelled).when(acceptRide()).thenThrows('not_allowed_in_state', 'ride is cancelled'));

  it('refuses a ride that does not exist', () => spec([]).when(acceptRide()).thenThrows('not_found'));

  it('refuses an unverified driver', () =>
    spec(pending).when(acceptRide({ ...fitDriver, verified: false })).thenThrows('driver_not_verified'));

  it('refuses an offline driver', () => spec(pending).when(acceptRide({ ...fitDriver, online: false })).thenThrows('driver_offline'));

  it('refuses a driver engaged on another ride', () => spec(pending).when(acceptRide({ ...fitDriver, busy: true })).thenThrows('driver_busy'));

  it('refuses a driver with another kind of vehicle', () =>
    spec(pending).when(acceptRide({ ...fitDriver, vehicleType: 'motorcycle' })).thenThrows('vehicle_mismatch'));

  it('refuses facts that name no driver', () =>
    spec(pending).when(acceptRide({ ...fitDriver, driverId: '' })).thenThrows('invalid', 'data.driver.driverId'));
});
