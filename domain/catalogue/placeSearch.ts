import { knownPlaces, type KnownPlace } from './places.js';

/** How much a match in each field counts (spec 000 §9). */
export const SEARCH_WEIGHTS = { name: 10, city: 7, category: 5, keyword: 3, description: 2 } as const;
export const MIN_SEARCH_LENGTH = 2;
export const LOCAL_SEARCH_LIMIT = 8;

/**
 * Folds what people type on any keyboard to one form: lower case, accents dropped
 * ("Hammarskjöld" → "hammarskjold"), apostrophes removed ("Children's" → "childrens"), every
 * other run of punctuation or space turned into one space.
 */
export function normaliseSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface SearchableFields {
  name: string;
  city: string;
  category: string;
  keywords: readonly string[];
  description: string;
}

const searchable = (place: KnownPlace): SearchableFields => ({
  name: normaliseSearchText(place.name),
  city: normaliseSearchText(place.city),
  category: normaliseSearchText(place.category),
  keywords: place.keywords.map(normaliseSearchText),
  description: normaliseSearchText(place.description),
});

function termScore(term: string, fields: SearchableFields): number {
  let score = 0;
  if (fields.name.includes(term)) score += SEARCH_WEIGHTS.name;
  if (fields.city.includes(term)) score += SEARCH_WEIGHTS.city;
  if (fields.category.includes(term)) score += SEARCH_WEIGHTS.category;
  if (fields.keywords.some((keyword) => keyword.includes(term))) score += SEARCH_WEIGHTS.keyword;
  if (fields.description.includes(term)) score += SEARCH_WEIGHTS.description;
  return score;
}

/**
 * A place's score for a query: each word of the query scores the weights of the fields it
 * appears in, and every word must appear somewhere ("kitwe hospital" does not match a Ndola
 * hospital). 0 means no match.
 */
function scoreFields(terms: readonly string[], fields: SearchableFields): number {
  let total = 0;
  for (const term of terms) {
    const score = termScore(term, fields);
    if (score === 0) return 0;
    total += score;
  }
  return total;
}

const termsOf = (query: string): string[] => {
  const normalised = normaliseSearchText(query);
  return normalised.length < MIN_SEARCH_LENGTH ? [] : normalised.split(' ');
};

export const scorePlace = (query: string, place: KnownPlace): number => {
  const terms = termsOf(query);
  return terms.length === 0 ? 0 : scoreFields(terms, searchable(place));
};

export interface PlaceMatch {
  place: KnownPlace;
  score: number;
}

const indexed = knownPlaces.map((place) => ({ place, fields: searchable(place) }));

/**
 * The bundled directory's answer to a typed query: best score first, ties by name, at most
 * `limit`. Queries shorter than two characters answer nothing (spec 000 §4.4).
 */
export function searchPlaces(query: string, limit = LOCAL_SEARCH_LIMIT): PlaceMatch[] {
  const terms = termsOf(query);
  if (terms.length === 0) return [];
  return indexed
    .map(({ place, fields }) => ({ place, score: scoreFields(terms, fields) }))
    .filter((match) => match.score > 0)
    .sort((a, b) => b.score - a.score || a.place.name.localeCompare(b.place.name, 'en'))
    .slice(0, Math.max(0, limit));
}
