import { lusakaDate } from '../../domain/driverVerification/documents.js';

/**
 * Calendar days as the Copperbelt lives them: Zambia keeps Central Africa Time (UTC+2) all year,
 * so "today" and "this week" are Lusaka days, whatever the server's own time zone.
 */
export type CalendarDay = string;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function lusakaDay(instant: Date | string): CalendarDay {
  return lusakaDate(typeof instant === 'string' ? new Date(instant) : instant);
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Monday that starts the week holding `day`. */
export function mondayOf(day: CalendarDay): CalendarDay {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Checks a `YYYY-MM-DD` argument, naming the field when it is not a real date. */
export function requireDay(value: string, field: string): CalendarDay {
  if (!DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || addDays(value, 0) !== value) {
    throw new RangeError(`${field}: must be a calendar day as YYYY-MM-DD, got "${value}"`);
  }
  return value;
}
