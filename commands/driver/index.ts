/** The driver's duty: going online and offline. (Reservations and releases come from rides and reactors.) */
export { goOnline, goOffline, type DriverInput } from './handlers.js';
