/**
 * Ride checks (stream `rideChecks-<rideId>`): what the driver's positions during a trip say is
 * worth asking the rider about, and the rider's answer or silence. Need Help or silence is what
 * raises an incident (domain/incident's `causeFromRideCheck`).
 */
export * from './detection.js';
export {
  rideCheckEventSchemas,
  rideCheckEventTypes,
  rideCheckAnswers,
  rideCheckAnswerSchema,
  isRideCheckEventType,
  parseRideCheckEvent,
  type RideCheckAnswer,
  type RideCheckEvent,
  type RideCheckEventOf,
  type RideCheckEventType,
} from './events.js';
export {
  rideCheckCommandSchemas,
  rideCheckCommandSchema,
  MAX_POSITIONS_PER_CHECK,
  type RideCheckCommand,
  type RideCheckCommandOf,
  type RideCheckCommandType,
  type ParsedRideCheckCommand,
} from './commands.js';
export { rideChecksMachine, MAX_OPEN_RIDE_CHECKS, RIDE_CHECK_ANSWER_SECONDS, type RideCheck, type RideChecksContext } from './machine.js';
export { decide, rideChecksDecider } from './decider.js';
export { checksAwaitingAnswer, describeRideChecksState, rideCheckIdFor, rideChecksStream, type RideChecksState } from './status.js';
