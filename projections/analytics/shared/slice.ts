import { sql, type RawBuilder } from 'kysely';
import { addDays, requireDay, type CalendarDay } from '../../shared/lusakaCalendar.js';

/** The admin's analytics filter: Lusaka days `from`–`to` (both included), optionally one city and one vehicle type. */
export interface AnalyticsSlice {
  from: CalendarDay;
  to: CalendarDay;
  city?: string;
  vehicleType?: string;
}

/** The longest range one request may cover: a year of days, leap years included. */
export const MAX_SLICE_DAYS = 366;

/** Checks a slice, naming the field that is wrong. */
export function requireSlice(slice: AnalyticsSlice): AnalyticsSlice {
  const from = requireDay(slice.from, 'from');
  const to = requireDay(slice.to, 'to');
  if (from > to) throw new RangeError(`from: ${from} is after to (${to})`);
  if (addDays(from, MAX_SLICE_DAYS - 1) < to) throw new RangeError(`to: at most ${MAX_SLICE_DAYS} days from ${from}`);
  return { ...slice, from, to };
}

/** `WHERE` conditions of a slice over an analytics view with `day`, `city` and `vehicle_type` columns. */
export function sliceConditions(slice: AnalyticsSlice): RawBuilder<boolean> {
  const { from, to, city, vehicleType } = requireSlice(slice);
  const conditions = [sql`day BETWEEN ${from}::date AND ${to}::date`];
  if (city !== undefined) conditions.push(sql`city = ${city}`);
  if (vehicleType !== undefined) conditions.push(sql`vehicle_type = ${vehicleType}`);
  return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
}

/** A Lusaka day column as `YYYY-MM-DD` text (pg would make a JS Date of a `date`, at the server's midnight). */
export const dayText = sql<string>`to_char(day, 'YYYY-MM-DD')`;

/** bigint and numeric come back from pg as text; analytics sums stay far below 2^53. */
export const toNumber = (value: string | number | null): number => (value === null ? 0 : Number(value));
