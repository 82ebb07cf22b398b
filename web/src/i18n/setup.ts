import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, htmlLang, languageCodes, toLanguageCode, type LanguageCode } from './languages.js';
import { commonEn } from './locales/common.en.js';
import { routeSectionLoaders } from './sections.js';
import type { CommonTranslation, RouteSection } from './translation.js';

/** Where the chosen language is remembered (spec 001: local storage and a cookie). */
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * English's common part ships in the first page; each other language's common part is its own
 * chunk, loaded before it is shown. The route sections (sign-in, booking, tracking, driver,
 * support) load with the routes that show them, in the language on screen (sections.ts). Every
 * language is bundled with the app (nothing is fetched from an API), but a phone downloads only
 * what it shows.
 */
const commonLoaders: Record<Exclude<LanguageCode, 'en'>, () => Promise<CommonTranslation>> = {
  fr: () => import('./locales/common.fr.js').then((module) => module.commonFr),
  pt: () => import('./locales/common.pt.js').then((module) => module.commonPt),
  sw: () => import('./locales/common.sw.js').then((module) => module.commonSw),
  zh: () => import('./locales/common.zh.js').then((module) => module.commonZh),
  nya: () => import('./locales/common.nya.js').then((module) => module.commonNya),
  bem: () => import('./locales/common.bem.js').then((module) => module.commonBem),
};

/** The route sections some route has asked for: a language switch brings them along. */
const sectionsInUse = new Set<RouteSection>();
/** One load per language and part, shared by whoever asks while it is under way. */
const loads = new Map<string, Promise<void>>();

/** Downloads one part of a language, shaped for the one namespace; nothing for English's common part (in the first page). */
function downloadPart(code: LanguageCode, part: 'common' | RouteSection): Promise<object> | undefined {
  if (part !== 'common') return routeSectionLoaders[part][code]().then((texts) => ({ [part]: texts }));
  return code === 'en' ? undefined : commonLoaders[code]();
}

function loadPart(code: LanguageCode, part: 'common' | RouteSection): Promise<void> {
  const key = `${code}:${part}`;
  let load = loads.get(key);
  if (!load) {
    const download = downloadPart(code, part);
    if (!download) return Promise.resolve();
    // Deep-merged into the one namespace, so t('auth.…') reads a section like any other key.
    load = download.then((resources) => void i18n.addResourceBundle(code, 'translation', resources, true, true));
    // A failed download (a dropped mobile connection) is tried again next time, not remembered.
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}

/** A language's common part and every route section in use, so a switch shows no missing text. */
export async function loadLanguage(code: LanguageCode): Promise<void> {
  await Promise.all([loadPart(code, 'common'), ...[...sectionsInUse].map((section) => loadPart(code, section))]);
}

/**
 * For route loaders: the sections a route shows, in the language on screen, before it renders.
 * If a section cannot be fetched in that language, its English (the fallback) is shown instead.
 */
export async function loadSections(...sections: RouteSection[]): Promise<void> {
  for (const section of sections) sectionsInUse.add(section);
  // A language switch that lands while these load needs them in its language too.
  for (let code = currentLanguage(); ; code = currentLanguage()) {
    await loadSectionsIn(code, sections);
    if (code === currentLanguage()) return;
  }
}

async function loadSectionsIn(code: LanguageCode, sections: RouteSection[]): Promise<void> {
  try {
    await Promise.all(sections.map((section) => loadPart(code, section)));
  } catch (error) {
    if (code === FALLBACK_LANGUAGE) throw error;
    console.error('Could not load', sections, 'in', code, error);
    await Promise.all(sections.map((section) => loadPart(FALLBACK_LANGUAGE, section)));
  }
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
      resources: { en: { translation: commonEn } },
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
  // A route that asked for its sections while this language loaded gets them in it as well.
  let sectionsLoaded: number;
  do {
    sectionsLoaded = sectionsInUse.size;
    await loadLanguage(code);
  } while (sectionsInUse.size !== sectionsLoaded);
  await i18n.changeLanguage(code);
}

export { i18n };
