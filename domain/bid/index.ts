/**
 * The bid lifecycle (stream `bid-<rideId>_<driverId>`): one stream per driver per ride, so one
 * live bid per driver per ride; a withdrawn or expired bid may be placed again in the same stream.
 */
export { bidMachine, type BidContext } from './machine.js';
export {
  bidEventSchemas,
  bidEventTypes,
  bidRejectionReasons,
  isBidEventType,
  parseBidEvent,
  type BidEvent,
  type BidEventOf,
  type BidEventType,
} from './events.js';
export {
  bidCommandSchemas,
  bidCommandSchema,
  type BidCommand,
  type BidCommandOf,
  type BidCommandType,
  type ParsedBidCommand,
} from './commands.js';
export { decide, bidDecider } from './decider.js';
export { bidStatus, bidStatuses, describeBidState, bidIdFor, bidStreamId, type BidState, type BidStatus } from './status.js';
