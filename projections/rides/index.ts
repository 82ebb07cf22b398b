export { ridesProjection } from './projection.js';
export { foldRide, foldRideStream, nearestCity } from './foldRide.js';
export {
  liveRideStatuses,
  liveRides,
  pendingRidesForVehicleType,
  rideById,
  ridesFiltered,
  ridesForDriver,
  ridesForRider,
  riderHasRiddenWith,
  type Page,
  type RideFilter,
} from './queries.js';
export type { RideRow, RidesTables, RideWireStatus } from './rides.table.js';
