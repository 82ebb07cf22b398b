import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, htmlLang, languageCodes, toLanguageCode, type LanguageCode } from './languages.js';
import { en } from './locales/en.js';
import type { Translation } from './translation.js';

/** Where the chosen language is remembered (spec 001: local storage and a cookie). */
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * English ships in the first page; each other language is its own chunk of the app, loaded
 * before it is shown. Every language is bundled with the app (nothing is fetched from an API),
 * but a phone downloads only the one it needs.
 */
const loaders: Record<Exclude<LanguageCode, 'en'>, () => Promise<Translation>> = {
  fr: () => import('./locales/fr.js').then((module) => module.fr),
  pt: () => import('./locales/pt.js').then((module) => module.pt),
  sw: () => import('./locales/sw.js').then((module) => module.sw),
  zh: () => import('./locales/zh.js').then((module) => module.zh),
  nya: () => import('./locales/nya.js').then((module) => module.nya),
  bem: () => import('./locales/bem.js').then((module) => module.bem),
};

export async function loadLanguage(code: LanguageCode): Promise<void> {
  if (code === 'en' || i18n.hasResourceBundle(code, 'translation')) return;
  i18n.addResourceBundle(code, 'translation', await loaders[code](), true, true);
}

/**
 * The language chosen (detected or switched to), as one of ours. Not `resolvedLanguage`: until
 * a language's chunk has loaded, i18next resolves it to the English fallback.
 */
export const currentLanguage = (): LanguageCode => toLanguageCode(i18n.language) ?? FALLBACK_LANGUAGE;

/**
 * Detects the language (local storage, cookie, the page's lang attribute, the browser), loads
 * it, and keeps <html lang> in step so screen readers pronounce the page in it.
 */
export async function startI18n(): Promise<typeof i18n> {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = htmlLang(toLanguageCode(language) ?? FALLBACK_LANGUAGE);
  });
  await i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...languageCodes],
      load: 'languageOnly',
      detection: {
        order: ['localStorage', 'cookie', 'htmlTag', 'navigator'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        lookupCookie: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage', 'cookie'],
        convertDetectedLanguage: (detected) => toLanguageCode(detected) ?? detected,
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  const detected = currentLanguage();
  try {
    await loadLanguage(detected);
  } catch (error) {
    console.error('Could not load the language', detected, error);
    await i18n.changeLanguage(FALLBACK_LANGUAGE);
    return i18n;
  }
  await i18n.changeLanguage(detected);
  return i18n;
}

/** Loads a language and switches to it; rejects (the app stays as it was) when loading fails. */
export async function switchLanguage(code: LanguageCode): Promise<void> {
  await loadLanguage(code);
  await i18n.changeLanguage(code);
}

export { i18n };
