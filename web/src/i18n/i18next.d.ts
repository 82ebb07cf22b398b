import 'i18next';
import type { adminEn } from '../admin/i18n/en.js';
import type { insightsEn } from '../admin/insights/i18n/en.js';
import type { en } from './locales/en.js';

// Keys passed to t() are checked against the English resources at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; admin: typeof adminEn; insights: typeof insightsEn };
  }
}
