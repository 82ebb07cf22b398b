import type { Shape } from '../../../i18n/translation.js';
import type { insightsEn } from './en.js';

/** The same keys as the English insights strings, every value the translator's own. */
export type InsightsTranslation = Shape<typeof insightsEn>;
