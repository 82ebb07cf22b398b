import { DomainError, notAllowedInState, type DecideDeps } from '../shared/index.js';
import type { RideCommandOf } from './commands.js';
import type { RideEvent } from './events.js';
import { MAX_PIN_ATTEMPTS } from './machine.js';
import { pinIssued } from './pin.js';
import { requireParty, requirePossible, requireRide, type ExistingRide } from './rules.js';
import { describeRideState, rideWireStatus, type RideState } from './status.js';
import { cancellableStageSchema, type CancellableStage } from './values.js';

/** From the driver's arrival to the ride's end: PIN, trip, cancellation, emergencies, ratings. */

export function arriveAtPickup(command: RideCommandOf<'ArriveAtPickup'>, state: RideState, deps: DecideDeps): RideEvent[] {
  const ride = requireRide(state, command);
  requireParty(command, ride, ['driver']);
  const event: RideEvent = {
    type: 'DriverArrived',
    data: { rideId: ride.booking.rideId, driverId: assignedDriverId(ride), arrivedAt: deps.now.toISOString() },
  };
  requirePossible(state, command, event);
  return [event];
}

/** A wrong PIN is answered with a recorded PinAttemptFailed (see refusalRecordedIn), not a throw. */
export function startTrip(command: RideCommandOf<'StartTrip'>, state: RideState, deps: DecideDeps): RideEvent[] {
  const ride = requireRide(state, command);
  requireParty(command, ride, ['driver']);
  if (state.matches({ arrived: 'pinLocked' })) {
    throw new DomainError('pin_locked', `too many wrong PINs: the rider must reissue the PIN before the trip can start`);
  }
  const rideId = ride.booking.rideId;
  const driverId = assignedDriverId(ride);
  const now = deps.now.toISOString();
  const started: RideEvent = { type: 'TripStarted', data: { rideId, driverId, startedAt: now } };
  requirePossible(state, command, started);
  if (command.data.pin === ride.pin) return [started];
  const attempt = ride.pinFailedAttempts + 1;
  return [{ type: 'PinAttemptFailed', data: { rideId, driverId, attempt, attemptsLeft: MAX_PIN_ATTEMPTS - attempt, failedAt: now } }];
}

/** Only the rider sees the PIN, so only the rider can replace it (which also lifts a lock). */
export function reissuePin(command: RideCommandOf<'ReissuePin'>, state: RideState, deps: DecideDeps): RideEvent[] {
  const ride = requireRide(state, command);
  requireParty(command, ride, ['rider']);
  const event = pinIssued(ride.booking.rideId, 'reissued_by_rider', deps);
  requirePossible(state, command, event);
  return [event];
}

export function completeTrip(command: RideCommandOf<'CompleteTrip'>, state: RideState, deps: DecideDeps): RideEvent[] {
  const ride = requireRide(state, command);
  requireParty(command, ride, ['driver']);
  const event: RideEvent = {
    type: 'TripCompleted',
    data: {
      rideId: ride.booking.rideId,
      driverId: assignedDriverId(ride),
      finalFareNgwee: ride.agreedFareNgwee ?? ride.booking.quote.totalNgwee,
      distanceKm: command.data.distanceKm,
      durationMinutes: command.data.durationMinutes,
      completedAt: deps.now.toISOString(),
    },
  };
  requirePossible(state, command, event);
  return [event];
}

/**
 * The rider, the assigned driver, an admin or the system may cancel before the trip starts; once
 * it is under way only an admin can (the machine's `isCancelledByAdmin`). A driver who backs out
 * after assignment cancels the ride itself rather than returning it to the search: a ride has at
 * most one driver ever, so its PIN, agreed fare and audit trail stay unambiguous; re-requesting
 * is a new ride.
 */
export function cancelRide(command: RideCommandOf<'CancelRide'>, state: RideState, deps: DecideDeps): RideEvent[] {
  const ride = requireRide(state, command);
  const by = requireParty(command, ride, ['rider', 'driver', 'admin', 'system']);
  const event: RideEvent = {
    type: 'RideCancelled',
    data: {
      rideId: ride.booking.rideId,
      by,
      byUserId: command.actor.userId,
      reasonCode: command.data.reasonCode,
      reason: command.data.reason,
      stage: requireOpenStage(state, command.type),
      cancelledAt: deps.now.toISOString(),
    },
  };
  requirePossible(state, command, event);
  return [event];
}

/** Recorded in any active state without changing it; the flag it sets is never reset. */
export function raiseEmergency(command: RideCommandOf<'RaiseEmergency'>, state: RideState, deps: DecideDeps): RideEvent[] {
  const ride = requireRide(state, command);
  const raisedBy = requireParty(command, ride, ['rider', 'driver']);
  const event: RideEvent = {
    type: 'EmergencyRaised',
    data: {
      rideId: ride.booking.rideId,
      raisedBy,
      raisedByUserId: command.actor.userId,
      stage: requireOpenStage(state, command.type),
      location: command.data.location,
      raisedAt: deps.now.toISOString(),
    },
  };
  requirePossible(state, command, event);
  return [event];
}

/** After completion the rider rates the driver and the driver the rider, once each. */
export function rateRide(command: RideCommandOf<'RateRide'>, state: RideState, deps: DecideDeps): RideEvent[] {
  const ride = requireRide(state, command);
  const by = requireParty(command, ride, ['rider', 'driver']);
  const alreadyRated = by === 'rider' ? ride.ratings.byRider !== null : ride.ratings.byDriver !== null;
  if (state.matches('completed') && alreadyRated) throw notAllowedInState(command.type, `ride is already rated by the ${by}`);
  const event: RideEvent = {
    type: 'RideRated',
    data: {
      rideId: ride.booking.rideId,
      by,
      raterUserId: command.actor.userId,
      rateeUserId: by === 'rider' ? (ride.driver?.userId ?? '') : ride.booking.riderId,
      stars: command.data.stars,
      comment: command.data.comment,
      ratedAt: deps.now.toISOString(),
    },
  };
  requirePossible(state, command, event);
  return [event];
}

/** The party check already proved a driver is assigned when the actor is the driver. */
function assignedDriverId(ride: ExistingRide): string {
  return ride.driver?.driverId ?? '';
}

function requireOpenStage(state: RideState, commandType: string): CancellableStage {
  const stage = cancellableStageSchema.safeParse(rideWireStatus(state));
  if (!stage.success) throw notAllowedInState(commandType, describeRideState(state));
  return stage.data;
}
