export * from './commands.js';
export * from './decider.js';
export * from './events.js';
export * from './machine.js';
export * from './staleReservation.js';
