import type { Translation } from '../translation.js';
import { authFr } from './auth.fr.js';
import { bookingFr } from './booking.fr.js';
import { trackingFr } from './tracking.fr.js';
import { driverFr } from './driver.fr.js';
import { supportFr } from './support.fr.js';
import { paymentsFr } from './payments.fr.js';
import { safetyFr } from './safety.fr.js';
import { commonFr } from './common.fr.js';

/** The whole translation (common part and route sections), for the types and the tests; see en.ts. */
export const fr: Translation = {
  ...commonFr,
  auth: authFr,
  booking: bookingFr,
  tracking: trackingFr,
  driver: driverFr,
  support: supportFr,
  payments: paymentsFr,
  safety: safetyFr,
};
