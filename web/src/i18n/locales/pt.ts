import type { Translation } from '../translation.js';
import { authPt } from './auth.pt.js';
import { bookingPt } from './booking.pt.js';
import { trackingPt } from './tracking.pt.js';
import { driverPt } from './driver.pt.js';
import { supportPt } from './support.pt.js';
import { paymentsPt } from './payments.pt.js';
import { safetyPt } from './safety.pt.js';
import { commonPt } from './common.pt.js';

/** The whole translation (common part and route sections), for the types and the tests; see en.ts. */
export const pt: Translation = {
  ...commonPt,
  auth: authPt,
  booking: bookingPt,
  tracking: trackingPt,
  driver: driverPt,
  support: supportPt,
  payments: paymentsPt,
  safety: safetyPt,
};
