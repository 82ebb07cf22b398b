import { describe, expect, it } from 'vitest';
import { placeById, popularDestinationIds } from '../../../domain/catalogue/index.js';
import { nearestKnownPlace, nextActiveIndex, suggestionsFor } from './suggestions.js';

describe('location suggestions', () => {
  it('show nothing while the input is not focused', () => {
    expect(suggestionsFor('mall', false)).toEqual({ kind: 'closed' });
  });

  it('show the nine popular destinations when focused and empty', () => {
    const list = suggestionsFor('  ', true);
    expect(list.kind).toBe('popular');
    expect(list.kind === 'popular' && list.places.map((place) => place.id)).toEqual([...popularDestinationIds]);
  });

  it('wait for two characters, then search the bundled directory, best match first', () => {
    expect(suggestionsFor('k', true)).toEqual({ kind: 'closed' });
    const list = suggestionsFor('kitwe hospital', true);
    expect(list.kind).toBe('results');
    expect(list.kind === 'results' && list.places[0]?.id).toBe('kitwe-teaching-hospital');
    const malls = suggestionsFor('mall', true);
    expect(malls.kind === 'results' && malls.places.length).toBeLessThanOrEqual(8);
  });

  it('say so when nothing matches', () => {
    expect(suggestionsFor('zzzz nowhere', true)).toEqual({ kind: 'none' });
  });
});

describe('reverse lookup of a position', () => {
  it('names the nearest known place within 1.5 km', () => {
    const hospital = placeById('kitwe-teaching-hospital')!.coordinates;
    expect(nearestKnownPlace({ lat: hospital.lat + 0.002, lng: hospital.lng })?.id).toBe('kitwe-teaching-hospital');
  });

  it('names nothing far from every known place (the caller says "Current Location")', () => {
    expect(nearestKnownPlace({ lat: -15.4167, lng: 28.2833 })).toBeUndefined(); // Lusaka
  });
});

describe('keyboard movement through options', () => {
  it('cycles down and up, starting from the first or the last', () => {
    expect(nextActiveIndex(-1, 3, 'ArrowDown')).toBe(0);
    expect(nextActiveIndex(2, 3, 'ArrowDown')).toBe(0);
    expect(nextActiveIndex(-1, 3, 'ArrowUp')).toBe(2);
    expect(nextActiveIndex(0, 3, 'ArrowUp')).toBe(2);
    expect(nextActiveIndex(1, 3, 'ArrowUp')).toBe(0);
    expect(nextActiveIndex(0, 0, 'ArrowDown')).toBe(-1);
  });
});
