import { describe, expect, it } from 'vitest';
import { languageCodes, type LanguageCode } from '../../i18n/languages.js';
import { adminBem } from './bem.js';
import { adminEn } from './en.js';
import { adminFr } from './fr.js';
import { adminNya } from './nya.js';
import { adminPt } from './pt.js';
import { adminSw } from './sw.js';
import { adminZh } from './zh.js';
import { adminSameAsEnglish } from './sameAsEnglish.js';

const translations: Record<Exclude<LanguageCode, 'en'>, unknown> = { fr: adminFr, pt: adminPt, sw: adminSw, zh: adminZh, nya: adminNya, bem: adminBem };

/** Every leaf as "a.b.c" → value; a non-string leaf is kept so the test can name it. */
function flatten(tree: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof tree === 'object' && tree !== null) {
    for (const [key, value] of Object.entries(tree)) flatten(value, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, tree);
  }
  return into;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
const english = flatten(adminEn);
const allowed = (key: string, language: string) =>
  adminSameAsEnglish.some((entry) => entry.key === key && (entry.languages === 'all' || (entry.languages as readonly string[]).includes(language)));

describe('admin portal translations (the `admin` namespace)', () => {
  it('cover all seven languages', () => {
    expect(Object.keys(translations).sort()).toEqual(languageCodes.filter((code) => code !== 'en').sort());
  });

  describe.each(Object.entries(translations))('%s', (language, translation) => {
    const values = flatten(translation);

    it('has every English key and no other', () => {
      const missing = [...english.keys()].filter((key) => !values.has(key));
      const extra = [...values.keys()].filter((key) => !english.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('gives every key a non-empty text with the English placeholders', () => {
      const problems: string[] = [];
      for (const [key, source] of english) {
        const value = values.get(key);
        if (typeof value !== 'string' || value.trim() === '') problems.push(`${key}: empty or not text`);
        else if (placeholders(value).join() !== placeholders(String(source)).join()) problems.push(`${key}: placeholders ${placeholders(value)} ≠ ${placeholders(String(source))}`);
      }
      expect(problems).toEqual([]);
    });

    it('translates every text (only the reviewed entries may equal the English)', () => {
      const untranslated = [...english].filter(([key, source]) => values.get(key) === source && !allowed(key, language)).map(([key]) => key);
      expect(untranslated).toEqual([]);
    });
  });

  it('keeps the allow-list honest: every entry names a key whose translation really equals the English', () => {
    const stale = adminSameAsEnglish.flatMap((entry) => {
      const languages = entry.languages === 'all' ? Object.keys(translations) : entry.languages;
      return languages
        .filter((language) => flatten(translations[language as keyof typeof translations]).get(entry.key) !== english.get(entry.key))
        .map((language) => `${entry.key} (${language})`);
    });
    expect(stale).toEqual([]);
  });
});
