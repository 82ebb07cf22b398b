import {
  knownPlaces,
  LOCAL_SEARCH_LIMIT,
  MIN_SEARCH_LENGTH,
  normaliseSearchText,
  popularDestinations,
  searchPlaces,
  type KnownPlace,
  type LatLng,
} from '../../../domain/catalogue/index.js';
import { haversineKm } from '../../../domain/geo/distance.js';

/** At most ten suggestions are shown (spec 000 §9); the bundled directory answers up to eight. */
export const MAX_SUGGESTIONS = 10;
/** Typing settles for this long before a search runs (spec 000 §4.4). */
export const SEARCH_DEBOUNCE_MS = 300;
/** Browser geolocation: high accuracy, a 10 s timeout, a fix up to 5 minutes old (spec 000 §7). */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 };
/**
 * A position names a known place only when it lies this close to it: the directory's points
 * are good to about a kilometre, and beyond that the name would mislead the driver.
 */
export const REVERSE_LOOKUP_RADIUS_KM = 1.5;

export type SuggestionList =
  | { kind: 'closed' }
  | { kind: 'popular'; places: KnownPlace[] }
  | { kind: 'results'; places: KnownPlace[] }
  | { kind: 'none' };

/**
 * What the list under a location input shows: popular destinations while it is focused and
 * empty, nothing under two characters, otherwise the directory's matches (or "no locations").
 */
export function suggestionsFor(query: string, focused: boolean): SuggestionList {
  if (!focused) return { kind: 'closed' };
  const typed = normaliseSearchText(query);
  if (typed.length === 0) return { kind: 'popular', places: popularDestinations() };
  if (typed.length < MIN_SEARCH_LENGTH) return { kind: 'closed' };
  const places = searchPlaces(query, Math.min(LOCAL_SEARCH_LIMIT, MAX_SUGGESTIONS)).map((match) => match.place);
  return places.length > 0 ? { kind: 'results', places } : { kind: 'none' };
}

/** The known place nearest a position, if one lies within the reverse-lookup radius. */
export function nearestKnownPlace(position: LatLng, radiusKm = REVERSE_LOOKUP_RADIUS_KM): KnownPlace | undefined {
  let nearest: { place: KnownPlace; km: number } | undefined;
  for (const place of knownPlaces) {
    const km = haversineKm(position, place.coordinates);
    if (km <= radiusKm && (!nearest || km < nearest.km)) nearest = { place, km };
  }
  return nearest?.place;
}

/** ArrowDown and ArrowUp cycle through the options; -1 means none is active yet. */
export function nextActiveIndex(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active < 0 ? 0 : (active + 1) % count;
  return active <= 0 ? count - 1 : active - 1;
}
