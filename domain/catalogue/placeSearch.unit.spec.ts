import { describe, expect, it } from 'vitest';
import { placeById } from './places.js';
import { LOCAL_SEARCH_LIMIT, normaliseSearchText, scorePlace, searchPlaces } from './placeSearch.js';

const ids = (query: string, limit?: number) => searchPlaces(query, limit).map((match) => match.place.id);
const place = (id: string) => placeById(id)!;

describe('scorePlace', () => {
  it('weighs name 10, city 7, category 5, keyword 3, description 2', () => {
    // "mukuba mall", word by word: "mukuba" → name 10;
    // "mall" → name 10 + keyword "mall" 3 + description "Kitwe's largest mall…" 2 = 15. Total 25.
    expect(scorePlace('mukuba mall', place('mukuba-mall'))).toBe(25);
    // "kitwe" → name 10 + city 7 + keyword "kitwe central hospital" 3 = 20
    expect(scorePlace('kitwe', place('kitwe-teaching-hospital'))).toBe(20);
    // "kitwe" in Mukuba Mall: city 7 + description ("Kitwe's largest mall") 2 = 9
    expect(scorePlace('kitwe', place('mukuba-mall'))).toBe(9);
    // "hospital" in Arthur Davison's: name 10 + category 5 + description "…referral hospital" 2 = 17
    expect(scorePlace('hospital', place('arthur-davison-childrens-hospital'))).toBe(17);
    // "riverside" appears only in CBU's description: 2
    expect(scorePlace('riverside', place('copperbelt-university'))).toBe(2);
    // "cbu" only in CBU's keywords: 3
    expect(scorePlace('cbu', place('copperbelt-university'))).toBe(3);
  });

  it('needs every word of the query to match', () => {
    expect(scorePlace('kitwe hospital', place('ndola-teaching-hospital'))).toBe(0);
    expect(scorePlace('kitwe hospital', place('kitwe-teaching-hospital'))).toBeGreaterThan(0);
  });
});

describe('searchPlaces', () => {
  it('orders by score, ties by name', () => {
    // "hospital" scores 20 (name 10 + category 5 + keyword 3 + description 2) for five hospitals,
    // 17 for Arthur Davison's (no keyword), 5 for Kamuchanga (keyword 3 + description 2) and
    // 2 for Kitwe Boys (description "…beside the teaching hospital").
    expect(searchPlaces('hospital').map((match) => [match.place.id, match.score])).toEqual([
      ['kitwe-teaching-hospital', 20],
      ['nchanga-north-hospital', 20],
      ['ndola-teaching-hospital', 20],
      ['ronald-ross-hospital', 20],
      ['thomson-hospital', 20],
      ['arthur-davison-childrens-hospital', 17],
      ['kamuchanga', 5],
      ['kitwe-boys-secondary-school', 2],
    ]);
  });

  it('ranks a place named after the town above one that is merely in it', () => {
    const results = ids('ndola');
    // Ndola Teaching Hospital (name + city + keyword) outranks Kafubu Mall (city + description)
    expect(results.indexOf('ndola-teaching-hospital')).toBeLessThan(results.indexOf('kafubu-mall'));
  });

  it('finds the airport by what people call it', () => {
    expect(ids('airport')[0]).toBe('simon-mwansa-kapwepwe-airport');
    expect(ids('nla')).toEqual(['simon-mwansa-kapwepwe-airport']);
  });

  it('answers nothing under two characters', () => {
    expect(searchPlaces('')).toEqual([]);
    expect(searchPlaces('k')).toEqual([]);
    expect(searchPlaces('  k  ')).toEqual([]);
    expect(searchPlaces('ki').length).toBeGreaterThan(0);
  });

  it('returns at most eight, or the limit asked for', () => {
    expect(searchPlaces('a').length).toBe(0);
    expect(searchPlaces('an').length).toBe(LOCAL_SEARCH_LIMIT);
    expect(searchPlaces('an', 3)).toHaveLength(3);
  });

  it('answers an empty list when nothing matches', () => {
    expect(searchPlaces('zzqx')).toEqual([]);
  });

  it('does not care how it was typed: case, accents, apostrophes, spacing', () => {
    const reference = ids('hammarskjöld memorial');
    expect(reference[0]).toBe('dag-hammarskjold-memorial');
    for (const typed of ['HAMMARSKJOLD memorial', '  hammarskjold   MEMORIAL ', 'Hammarskjöld, memorial']) {
      expect(ids(typed)).toEqual(reference);
    }
    expect(ids("children's hospital")).toEqual(['arthur-davison-childrens-hospital']);
    expect(ids('CHILDRENS HOSPITAL')).toEqual(['arthur-davison-childrens-hospital']);
    expect(ids('children’s hospital')).toEqual(['arthur-davison-childrens-hospital']);
  });
});

describe('normaliseSearchText', () => {
  it('folds case, accents, apostrophes and punctuation', () => {
    expect(normaliseSearchText("  Children's  Hospital—Ndola ")).toBe('childrens hospital ndola');
    expect(normaliseSearchText('Hammarskjöld')).toBe('hammarskjold');
  });
});
