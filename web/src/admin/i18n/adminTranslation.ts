import type { Shape } from '../../i18n/translation.js';
import type { adminEn } from './en.js';

/** The same keys as the English admin strings, every value the translator's own. */
export type AdminTranslation = Shape<typeof adminEn>;
