import type { LanguageCode } from './languages.js';
import type { RouteSection, Translation } from './translation.js';

type SectionLoaders = { [S in RouteSection]: Record<LanguageCode, () => Promise<Translation[S]>> };

/**
 * Each route section in each language is its own chunk: a phone downloads the sign-in texts when
 * it opens /auth, and only in the language on screen. Listed one by one (not globbed) so the
 * compiler checks that every language has every section.
 */
export const routeSectionLoaders: SectionLoaders = {
  auth: {
    en: () => import('./locales/auth.en.js').then((module) => module.authEn),
    fr: () => import('./locales/auth.fr.js').then((module) => module.authFr),
    pt: () => import('./locales/auth.pt.js').then((module) => module.authPt),
    sw: () => import('./locales/auth.sw.js').then((module) => module.authSw),
    zh: () => import('./locales/auth.zh.js').then((module) => module.authZh),
    nya: () => import('./locales/auth.nya.js').then((module) => module.authNya),
    bem: () => import('./locales/auth.bem.js').then((module) => module.authBem),
  },
  booking: {
    en: () => import('./locales/booking.en.js').then((module) => module.bookingEn),
    fr: () => import('./locales/booking.fr.js').then((module) => module.bookingFr),
    pt: () => import('./locales/booking.pt.js').then((module) => module.bookingPt),
    sw: () => import('./locales/booking.sw.js').then((module) => module.bookingSw),
    zh: () => import('./locales/booking.zh.js').then((module) => module.bookingZh),
    nya: () => import('./locales/booking.nya.js').then((module) => module.bookingNya),
    bem: () => import('./locales/booking.bem.js').then((module) => module.bookingBem),
  },
  tracking: {
    en: () => import('./locales/tracking.en.js').then((module) => module.trackingEn),
    fr: () => import('./locales/tracking.fr.js').then((module) => module.trackingFr),
    pt: () => import('./locales/tracking.pt.js').then((module) => module.trackingPt),
    sw: () => import('./locales/tracking.sw.js').then((module) => module.trackingSw),
    zh: () => import('./locales/tracking.zh.js').then((module) => module.trackingZh),
    nya: () => import('./locales/tracking.nya.js').then((module) => module.trackingNya),
    bem: () => import('./locales/tracking.bem.js').then((module) => module.trackingBem),
  },
  driver: {
    en: () => import('./locales/driver.en.js').then((module) => module.driverEn),
    fr: () => import('./locales/driver.fr.js').then((module) => module.driverFr),
    pt: () => import('./locales/driver.pt.js').then((module) => module.driverPt),
    sw: () => import('./locales/driver.sw.js').then((module) => module.driverSw),
    zh: () => import('./locales/driver.zh.js').then((module) => module.driverZh),
    nya: () => import('./locales/driver.nya.js').then((module) => module.driverNya),
    bem: () => import('./locales/driver.bem.js').then((module) => module.driverBem),
  },
  support: {
    en: () => import('./locales/support.en.js').then((module) => module.supportEn),
    fr: () => import('./locales/support.fr.js').then((module) => module.supportFr),
    pt: () => import('./locales/support.pt.js').then((module) => module.supportPt),
    sw: () => import('./locales/support.sw.js').then((module) => module.supportSw),
    zh: () => import('./locales/support.zh.js').then((module) => module.supportZh),
    nya: () => import('./locales/support.nya.js').then((module) => module.supportNya),
    bem: () => import('./locales/support.bem.js').then((module) => module.supportBem),
  },
  payments: {
    en: () => import('./locales/payments.en.js').then((module) => module.paymentsEn),
    fr: () => import('./locales/payments.fr.js').then((module) => module.paymentsFr),
    pt: () => import('./locales/payments.pt.js').then((module) => module.paymentsPt),
    sw: () => import('./locales/payments.sw.js').then((module) => module.paymentsSw),
    zh: () => import('./locales/payments.zh.js').then((module) => module.paymentsZh),
    nya: () => import('./locales/payments.nya.js').then((module) => module.paymentsNya),
    bem: () => import('./locales/payments.bem.js').then((module) => module.paymentsBem),
  },
  safety: {
    en: () => import('./locales/safety.en.js').then((module) => module.safetyEn),
    fr: () => import('./locales/safety.fr.js').then((module) => module.safetyFr),
    pt: () => import('./locales/safety.pt.js').then((module) => module.safetyPt),
    sw: () => import('./locales/safety.sw.js').then((module) => module.safetySw),
    zh: () => import('./locales/safety.zh.js').then((module) => module.safetyZh),
    nya: () => import('./locales/safety.nya.js').then((module) => module.safetyNya),
    bem: () => import('./locales/safety.bem.js').then((module) => module.safetyBem),
  },
};
