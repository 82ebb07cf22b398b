import { describe, it } from 'vitest';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import { rideDecider } from './decider.js';
import {
  accepted,
  booking,
  cancelled,
  command,
  minutesAfter,
  minutesBefore,
  now,
  otherPassenger,
  pending,
  quote,
  requestRide,
  rideScheduled,
  rider,
  staff,
  system,
  driverUser,
  admin,
} from '../../tests/support/fixtures/ride.js';

const spec = DeciderSpecification.for(rideDecider);

describe('RequestRide', () => {
  it('requests a fixed-price ride with the quote locked in', () =>
    spec([]).when(requestRide()).then([{ type: 'RideRequested', data: booking({ requestedAt: now }) }]));

  it('requests a bidding ride with the rider’s proposal', () =>
    spec([])
      .when(requestRide({ pricingMethod: 'bidding', proposedFareNgwee: 3_500 }))
      .then([{ type: 'RideRequested', data: booking({ pricingMethod: 'bidding', proposedFareNgwee: 3_500, requestedAt: now }) }]));

  it('schedules a ride booked for later', () =>
    spec([])
      .when(requestRide({ scheduledFor: minutesAfter(90) }))
      .then([{ type: 'RideScheduled', data: { ...booking({ requestedAt: now }), scheduledFor: minutesAfter(90) } }]));

  it('books a courier delivery by package size with stops', () =>
    spec([])
      .when(
        requestRide({
          vehicleType: 'motorcycle',
          passengerCount: null,
          packageSize: 'small',
          stops: [{ address: 'Kitwe Central Hospital', lat: -12.81, lng: 28.22 }],
        }),
      )
      .then([
        {
          type: 'RideRequested',
          data: booking({
            vehicleType: 'motorcycle',
            passengerCount: null,
            packageSize: 'small',
            stops: [{ address: 'Kitwe Central Hospital', lat: -12.81, lng: 28.22, notes: null }],
            requestedAt: now,
          }),
        },
      ]));

  it.each([driverUser, admin, staff, system])('refuses a request made by a $role', (actor) =>
    spec([]).when(requestRide({}, actor)).thenThrows('forbidden'));

  it('refuses a passenger booking in another rider’s name', () =>
    spec([]).when(requestRide({}, otherPassenger)).thenThrows('forbidden'));

  it('refuses a ride id that is already taken', () =>
    spec(pending).when(requestRide()).thenThrows('not_allowed_in_state', 'while the ride is pending'));

  it('refuses bad input naming the field', () =>
    spec([])
      .when(requestRide({ pickup: { address: '  ', lat: -12.8, lng: 28.2 } }))
      .thenThrows('invalid', 'data.pickup.address'));

  it('refuses a vehicle the catalogue does not know', () =>
    spec([]).when(requestRide({ vehicleType: 'rickshaw' as never })).thenThrows('invalid', 'data.vehicleType'));

  it('refuses a bidding ride without a proposal', () =>
    spec([]).when(requestRide({ pricingMethod: 'bidding' })).thenThrows('invalid', 'proposedFareNgwee'));

  it('refuses a proposal on a fixed-price ride', () =>
    spec([]).when(requestRide({ proposedFareNgwee: 2_500 })).thenThrows('invalid', 'proposedFareNgwee'));

  it('refuses a proposal below the floor', () =>
    spec([])
      .when(requestRide({ pricingMethod: 'bidding', proposedFareNgwee: quote.floorNgwee - 10 }))
      .thenThrows('proposal_below_floor'));

  it('refuses a proposal above the ceiling', () =>
    spec([])
      .when(requestRide({ pricingMethod: 'bidding', proposedFareNgwee: quote.ceilingNgwee + 10 }))
      .thenThrows('proposal_above_ceiling'));

  it('accepts proposals exactly at the bounds', () => {
    for (const proposedFareNgwee of [quote.floorNgwee, quote.ceilingNgwee]) {
      spec([])
        .when(requestRide({ pricingMethod: 'bidding', proposedFareNgwee }))
        .then([{ type: 'RideRequested', data: booking({ pricingMethod: 'bidding', proposedFareNgwee, requestedAt: now }) }]);
    }
  });

  it('refuses both a passenger count and a package size', () =>
    spec([]).when(requestRide({ packageSize: 'large' })).thenThrows('invalid', 'passengerCount'));

  it('refuses neither a passenger count nor a package size', () =>
    spec([]).when(requestRide({ passengerCount: null })).thenThrows('invalid', 'passengerCount'));

  it('refuses a schedule in the past', () =>
    spec([]).when(requestRide({ scheduledFor: minutesBefore(1) })).thenThrows('invalid', 'scheduledFor'));

  it('refuses a quote whose bounds do not contain its total', () =>
    spec([])
      .when(requestRide({ quote: { ...quote, floorNgwee: quote.totalNgwee + 1 } }))
      .thenThrows('invalid', 'data.quote.totalNgwee'));
});

describe('DispatchScheduledRide', () => {
  it('starts the search for a scheduled ride', () =>
    spec([rideScheduled()])
      .when(command('DispatchScheduledRide', system))
      .then([{ type: 'ScheduledRideDispatched', data: { rideId: 'ride-kitwe-0001', dispatchedAt: now } }]));

  it.each([rider, admin, driverUser])('refuses a dispatch by a $role', (actor) =>
    spec([rideScheduled()]).when(command('DispatchScheduledRide', actor)).thenThrows('forbidden'));

  it('refuses a ride that was never scheduled', () =>
    spec(pending).when(command('DispatchScheduledRide', system)).thenThrows('not_allowed_in_state', 'ride is pending'));

  it('refuses a ride that does not exist', () =>
    spec([]).when(command('DispatchScheduledRide', system)).thenThrows('not_found'));
});

describe('ExpireRide', () => {
  const window = { searchWindowSeconds: 600 };

  it('expires a ride nobody took within the search window', () =>
    spec([{ type: 'RideRequested', data: booking({ requestedAt: minutesBefore(10) }) }])
      .when(command('ExpireRide', system, window))
      .then([{ type: 'RideExpired', data: { rideId: 'ride-kitwe-0001', searchStartedAt: minutesBefore(10), expiredAt: now } }]));

  it('counts a scheduled ride’s window from its dispatch', () =>
    spec([
      rideScheduled(minutesBefore(5)),
      { type: 'ScheduledRideDispatched', data: { rideId: 'ride-kitwe-0001', dispatchedAt: minutesBefore(9) } },
    ])
      .when(command('ExpireRide', system, window))
      .thenThrows('not_allowed_in_state', `search is open until ${minutesAfter(1)}`));

  it('refuses while the search window is still open', () =>
    spec(pending).when(command('ExpireRide', system, window)).thenThrows('not_allowed_in_state', 'search is open until'));

  it('refuses once a driver is assigned', () =>
    spec(accepted).when(command('ExpireRide', system, window)).thenThrows('not_allowed_in_state', 'ride is accepted'));

  it('refuses a cancelled ride', () =>
    spec(cancelled).when(command('ExpireRide', system, window)).thenThrows('not_allowed_in_state', 'ride is cancelled'));

  it.each([rider, admin])('refuses an expiry by a $role', (actor) =>
    spec(pending).when(command('ExpireRide', actor, window)).thenThrows('forbidden'));
});
