import { describeTranslations } from '../../../../../tests/support/describeTranslations.js';
import { insightsBem } from './bem.js';
import { insightsEn } from './en.js';
import { insightsFr } from './fr.js';
import { insightsNya } from './nya.js';
import { insightsPt } from './pt.js';
import { insightsSw } from './sw.js';
import { insightsZh } from './zh.js';

/** No sameAsEnglish list: even the H3 and ZMW labels carry translated words around them. */
describeTranslations('audit trail and analytics translations (the `insights` namespace)', {
  english: insightsEn,
  translations: { fr: insightsFr, pt: insightsPt, sw: insightsSw, zh: insightsZh, nya: insightsNya, bem: insightsBem },
  groupsOfDistinctTexts: ['replay.controls', 'replay.fare', 'analytics.ridesPerDay', 'analytics.summary', 'analytics.bids', 'analytics.cancellations.reasons', 'analytics.payments'],
});
