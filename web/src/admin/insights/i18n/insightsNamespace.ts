import { useTranslation } from 'react-i18next';
import { loadNamespace, NAMESPACE_OPTIONS, type NamespaceLoaders } from '../../i18n/loadNamespace.js';

export const INSIGHTS_NAMESPACE = 'insights';

const insightsLoaders: NamespaceLoaders = {
  en: () => import('./en.js').then((module) => module.insightsEn),
  fr: () => import('./fr.js').then((module) => module.insightsFr),
  pt: () => import('./pt.js').then((module) => module.insightsPt),
  sw: () => import('./sw.js').then((module) => module.insightsSw),
  zh: () => import('./zh.js').then((module) => module.insightsZh),
  nya: () => import('./nya.js').then((module) => module.insightsNya),
  bem: () => import('./bem.js').then((module) => module.insightsBem),
};

/** The audit trail's and the analytics' strings, loaded by their routes before they render. */
export const loadInsightsNamespace = () => loadNamespace(INSIGHTS_NAMESPACE, insightsLoaders);

/** `t` over the insights namespace (keys checked against insights/i18n/en.ts). */
export const useInsightsTranslation = () => useTranslation(INSIGHTS_NAMESPACE, NAMESPACE_OPTIONS);
