import type { RidesSearch } from '../../routes/admin/-ridesSearch.js';

/**
 * GET /api/admin/rides's query for the filters: a day runs from midnight to midnight in Lusaka
 * (UTC+2, no daylight saving), `from` inclusive and `to` exclusive.
 */
export function ridesQueryString(search: RidesSearch, limit: number): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (search.status) query.set('status', search.status);
  if (search.city) query.set('city', search.city);
  if (search.vehicleType) query.set('vehicleType', search.vehicleType);
  if (search.date) {
    const start = new Date(`${search.date}T00:00:00+02:00`);
    query.set('from', start.toISOString());
    query.set('to', new Date(start.getTime() + 86_400_000).toISOString());
  }
  return query.toString();
}
