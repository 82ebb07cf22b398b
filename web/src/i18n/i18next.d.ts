import 'i18next';
import type { en } from './locales/en.js';

// Keys passed to t() are checked against the English resources at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
