/**
 * Messages between the rider and the driver (stream `rideMessages-<rideId>`): open from the
 * driver's assignment to the end of the ride, no phone numbers, readable by the two of them and
 * by an admin handling an incident on the ride.
 */
export * from './text.js';
export * from './events.js';
export * from './commands.js';
export { rideConversationMachine, type RideConversationContext } from './machine.js';
export { decide, mayReadRideMessages, rideMessagesDecider, rideMessagesStream, unreadCount, type RideConversationState } from './decider.js';
