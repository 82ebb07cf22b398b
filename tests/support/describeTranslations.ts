import { describe, expect, it } from 'vitest';
import { languageCodes, type LanguageCode } from '../../web/src/i18n/languages.js';
import type { SameAsEnglish } from '../../web/src/i18n/sameAsEnglish.js';

export interface NamespaceTranslations {
  /** The English texts, the source every other language is checked against. */
  english: object;
  /** Every other language's texts, typed so that a missing language does not compile. */
  translations: Record<Exclude<LanguageCode, 'en'>, unknown>;
  /** Values reviewed one by one that may equal the English; without it none may. */
  sameAsEnglish?: readonly SameAsEnglish[];
  /**
   * Key groups (prefixes) whose different English texts must stay different in every language:
   * a copy-paste slip (the same words under "Step back" and "Step forward") passes the other checks.
   */
  groupsOfDistinctTexts?: readonly string[];
}

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

/**
 * The completeness checks every i18next namespace of the web app passes in all seven languages:
 * same keys as the English, non-empty texts with the English placeholders, nothing left in English
 * but the reviewed sameAsEnglish entries, and an allow-list that never grows stale.
 */
export function describeTranslations(title: string, namespace: NamespaceTranslations): void {
  const { translations, sameAsEnglish = [], groupsOfDistinctTexts = [] } = namespace;
  const english = flatten(namespace.english);
  const allowed = (key: string, language: string) => sameAsEnglish.some((entry) => entry.key === key && (entry.languages === 'all' || (entry.languages as readonly string[]).includes(language)));

  describe(title, () => {
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

      it(sameAsEnglish.length > 0 ? 'translates every text (only the reviewed sameAsEnglish entries may equal the English)' : 'translates every text', () => {
        const untranslated = [...english].filter(([key, source]) => values.get(key) === source && !allowed(key, language)).map(([key]) => key);
        expect(untranslated).toEqual([]);
      });

      if (groupsOfDistinctTexts.length > 0) {
        it('uses no text twice where the English has two different ones in the same group', () => {
          const clashes: string[] = [];
          for (const group of groupsOfDistinctTexts) {
            const seen = new Map<unknown, string>();
            for (const key of [...english.keys()].filter((candidate) => candidate.startsWith(`${group}.`))) {
              const earlier = seen.get(values.get(key));
              if (earlier && english.get(earlier) !== english.get(key)) clashes.push(`${earlier} = ${key}`);
              seen.set(values.get(key), key);
            }
          }
          expect(clashes).toEqual([]);
        });
      }
    });

    if (sameAsEnglish.length > 0) {
      it('keeps the allow-list honest: every entry names a key whose translation really equals the English', () => {
        const stale = sameAsEnglish.flatMap((entry) => {
          const languages = entry.languages === 'all' ? Object.keys(translations) : entry.languages;
          return languages.filter((language) => flatten(translations[language as keyof typeof translations]).get(entry.key) !== english.get(entry.key)).map((language) => `${entry.key} (${language})`);
        });
        expect(stale).toEqual([]);
        expect(sameAsEnglish.filter((entry) => entry.reason.trim() === '').map((entry) => entry.key)).toEqual([]);
      });
    }
  });
}
