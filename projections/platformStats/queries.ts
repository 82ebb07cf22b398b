import { sql, type Kysely } from 'kysely';
import { addDays, lusakaDay, type CalendarDay } from '../shared/lusakaCalendar.js';
import type { PlatformStatsTables } from './platformStats.table.js';

export interface DayStats {
  day: CalendarDay;
  /** Rides that started looking for a driver that day (booked for now, or a scheduled one dispatched). */
  rides: number;
  completed: number;
  cancelled: number;
  expired: number;
  revenueNgwee: number;
  commissionNgwee: number;
}

/**
 * The admin dashboard (spec 001 §3 "Dashboard stats"). Total users is not here: accounts are not
 * event-sourced, the API counts them. Revenue is the fares of completed rides; the platform's
 * 12 % share of them is `commissionNgwee`.
 */
export interface DashboardStats {
  today: CalendarDay;
  ridesToday: number;
  liveRides: number;
  scheduledRides: number;
  totalRides: number;
  completedRides: number;
  revenueNgwee: number;
  revenueTodayNgwee: number;
  commissionNgwee: number;
  totalDrivers: number;
  pendingDrivers: number;
  approvedDrivers: number;
  rejectedDrivers: number;
  suspendedDrivers: number;
  /** On duty now (online, free or on a ride). */
  activeDrivers: number;
  /** The last `days` Lusaka days, oldest first, every day present (zeros where nothing happened). */
  daily: DayStats[];
}

/** The dashboard as of `now`; `days` (1–92, default 7) sets how many days `daily` covers. */
export async function dashboardStats(db: Kysely<PlatformStatsTables>, now: Date, options: { days?: number } = {}): Promise<DashboardStats> {
  const days = options.days ?? 7;
  if (!Number.isInteger(days) || days < 1 || days > 92) throw new RangeError(`days: must be an integer from 1 to 92, got ${days}`);
  const today = lusakaDay(now);
  const first = addDays(today, -(days - 1));
  const [totals, rows] = await Promise.all([
    db.selectFrom('rm_platform_totals').selectAll().where('scope', '=', 'all').executeTakeFirst(),
    db
      .selectFrom('rm_platform_daily')
      .selectAll()
      .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('calendar_day'))
      .where(sql<boolean>`day BETWEEN ${first}::date AND ${today}::date`)
      .execute(),
  ]);
  const byDay = new Map(rows.map((row) => [row.calendar_day, row]));
  const daily = Array.from({ length: days }, (_, index): DayStats => {
    const day = addDays(first, index);
    const row = byDay.get(day);
    return {
      day,
      rides: row?.rides_requested ?? 0,
      completed: row?.rides_completed ?? 0,
      cancelled: row?.rides_cancelled ?? 0,
      expired: row?.rides_expired ?? 0,
      revenueNgwee: Number(row?.revenue_ngwee ?? 0),
      commissionNgwee: Number(row?.commission_ngwee ?? 0),
    };
  });
  const todayStats = daily.at(-1)!;
  return {
    today,
    ridesToday: todayStats.rides,
    liveRides: totals?.live_rides ?? 0,
    scheduledRides: totals?.scheduled_rides ?? 0,
    totalRides: totals?.rides_total ?? 0,
    completedRides: totals?.completed_rides ?? 0,
    revenueNgwee: Number(totals?.revenue_ngwee ?? 0),
    revenueTodayNgwee: todayStats.revenueNgwee,
    commissionNgwee: Number(totals?.commission_ngwee ?? 0),
    totalDrivers: totals?.drivers_total ?? 0,
    pendingDrivers: totals?.drivers_pending ?? 0,
    approvedDrivers: totals?.drivers_approved ?? 0,
    rejectedDrivers: totals?.drivers_rejected ?? 0,
    suspendedDrivers: totals?.drivers_suspended ?? 0,
    activeDrivers: totals?.drivers_online ?? 0,
    daily,
  };
}
