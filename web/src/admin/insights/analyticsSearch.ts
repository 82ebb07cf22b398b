import type { AnalyticsSearch } from '../../routes/admin/-analyticsSearch.js';
import type { AnalyticsFilters } from './analyticsApi.js';

export type { AnalyticsSearch };

/** The read models count in Lusaka days; the API takes at most a year of them. */
export const LUSAKA_TIME_ZONE = 'Africa/Lusaka';
export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 366;

/** The calendar day it is in Lusaka at `now`, as YYYY-MM-DD. */
export const lusakaDay = (now: Date): string => now.toLocaleDateString('en-CA', { timeZone: LUSAKA_TIME_ZONE });

export function addDays(dayText: string, days: number): string {
  const date = new Date(`${dayText}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included (none when the range runs backwards). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let current = from; current <= to && days.length < MAX_RANGE_DAYS; current = addDays(current, 1)) days.push(current);
  return days;
}

/**
 * The filters the page asks the API for: the URL's, else the last 30 days up to today in Lusaka.
 * A range running backwards or longer than the API takes is kept out: `problem` says which.
 */
export function filtersFrom(search: AnalyticsSearch, now: Date): { filters: AnalyticsFilters; problem: 'badRange' | null } {
  const to = search.to ?? lusakaDay(now);
  const from = search.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  const filters: AnalyticsFilters = { from, to, ...(search.city ? { city: search.city } : {}), ...(search.vehicleType ? { vehicleType: search.vehicleType } : {}) };
  const backwards = from > to;
  const tooLong = !backwards && addDays(from, MAX_RANGE_DAYS - 1) < to;
  if (!backwards && !tooLong) return { filters, problem: null };
  return { filters: { ...filters, from: backwards ? to : addDays(to, -(MAX_RANGE_DAYS - 1)) }, problem: 'badRange' };
}
