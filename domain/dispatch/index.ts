/** Dispatch's record of each ride's search (stream `dispatch-<rideId>`): whom the ride was offered to. */
export * from './commands.js';
export * from './grid.js';
export * from './decider.js';
export * from './events.js';
export * from './machine.js';
