import { useTranslation } from 'react-i18next';
import { loadNamespace, NAMESPACE_OPTIONS, type NamespaceLoaders } from './loadNamespace.js';

export const ADMIN_NAMESPACE = 'admin';

const adminLoaders: NamespaceLoaders = {
  en: () => import('./en.js').then((module) => module.adminEn),
  fr: () => import('./fr.js').then((module) => module.adminFr),
  pt: () => import('./pt.js').then((module) => module.adminPt),
  sw: () => import('./sw.js').then((module) => module.adminSw),
  zh: () => import('./zh.js').then((module) => module.adminZh),
  nya: () => import('./nya.js').then((module) => module.adminNya),
  bem: () => import('./bem.js').then((module) => module.adminBem),
};

/** The admin portal's strings, loaded by its routes before they render. */
export const loadAdminNamespace = () => loadNamespace(ADMIN_NAMESPACE, adminLoaders);

/** `t` over the admin namespace (keys checked against admin/i18n/en.ts). */
export const useAdminTranslation = () => useTranslation(ADMIN_NAMESPACE, NAMESPACE_OPTIONS);
