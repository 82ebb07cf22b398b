import { describe, expect, it } from 'vitest';
import { languageCodes, type LanguageCode } from '../../../i18n/languages.js';
import { insightsBem } from './bem.js';
import { insightsEn } from './en.js';
import { insightsFr } from './fr.js';
import { insightsNya } from './nya.js';
import { insightsPt } from './pt.js';
import { insightsSw } from './sw.js';
import { insightsZh } from './zh.js';

/** Every value differs from the English: even the H3 and ZMW labels carry translated words around them. */
const translations: Record<Exclude<LanguageCode, 'en'>, unknown> = { fr: insightsFr, pt: insightsPt, sw: insightsSw, zh: insightsZh, nya: insightsNya, bem: insightsBem };

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
const english = flatten(insightsEn);

describe('audit trail and analytics translations (the `insights` namespace)', () => {
  it('cover all seven languages', () => {
    expect(Object.keys(translations).sort()).toEqual(languageCodes.filter((code) => code !== 'en').sort());
  });

  describe.each(Object.entries(translations))('%s', (_language, translation) => {
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

    it('translates every text', () => {
      expect([...english].filter(([key, source]) => values.get(key) === source).map(([key]) => key)).toEqual([]);
    });

    it('uses no text twice where the English has two different ones in the same group', () => {
      // A copy-paste slip (the same words under "Step back" and "Step forward") would pass the checks above.
      const clashes: string[] = [];
      for (const group of ['replay.controls', 'replay.fare', 'analytics.ridesPerDay', 'analytics.summary', 'analytics.bids', 'analytics.cancellations.reasons']) {
        const keys = [...english.keys()].filter((key) => key.startsWith(`${group}.`));
        const seen = new Map<unknown, string>();
        for (const key of keys) {
          const earlier = seen.get(values.get(key));
          if (earlier && english.get(earlier) !== english.get(key)) clashes.push(`${earlier} = ${key}`);
          seen.set(values.get(key), key);
        }
      }
      expect(clashes).toEqual([]);
    });
  });
});
