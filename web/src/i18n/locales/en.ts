import { authEn } from './auth.en.js';
import { bookingEn } from './booking.en.js';
import { trackingEn } from './tracking.en.js';
import { driverEn } from './driver.en.js';
import { supportEn } from './support.en.js';
import { paymentsEn } from './payments.en.js';
import { safetyEn } from './safety.en.js';
import { commonEn } from './common.en.js';

/**
 * English: the source text and the fallback. Every other language supplies exactly these keys
 * (the `Translation` type checks it at compile time, translations.unit.spec.ts at test time).
 * `{{name}}` marks a value filled in at run time; a translation keeps the same placeholders.
 * The app loads the common part with the first page and each route section with its routes
 * (i18n/sections.ts); this whole object is what the types and the tests check against.
 */
export const en = {
  ...commonEn,
  auth: authEn,
  booking: bookingEn,
  tracking: trackingEn,
  driver: driverEn,
  support: supportEn,
  payments: paymentsEn,
  safety: safetyEn,
};
