/**
 * The interface languages (spec 000 §3, 001 "Translations"): the six of the language switcher
 * plus Bemba, which the admin area and the landing page name and which most of the Copperbelt
 * speaks. English is the fallback.
 */
import { LANGUAGES, type Language as LanguageCode } from '../../../domain/account/index.js';

export const languageCodes = LANGUAGES;
export type { LanguageCode };

export interface Language {
  code: LanguageCode;
  /** The language's name in English. */
  name: string;
  /** The language's name in itself: what the switcher shows, so a reader finds their own. */
  nativeName: string;
}

export const languages: readonly Language[] = [
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'bem', name: 'Bemba', nativeName: 'Ichibemba' },
  { code: 'nya', name: 'Nyanja (Chichewa)', nativeName: 'Chinyanja' },
  { code: 'fr', name: 'French', nativeName: 'Français' },
  { code: 'pt', name: 'Portuguese', nativeName: 'Português' },
  { code: 'sw', name: 'Swahili', nativeName: 'Kiswahili' },
  { code: 'zh', name: 'Chinese', nativeName: '中文' },
];

export const FALLBACK_LANGUAGE: LanguageCode = 'en';

export const isLanguageCode = (value: unknown): value is LanguageCode =>
  typeof value === 'string' && (languageCodes as readonly string[]).includes(value);

export const languageByCode = (code: LanguageCode): Language => languages.find((language) => language.code === code)!;

/**
 * What a browser or a stored value says, as one of ours: region subtags dropped ("fr-FR" → fr,
 * "zh-Hans-CN" → zh) and Chichewa's two-letter code "ny" read as Nyanja. Anything else → undefined.
 */
export function toLanguageCode(detected: string | undefined | null): LanguageCode | undefined {
  if (!detected) return undefined;
  const primary = detected.trim().toLowerCase().split(/[-_]/)[0];
  const code = primary === 'ny' ? 'nya' : primary;
  return isLanguageCode(code) ? code : undefined;
}

/**
 * The BCP 47 tag for `lang` attributes. BCP 47 takes the shortest ISO 639 code, so Nyanja
 * (our code "nya", as the spec and the API have it) is "ny" in the page; Bemba has no
 * two-letter code and stays "bem".
 */
export const htmlLang = (code: LanguageCode): string => (code === 'nya' ? 'ny' : code);
