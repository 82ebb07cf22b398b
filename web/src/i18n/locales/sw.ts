import type { Translation } from '../translation.js';
import { authSw } from './auth.sw.js';
import { bookingSw } from './booking.sw.js';
import { trackingSw } from './tracking.sw.js';
import { driverSw } from './driver.sw.js';
import { supportSw } from './support.sw.js';
import { paymentsSw } from './payments.sw.js';
import { safetySw } from './safety.sw.js';
import { commonSw } from './common.sw.js';

/** The whole translation (common part and route sections), for the types and the tests; see en.ts. */
export const sw: Translation = {
  ...commonSw,
  auth: authSw,
  booking: bookingSw,
  tracking: trackingSw,
  driver: driverSw,
  support: supportSw,
  payments: paymentsSw,
  safety: safetySw,
};
