import { describe, expect, it } from 'vitest';
import { cities } from './cities.js';
import { isWithin, SEARCH_BOUNDS } from './geography.js';
import { knownPlaces, placeById, placeCategories, placesInCity, popularDestinations } from './places.js';

/** The Copperbelt Province, generously: Chililabombwe's border post to Mpongwe, Lufwanyama to Ndola. */
const COPPERBELT = { south: -13.6, north: -12.0, west: 26.5, east: 29.0 };

describe('known places', () => {
  it('holds about 35 places with unique ids', () => {
    expect(knownPlaces.length).toBeGreaterThanOrEqual(30);
    expect(knownPlaces.length).toBeLessThanOrEqual(40);
    expect(new Set(knownPlaces.map((place) => place.id)).size).toBe(knownPlaces.length);
  });

  it('puts every place inside the Copperbelt and inside the search bounds', () => {
    for (const place of knownPlaces) {
      expect(isWithin(COPPERBELT, place.coordinates), place.id).toBe(true);
      expect(isWithin(SEARCH_BOUNDS, place.coordinates), place.id).toBe(true);
    }
  });

  it('puts every place within 20 km of its own town', () => {
    for (const place of knownPlaces) {
      const town = cities.find((city) => city.id === place.cityId)!;
      const kmNorth = (place.coordinates.lat - town.coordinates.lat) * 111.2;
      const kmEast = (place.coordinates.lng - town.coordinates.lng) * 111.2 * Math.cos((town.coordinates.lat * Math.PI) / 180);
      expect(Math.hypot(kmNorth, kmEast), place.id).toBeLessThan(20);
    }
  });

  it('uses only the spec’s categories, the Copperbelt province and the town’s own name', () => {
    for (const place of knownPlaces) {
      expect(placeCategories).toContain(place.category);
      expect(place.province).toBe('Copperbelt');
      expect(place.city).toBe(cities.find((city) => city.id === place.cityId)!.name);
      expect(place.keywords.length, place.id).toBeGreaterThan(0);
    }
  });

  it('includes the landmarks riders ask for most', () => {
    for (const id of ['kitwe-teaching-hospital', 'ndola-teaching-hospital', 'copperbelt-university', 'mukuba-mall', 'jacaranda-mall', 'chisokone-market', 'masala-market', 'simon-mwansa-kapwepwe-airport', 'nkana-stadium', 'levy-mwanawasa-stadium', 'nchanga', 'kamuchanga']) {
      expect(placeById(id), id).toBeDefined();
    }
  });
});

describe('popular destinations', () => {
  it('offers nine known places', () => {
    const popular = popularDestinations();
    expect(popular).toHaveLength(9);
    expect(new Set(popular.map((place) => place.id)).size).toBe(9);
  });
});

describe('placesInCity', () => {
  it('gives a city page at most six of its own places', () => {
    const kitwe = placesInCity('kitwe');
    expect(kitwe).toHaveLength(6);
    expect(kitwe.every((place) => place.cityId === 'kitwe')).toBe(true);
    expect(placesInCity('chambishi').map((place) => place.id)).toEqual(['chambishi-mfez']);
    expect(placesInCity('mpongwe')).toEqual([]);
  });
});
