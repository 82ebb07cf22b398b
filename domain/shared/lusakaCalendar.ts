/**
 * Calendar days as the Copperbelt lives them: Zambia keeps Central Africa Time (UTC+2) all year,
 * so "today" and "this week" are Lusaka days, whatever the server's own time zone.
 */
export type CalendarDay = string;

const LUSAKA_OFFSET_MS = 2 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The Lusaka date (`YYYY-MM-DD`) of an instant. */
export function lusakaDate(instant: Date): CalendarDay {
  return new Date(instant.getTime() + LUSAKA_OFFSET_MS).toISOString().slice(0, 10);
}

export function lusakaDay(instant: Date | string): CalendarDay {
  return lusakaDate(typeof instant === 'string' ? new Date(instant) : instant);
}

/** The instant a Lusaka day begins (00:00 CAT). */
export const startOfLusakaDay = (day: CalendarDay): Date => new Date(Date.parse(`${day}T00:00:00Z`) - LUSAKA_OFFSET_MS);

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
