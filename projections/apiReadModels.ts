import { adminActivityProjection, type AdminActivityTables } from './adminActivity/index.js';
import { driverEarningsProjection, type DriverEarningsTables } from './driverEarnings/index.js';
import { driverProfilesProjection, type DriverProfilesTables } from './driverProfiles/index.js';
import { paymentsProjection, type PaymentsTables } from './payments/index.js';
import { platformStatsProjection, type PlatformStatsTables } from './platformStats/index.js';
import { ridePinsProjection, type RidePinsTables } from './ridePins/index.js';
import { ridesProjection, type RidesTables } from './rides/index.js';
import { routeEncodingsProjection, type RouteEncodingsTables } from './routeEncodings/index.js';
import { safetyProjection, type SafetyTables } from './safety/index.js';
import type { Projection } from './runner/projection.js';

/** The tables of the read models the API serves. */
export type ApiReadModelsTables = RidesTables &
  RidePinsTables &
  DriverProfilesTables &
  DriverEarningsTables &
  PlatformStatsTables &
  RouteEncodingsTables &
  AdminActivityTables &
  SafetyTables &
  PaymentsTables;

/** The read models the API serves (rides, PINs, drivers, earnings, the admin dashboard and its activity feed, route encodings, the safety net, payments). */
export const apiReadModels: readonly Projection[] = [
  ridesProjection,
  ridePinsProjection,
  driverProfilesProjection,
  driverEarningsProjection,
  platformStatsProjection,
  routeEncodingsProjection,
  adminActivityProjection,
  safetyProjection,
  paymentsProjection,
];
