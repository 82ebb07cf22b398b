import { describe, expect, it } from 'vitest';
import { ridesQueryString } from '../../admin/rides/ridesQuery.js';
import { validateRidesSearch } from './-ridesSearch.js';

describe('the admin rides filters in the URL', () => {
  it('keeps known values and drops the rest', () => {
    expect(validateRidesSearch({ status: 'pending', city: 'ndola', vehicleType: 'car', date: '2026-12-01' })).toEqual({
      status: 'pending',
      city: 'ndola',
      vehicleType: 'car',
      date: '2026-12-01',
    });
    expect(validateRidesSearch({ status: 'lost', city: 'lusaka', vehicleType: 'rocket', date: '2026-13-45', other: 'x' })).toEqual({});
    expect(validateRidesSearch({ date: 'yesterday' })).toEqual({});
  });

  it('asks for a Lusaka day, midnight to midnight (UTC+2)', () => {
    const query = new URLSearchParams(ridesQueryString({ date: '2026-12-01', status: 'completed' }, 50));
    expect(Object.fromEntries(query)).toEqual({
      limit: '50',
      status: 'completed',
      from: '2026-11-30T22:00:00.000Z',
      to: '2026-12-01T22:00:00.000Z',
    });
  });
});
