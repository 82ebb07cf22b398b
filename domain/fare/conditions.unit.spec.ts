import { describe, expect, it } from 'vitest';
import { conditionsFor, lusakaHour, timeOfDayAt, trafficLevelAt, trafficLevelFromRatio } from './conditions.js';

const hours = Array.from({ length: 24 }, (_, hour) => hour);
const hoursWhere = (predicate: (hour: number) => boolean) => hours.filter(predicate);

describe('time of day', () => {
  it('is peak at 07–09 and 17–19, late from 22 to 04, normal otherwise', () => {
    expect(hoursWhere((hour) => timeOfDayAt(hour) === 'peak')).toEqual([7, 8, 9, 17, 18, 19]);
    expect(hoursWhere((hour) => timeOfDayAt(hour) === 'late')).toEqual([0, 1, 2, 3, 4, 22, 23]);
    expect(hoursWhere((hour) => timeOfDayAt(hour) === 'normal')).toEqual([5, 6, 10, 11, 12, 13, 14, 15, 16, 20, 21]);
  });
});

describe('traffic by hour', () => {
  it('is heavy at 07–09 and 17–19, moderate at 10–16, light otherwise', () => {
    expect(hoursWhere((hour) => trafficLevelAt(hour) === 'heavy')).toEqual([7, 8, 9, 17, 18, 19]);
    expect(hoursWhere((hour) => trafficLevelAt(hour) === 'moderate')).toEqual([10, 11, 12, 13, 14, 15, 16]);
    expect(hoursWhere((hour) => trafficLevelAt(hour) === 'light')).toEqual([0, 1, 2, 3, 4, 5, 6, 20, 21, 22, 23]);
  });
});

describe('trafficLevelFromRatio', () => {
  it.each([
    [1, 'light'],
    [1.2, 'light'],
    [1.2001, 'moderate'],
    [1.4, 'moderate'],
    [1.41, 'heavy'],
    [3, 'heavy'],
  ] as const)('%d → %s', (ratio, level) => {
    expect(trafficLevelFromRatio(ratio)).toBe(level);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (ratio) => {
    expect(() => trafficLevelFromRatio(ratio)).toThrow(/^trafficToNormalRatio: /);
  });
});

describe('conditionsFor', () => {
  it('leaves surge off unless an admin turns it on, and takes traffic from the hour', () => {
    expect(conditionsFor({ hour: 8 })).toEqual({ hour: 8, surge: 'none', traffic: 'heavy', weather: 'clear' });
  });

  it('applies medium surge in rush hours only when surge is enabled', () => {
    expect(conditionsFor({ hour: 18, surgeEnabled: true }).surge).toBe('medium');
    expect(conditionsFor({ hour: 12, surgeEnabled: true }).surge).toBe('none');
  });

  it('prefers measured traffic and the admin-set weather', () => {
    expect(conditionsFor({ hour: 8, traffic: 'light', weather: 'rain' })).toEqual({ hour: 8, surge: 'none', traffic: 'light', weather: 'rain' });
  });

  it('refuses an hour outside the day, naming it', () => {
    expect(() => conditionsFor({ hour: 25 })).toThrow(/^hour: /);
  });
});

describe('lusakaHour', () => {
  it('is UTC + 2 all year', () => {
    expect(lusakaHour(new Date('2025-01-15T05:30:00Z'))).toBe(7);
    expect(lusakaHour(new Date('2025-07-15T22:59:00Z'))).toBe(0);
  });
});
