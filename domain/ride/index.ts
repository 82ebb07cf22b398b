/** The ride lifecycle (stream `ride-<rideId>`): machine, events, commands and decider. */
export { rideMachine, MAX_PIN_ATTEMPTS, type RideContext } from './machine.js';
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
export { rideStatus, rideStateName, describeRideState, type RideState, type RideStateName, type RideStatus } from './status.js';
export { requireFitDriver, requireWithinBounds } from './rules.js';
export * from './values.js';

export const rideStreamId = (rideId: string) => `ride-${rideId}`;
