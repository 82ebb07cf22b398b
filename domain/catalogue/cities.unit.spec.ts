import { describe, expect, it } from 'vitest';
import { MINIMUM_FARE } from '../fare/index.js';
import { activeCities, cities, cityBySlug, visibleCities } from './cities.js';
import { isWithin, SEARCH_BOUNDS } from './geography.js';

describe('cities', () => {
  it('serves eleven towns, eight of them with a city page', () => {
    expect(cities).toHaveLength(11);
    expect(new Set(cities.map((city) => city.id)).size).toBe(11);
    expect(activeCities().map((city) => city.name)).toEqual([
      'Kitwe', 'Ndola', 'Chingola', 'Mufulira', 'Luanshya', 'Kalulushi', 'Chambishi', 'Chililabombwe',
    ]);
  });

  it('lists the coming-soon towns for admin and staff only', () => {
    expect(visibleCities(false).map((city) => city.id)).not.toContain('mpongwe');
    expect(visibleCities(false)).toHaveLength(8);
    expect(visibleCities(true).map((city) => city.id)).toEqual(expect.arrayContaining(['mpongwe', 'masaiti', 'lufwanyama']));
  });

  it('places every town inside the search bounds', () => {
    for (const city of cities) expect(isWithin(SEARCH_BOUNDS, city.coordinates), city.name).toBe(true);
  });

  it('never promises a fare under the minimum on a city page', () => {
    for (const city of activeCities()) {
      expect(city.estimatedFare.min, city.name).toBeGreaterThanOrEqual(MINIMUM_FARE);
      expect(city.estimatedFare.max, city.name).toBeGreaterThan(city.estimatedFare.min);
    }
  });

  it('keeps spec 001’s figures for Kitwe', () => {
    const kitwe = cityBySlug('kitwe');
    expect(kitwe).toMatchObject({ status: 'active', population: 520_000, estimatedFare: { min: 1500, max: 8000 } });
  });

  it('finds a city page by its path segment and answers nothing for an unknown one', () => {
    expect(cityBySlug('Ndola ')?.name).toBe('Ndola');
    expect(cityBySlug('lusaka')).toBeUndefined();
  });
});
