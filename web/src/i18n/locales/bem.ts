import type { Translation } from '../translation.js';
import { authBem } from './auth.bem.js';
import { bookingBem } from './booking.bem.js';
import { trackingBem } from './tracking.bem.js';
import { driverBem } from './driver.bem.js';
import { supportBem } from './support.bem.js';
import { paymentsBem } from './payments.bem.js';
import { safetyBem } from './safety.bem.js';
import { commonBem } from './common.bem.js';

/** The whole translation (common part and route sections), for the types and the tests; see en.ts. */
export const bem: Translation = {
  ...commonBem,
  auth: authBem,
  booking: bookingBem,
  tracking: trackingBem,
  driver: driverBem,
  support: supportBem,
  payments: paymentsBem,
  safety: safetyBem,
};
