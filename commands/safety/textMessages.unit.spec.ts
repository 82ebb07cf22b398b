import { describe, expect, it } from 'vitest';
import { textLanguages, trustedContactText } from './textMessages.js';

const url = 'https://tiyende.example/share/abc';

describe('the text a trusted contact gets', () => {
  it('is in the rider’s language, each language its own words, always with the name, the link and the police number', () => {
    const texts = textLanguages.map((language) => trustedContactText({ name: 'Ruth', reason: 'sos' }, url, language));
    expect(new Set(texts).size).toBe(textLanguages.length);
    for (const text of texts) {
      expect(text).toContain('Ruth');
      expect(text).toContain(url);
      expect(text).toContain('991');
    }
    expect(trustedContactText({ name: 'Ruth', reason: 'sos' }, url, 'fr')).toMatch(/^Bonjour Ruth/);
    expect(trustedContactText({ name: 'Ruth', reason: 'rider_request' }, url, 'sw')).toContain('anashiriki');
  });

  it('says why in words of its own for each reason, and falls back to English for a language we do not speak', () => {
    const reasons = ['sos', 'rider_request', 'trip_start'] as const;
    expect(new Set(reasons.map((reason) => trustedContactText({ name: 'Ruth', reason }, url, 'bem'))).size).toBe(3);
    expect(trustedContactText({ name: 'Ruth', reason: 'sos' }, url, 'de')).toBe(trustedContactText({ name: 'Ruth', reason: 'sos' }, url, 'en'));
    expect(trustedContactText({ name: 'Ruth', reason: 'sos' }, url, null)).toMatch(/^Hello Ruth/);
  });
});
