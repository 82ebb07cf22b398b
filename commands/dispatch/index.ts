/**
 * Dispatch: driver telemetry (latest positions with their H3 cell) and the reactor that offers
 * each ride to the nearest free drivers of its vehicle type.
 */
export {
  recordDriverLocation,
  findDriverLocation,
  findDriverLocations,
  migrateDispatchTelemetry,
  DISPATCH_H3_RESOLUTION,
  type DriverLocationInput,
  type DriverLocationTable,
} from './driverLocations.js';
export { dispatchReactor, defaultDispatchOptions, type DispatchOptions } from './dispatchReactor.js';
export { findNearestDrivers, ringsFor, type NearestDrivers, type NearestDriversQuery } from './nearestDrivers.js';
