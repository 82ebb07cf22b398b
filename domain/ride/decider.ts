import { assertNever, parseOrInvalid } from '../shared/command.js';
import { foldThrough, type DecideDeps, type Decider } from '../shared/index.js';
import { rideCommandSchema, type RideCommand } from './commands.js';
import { acceptBid, acceptRide, counterOffer, declineAllBids, dispatchScheduledRide, expireRide, requestRide } from './decideBooking.js';
import { arriveAtPickup, cancelRide, completeTrip, raiseEmergency, rateRide, reissuePin, startTrip } from './decideTrip.js';
import type { RideEvent } from './events.js';
import { rideMachine } from './machine.js';
import type { RideState } from './status.js';

/**
 * The events a ride command causes, or a DomainError. Checks run in one order everywhere: the
 * command parses (invalid, naming the field), the ride exists (not_found), the actor may issue the command on this ride (forbidden), the machine's
 * current state accepts the resulting event (not_allowed_in_state), then the business rules.
 */
export function decide(input: RideCommand, state: RideState, deps: DecideDeps): RideEvent[] {
  const command = parseOrInvalid(rideCommandSchema, input);
  switch (command.type) {
    case 'RequestRide':
      return requestRide(command, state, deps);
    case 'DispatchScheduledRide':
      return dispatchScheduledRide(command, state, deps);
    case 'CounterOffer':
      return counterOffer(command, state, deps);
    case 'AcceptRide':
      return acceptRide(command, state, deps);
    case 'AcceptBid':
      return acceptBid(command, state, deps);
    case 'DeclineAllBids':
      return declineAllBids(command, state, deps);
    case 'ExpireRide':
      return expireRide(command, state, deps);
    case 'ArriveAtPickup':
      return arriveAtPickup(command, state, deps);
    case 'StartTrip':
      return startTrip(command, state, deps);
    case 'ReissuePin':
      return reissuePin(command, state, deps);
    case 'CompleteTrip':
      return completeTrip(command, state, deps);
    case 'CancelRide':
      return cancelRide(command, state, deps);
    case 'RaiseEmergency':
      return raiseEmergency(command, state, deps);
    case 'RateRide':
      return rateRide(command, state, deps);
    default:
      return assertNever(command);
  }
}

export const rideDecider: Decider<RideState, RideCommand, RideEvent> = {
  ...foldThrough(rideMachine),
  decide,
};
