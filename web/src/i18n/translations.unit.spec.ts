import { describeTranslations } from '../../../tests/support/describeTranslations.js';
import { bem } from './locales/bem.js';
import { en } from './locales/en.js';
import { fr } from './locales/fr.js';
import { nya } from './locales/nya.js';
import { pt } from './locales/pt.js';
import { sw } from './locales/sw.js';
import { zh } from './locales/zh.js';
import { sameAsEnglish } from './sameAsEnglish.js';

describeTranslations('translations', { english: en, translations: { fr, pt, sw, zh, nya, bem }, sameAsEnglish });
