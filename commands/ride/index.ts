/**
 * The ride's write side: one plain function per command, `(services, input, context)`.
 * Inputs are validated with `rideInputSchemas` (also the API's request bodies); refusals are
 * DomainErrors, whose code says the HTTP status (see domain/shared/errors.ts).
 */
export { requestRide, quoteRide, rideIdFor, tripPoints, type RequestRideResult } from './requestRide.js';
export { greatCircleTrip, routeTrip, type RoutedTrip } from './routeTrip.js';
export { acceptRide, acceptBid, type AssignmentResult } from './assignment.js';
export {
  dispatchScheduledRide,
  counterOffer,
  declineAllBids,
  arriveAtPickup,
  startTrip,
  reissuePin,
  completeTrip,
  cancelRide,
  expireRide,
  raiseEmergency,
  rateRide,
  type RideHandler,
} from './rideCommands.js';
export { decideOnRide, type RideCommandResult } from './decideOnRide.js';
export { dispatcher } from './driverReservation.js';
export { loadRide, type LoadedRide } from './loadRide.js';
export { entityIdSchema, rideInputSchemas, type RideInput, type RideInputType } from './inputs.js';
