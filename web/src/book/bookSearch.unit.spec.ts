import { describe, expect, it } from 'vitest';
import { validateBookSearch } from './bookSearch.js';

describe('the /book search parameters', () => {
  it('keep the quick-booking choices', () => {
    expect(
      validateBookSearch({ vehicle: 'car-xl', pricing: 'bidding', from: 'Mukuba Mall', fromPlace: 'mukuba-mall', to: 'Home', toPlace: 'kafubu-mall' }),
    ).toEqual({ vehicle: 'car-xl', pricing: 'bidding', from: 'Mukuba Mall', fromPlace: 'mukuba-mall', to: 'Home', toPlace: 'kafubu-mall' });
  });

  it('drop what is malformed or unknown instead of failing', () => {
    expect(validateBookSearch({ vehicle: 'spaceship', pricing: 'haggle', from: '   ', fromPlace: 'atlantis', to: 42, extra: 'x' })).toEqual({});
    expect(validateBookSearch({ from: 'x'.repeat(201) })).toEqual({});
  });
});
