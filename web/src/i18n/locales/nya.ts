import type { Translation } from '../translation.js';
import { authNya } from './auth.nya.js';
import { bookingNya } from './booking.nya.js';
import { trackingNya } from './tracking.nya.js';
import { driverNya } from './driver.nya.js';
import { supportNya } from './support.nya.js';
import { paymentsNya } from './payments.nya.js';
import { safetyNya } from './safety.nya.js';
import { commonNya } from './common.nya.js';

/** The whole translation (common part and route sections), for the types and the tests; see en.ts. */
export const nya: Translation = {
  ...commonNya,
  auth: authNya,
  booking: bookingNya,
  tracking: trackingNya,
  driver: driverNya,
  support: supportNya,
  payments: paymentsNya,
  safety: safetyNya,
};
