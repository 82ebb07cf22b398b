import { describe, expect, it } from 'vitest';
import { addDays, lusakaDay, mondayOf, requireDay, startOfLusakaDay } from './lusakaCalendar.js';

describe('Lusaka calendar days (UTC+2 all year)', () => {
  it('turns at 22:00 UTC', () => {
    expect(lusakaDay('2026-03-01T21:59:59.999Z')).toBe('2026-03-01');
    expect(lusakaDay(new Date('2026-03-01T22:00:00Z'))).toBe('2026-03-02');
    expect(lusakaDay('2026-12-31T23:30:00+02:00')).toBe('2026-12-31');
  });

  it('starts weeks on Monday, across months and years', () => {
    expect(mondayOf('2026-03-02')).toBe('2026-03-02'); // a Monday
    expect(mondayOf('2026-03-08')).toBe('2026-03-02'); // the Sunday after
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('refuses a day that is not a real YYYY-MM-DD date, naming the field', () => {
    expect(requireDay('2026-02-28', 'from')).toBe('2026-02-28');
    expect(() => requireDay('2026-02-30', 'from')).toThrow('from: must be a calendar day');
    expect(() => requireDay('2026-3-1', 'to')).toThrow('to:');
    expect(() => requireDay('yesterday', 'to')).toThrow('to:');
  });
});

describe('the start of a Lusaka day', () => {
  it('is 22:00 UTC the evening before', () => {
    expect(startOfLusakaDay('2026-03-02').toISOString()).toBe('2026-03-01T22:00:00.000Z');
    expect(lusakaDay(startOfLusakaDay('2026-03-02'))).toBe('2026-03-02');
    expect(lusakaDay(new Date(startOfLusakaDay('2026-03-02').getTime() - 1))).toBe('2026-03-01');
  });
});
