import type { Translation } from '../translation.js';
import { authZh } from './auth.zh.js';
import { bookingZh } from './booking.zh.js';
import { trackingZh } from './tracking.zh.js';
import { driverZh } from './driver.zh.js';
import { supportZh } from './support.zh.js';
import { paymentsZh } from './payments.zh.js';
import { safetyZh } from './safety.zh.js';
import { commonZh } from './common.zh.js';

/** The whole translation (common part and route sections), for the types and the tests; see en.ts. */
export const zh: Translation = {
  ...commonZh,
  auth: authZh,
  booking: bookingZh,
  tracking: trackingZh,
  driver: driverZh,
  support: supportZh,
  payments: paymentsZh,
  safety: safetyZh,
};
