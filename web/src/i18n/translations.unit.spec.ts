import { describe, expect, it } from 'vitest';
import { languageCodes, type LanguageCode } from './languages.js';
import { bem } from './locales/bem.js';
import { en } from './locales/en.js';
import { fr } from './locales/fr.js';
import { nya } from './locales/nya.js';
import { pt } from './locales/pt.js';
import { sw } from './locales/sw.js';
import { zh } from './locales/zh.js';
import { sameAsEnglish } from './sameAsEnglish.js';

const translations: Record<Exclude<LanguageCode, 'en'>, unknown> = { fr, pt, sw, zh, nya, bem };

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
const english = flatten(en);
const allowed = (key: string, language: string) =>
  sameAsEnglish.some((entry) => entry.key === key && (entry.languages === 'all' || (entry.languages as readonly string[]).includes(language)));

describe('translations', () => {
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

    it('translates every text (only the reviewed proper nouns may equal the English)', () => {
      const untranslated = [...english].filter(([key, source]) => values.get(key) === source && !allowed(key, language)).map(([key]) => key);
      expect(untranslated).toEqual([]);
    });
  });

  it('keeps the allow-list honest: every entry names a key whose translation really equals the English', () => {
    const stale = sameAsEnglish.flatMap((entry) => {
      const languages = entry.languages === 'all' ? Object.keys(translations) : entry.languages;
      return languages
        .filter((language) => flatten(translations[language as keyof typeof translations]).get(entry.key) !== english.get(entry.key))
        .map((language) => `${entry.key} (${language})`);
    });
    expect(stale).toEqual([]);
    expect(sameAsEnglish.every((entry) => entry.reason.trim().length > 0)).toBe(true);
  });
});
