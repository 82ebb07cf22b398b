import { adminActivityProjection } from './adminActivity/index.js';
import { driverEarningsProjection } from './driverEarnings/index.js';
import { driverProfilesProjection } from './driverProfiles/index.js';
import { paymentsProjection } from './payments/index.js';
import { platformStatsProjection } from './platformStats/index.js';
import { ridePinsProjection } from './ridePins/index.js';
import { ridesProjection } from './rides/index.js';
import { routeEncodingsProjection } from './routeEncodings/index.js';
import { safetyProjection } from './safety/index.js';
import type { Projection } from './runner/projection.js';

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
