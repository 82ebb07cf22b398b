import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../shared/spec.js';
import { rideDecider } from './decider.js';
import {
  accepted,
  admin,
  arrived,
  biddingRideRequested,
  command,
  completed,
  driverArrived,
  driverAssigned,
  driverUser,
  fitDriver,
  inProgress,
  now,
  otherDriverUser,
  pending,
  pinAttemptFailed,
  pinIssued,
  quote,
  rideId,
  rider,
  system,
  tripStarted,
} from '../../tests/support/fixtures/ride.js';
import { refusalRecordedIn } from './pin.js';

const spec = DeciderSpecification.for(rideDecider);
const driverId = fitDriver.driverId;
/** The arrived history's PIN (fixtures' pinIssued()). */
const rightPin = '4821';
const startTrip = (pin: string, actor = driverUser) => command('StartTrip', actor, { pin });
const fourWrongTries = [1, 2, 3, 4].map(pinAttemptFailed);

describe('ArriveAtPickup', () => {
  it('records the assigned driver’s arrival', () =>
    spec(accepted)
      .when(command('ArriveAtPickup', driverUser))
      .then([{ type: 'DriverArrived', data: { rideId, driverId, arrivedAt: now } }]));

  it.each([otherDriverUser, rider, admin, system])('refuses $userId, who is not the assigned driver', (actor) =>
    spec(accepted).when(command('ArriveAtPickup', actor)).thenThrows('forbidden'));

  it('refuses every driver while none is assigned', () =>
    spec(pending).when(command('ArriveAtPickup', driverUser)).thenThrows('forbidden'));

  it('refuses a second arrival', () =>
    spec(arrived).when(command('ArriveAtPickup', driverUser)).thenThrows('not_allowed_in_state', 'driver has arrived'));
});

describe('StartTrip', () => {
  it('starts the trip with the rider’s PIN', () =>
    spec(arrived).when(startTrip(rightPin)).then([{ type: 'TripStarted', data: { rideId, driverId, startedAt: now } }]));

  it('records a wrong PIN as a failed attempt, which the handler answers with pin_incorrect', () => {
    spec(arrived)
      .when(startTrip('1111'))
      .then([{ type: 'PinAttemptFailed', data: { rideId, driverId, attempt: 1, attemptsLeft: 4, failedAt: now } }]);
    const refusal = refusalRecordedIn([pinAttemptFailed(1)]);
    expect(refusal?.code).toBe('pin_incorrect');
    expect(refusal?.details).toEqual({ attemptsLeft: 4 });
  });

  it('locks on the fifth wrong PIN', () => {
    spec([...arrived, ...fourWrongTries])
      .when(startTrip('1111'))
      .then([{ type: 'PinAttemptFailed', data: { rideId, driverId, attempt: 5, attemptsLeft: 0, failedAt: now } }]);
    expect(refusalRecordedIn([pinAttemptFailed(5)])?.code).toBe('pin_locked');
  });

  it('refuses even the right PIN once locked', () =>
    spec([...arrived, ...fourWrongTries, pinAttemptFailed(5)]).when(startTrip(rightPin)).thenThrows('pin_locked'));

  it('accepts the new PIN after the rider reissues it, with the count reset', () => {
    const reissued = [...arrived, ...fourWrongTries, pinAttemptFailed(5), pinIssued('7310', 'reissued_by_rider')];
    spec(reissued).when(startTrip('7310')).then([{ type: 'TripStarted', data: { rideId, driverId, startedAt: now } }]);
    spec(reissued)
      .when(startTrip(rightPin))
      .then([{ type: 'PinAttemptFailed', data: { rideId, driverId, attempt: 1, attemptsLeft: 4, failedAt: now } }]);
  });

  it('refuses a start before the driver has arrived', () =>
    spec(accepted).when(startTrip(rightPin)).thenThrows('not_allowed_in_state', 'ride is accepted'));

  it.each([otherDriverUser, rider, admin])('refuses $userId', (actor) =>
    spec(arrived).when(startTrip(rightPin, actor)).thenThrows('forbidden'));

  it('refuses a PIN that is not 4 digits', () => spec(arrived).when(startTrip('48a1')).thenThrows('invalid', 'data.pin'));

  it('no refusal is recorded when the trip started', () =>
    expect(refusalRecordedIn([{ type: 'TripStarted', data: { rideId, driverId, startedAt: now } }])).toBeNull());
});

describe('ReissuePin', () => {
  it('gives the rider a new PIN', () =>
    spec(accepted)
      .when(command('ReissuePin', rider))
      .then([{ type: 'PinIssued', data: { rideId, pin: '5500', reason: 'reissued_by_rider', issuedAt: now } }]));

  it('lifts a lock at pickup', () =>
    spec([...arrived, ...fourWrongTries, pinAttemptFailed(5)])
      .when(command('ReissuePin', rider))
      .then([{ type: 'PinIssued', data: { rideId, pin: '5500', reason: 'reissued_by_rider', issuedAt: now } }]));

  it.each([driverUser, admin, system])('refuses $userId: only the rider ever sees the PIN', (actor) =>
    spec(accepted).when(command('ReissuePin', actor)).thenThrows('forbidden'));

  it('refuses while no driver is assigned', () =>
    spec(pending).when(command('ReissuePin', rider)).thenThrows('not_allowed_in_state', 'ride is pending'));

  it('refuses once the trip is under way', () =>
    spec(inProgress).when(command('ReissuePin', rider)).thenThrows('not_allowed_in_state', 'trip is in progress'));
});

describe('CompleteTrip', () => {
  it('completes at the agreed fare with the distance and duration driven', () =>
    spec(inProgress)
      .when(command('CompleteTrip', driverUser, { distanceKm: 6.4, durationMinutes: 17 }))
      .then([
        {
          type: 'TripCompleted',
          data: { rideId, driverId, finalFareNgwee: quote.totalNgwee, distanceKm: 6.4, durationMinutes: 17, completedAt: now },
        },
      ]));

  it('completes a bidding ride at the accepted bid, not the quote', () =>
    spec([
      biddingRideRequested(),
      { type: 'BidAccepted', data: { rideId, bidId: 'bid-1', driverId, agreedFareNgwee: 4_500, acceptedAt: now } },
      driverAssigned(fitDriver, 4_500),
      pinIssued(),
      driverArrived,
      tripStarted,
    ])
      .when(command('CompleteTrip', driverUser))
      .then([
        {
          type: 'TripCompleted',
          data: { rideId, driverId, finalFareNgwee: 4_500, distanceKm: null, durationMinutes: null, completedAt: now },
        },
      ]));

  it('completes without measurements', () =>
    spec(inProgress)
      .when(command('CompleteTrip', driverUser))
      .then([
        {
          type: 'TripCompleted',
          data: { rideId, driverId, finalFareNgwee: quote.totalNgwee, distanceKm: null, durationMinutes: null, completedAt: now },
        },
      ]));

  it.each([rider, otherDriverUser, admin])('refuses $userId', (actor) =>
    spec(inProgress).when(command('CompleteTrip', actor)).thenThrows('forbidden'));

  it('refuses a trip that has not started', () =>
    spec(arrived).when(command('CompleteTrip', driverUser)).thenThrows('not_allowed_in_state', 'driver has arrived'));

  it('refuses a second completion', () =>
    spec(completed).when(command('CompleteTrip', driverUser)).thenThrows('not_allowed_in_state', 'ride is completed'));

  it('refuses a negative distance', () =>
    spec(inProgress).when(command('CompleteTrip', driverUser, { distanceKm: -1 })).thenThrows('invalid', 'data.distanceKm'));
});
