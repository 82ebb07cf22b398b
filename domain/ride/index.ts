/** The ride lifecycle (stream `ride-<rideId>`): machine, events, commands and decider. */
import { streamName } from '../streams.js';
export { rideMachine, MAX_PIN_ATTEMPTS, type RideContext, type RideTimeline } from './machine.js';
export { keepRideState, resumeRideState, type KeptRideState } from './snapshot.js';
export {
  rideEventSchemas,
  rideEventTypes,
  isRideEventType,
  parseRideEvent,
  type Booking,
  type RideEvent,
  type RideEventOf,
  type RideEventType,
} from './events.js';
export {
  rideCommandSchemas,
  rideCommandSchema,
  type RideCommand,
  type ParsedRideCommand,
  type RideCommandOf,
  type RideCommandType,
} from './commands.js';
export { decide, rideDecider } from './decider.js';
export { refusalRecordedIn } from './pin.js';
export { rideStatus, rideStateName, describeRideState, rideWireStatus, type RideState, type RideStateName, type RideStatus } from './status.js';
export { requireFitDriver, requireWithinBounds } from './rules.js';
export * from './values.js';
export { rideActions, type RideActions } from './actions.js';
export { viewerOfRide, type RidePeople, type RideViewer } from './party.js';
export { BOOKING_LIMITS, bookingBreaches, type BookingBreach, type BookingToCheck } from './booking.js';

export const rideStreamId = (rideId: string) => streamName('ride', rideId);
export { rideFactsSchema, rideFactsOf, partyOnRide, hasDriverAndIsOn, type RideFacts } from './facts.js';
