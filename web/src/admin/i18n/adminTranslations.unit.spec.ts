import { describeTranslations } from '../../../../tests/support/describeTranslations.js';
import { adminBem } from './bem.js';
import { adminEn } from './en.js';
import { adminFr } from './fr.js';
import { adminNya } from './nya.js';
import { adminPt } from './pt.js';
import { adminSw } from './sw.js';
import { adminZh } from './zh.js';
import { adminSameAsEnglish } from './sameAsEnglish.js';

describeTranslations('admin portal translations (the `admin` namespace)', {
  english: adminEn,
  translations: { fr: adminFr, pt: adminPt, sw: adminSw, zh: adminZh, nya: adminNya, bem: adminBem },
  sameAsEnglish: adminSameAsEnglish,
});
