import { sql, type Kysely } from 'kysely';
import { addDays, lusakaDay, mondayOf, requireDay, type CalendarDay } from '../shared/lusakaCalendar.js';
import type { DriverEarningsTables } from './driverEarnings.table.js';

type Db = Kysely<DriverEarningsTables>;

export interface Earnings {
  rides: number;
  grossNgwee: number;
  commissionNgwee: number;
  netNgwee: number;
}

export interface EarningsSummary {
  /** The Lusaka day `now` falls on, and the Monday its week starts. */
  day: CalendarDay;
  weekStartsOn: CalendarDay;
  today: Earnings;
  thisWeek: Earnings;
  total: Earnings;
}

const none: Earnings = { rides: 0, grossNgwee: 0, commissionNgwee: 0, netNgwee: 0 };

const plus = (a: Earnings, b: Earnings): Earnings => ({
  rides: a.rides + b.rides,
  grossNgwee: a.grossNgwee + b.grossNgwee,
  commissionNgwee: a.commissionNgwee + b.commissionNgwee,
  netNgwee: a.netNgwee + b.netNgwee,
});

/** The driver dashboard's cards: today, this week (from Monday) and all time, in Lusaka days. */
export async function earningsSummary(db: Db, driverId: string, now: Date): Promise<EarningsSummary> {
  const day = lusakaDay(now);
  const weekStartsOn = mondayOf(day);
  // One pass over the driver's days, summed in three buckets: today, earlier this week, before.
  const bucket = sql<'today' | 'week' | 'before'>`CASE WHEN day = ${day}::date THEN 'today'
    WHEN day >= ${weekStartsOn}::date AND day < ${day}::date THEN 'week' ELSE 'before' END`;
  const rows = await db
    .selectFrom('rm_driver_earnings_daily')
    .select([
      bucket.as('bucket'),
      sql<string>`sum(rides)`.as('rides'),
      sql<string>`sum(gross_ngwee)`.as('gross'),
      sql<string>`sum(commission_ngwee)`.as('commission'),
      sql<string>`sum(net_ngwee)`.as('net'),
    ])
    .where('driver_id', '=', driverId)
    .groupBy(sql`1`)
    .execute();
  const sums = new Map(
    rows.map((row) => [
      row.bucket,
      { rides: Number(row.rides), grossNgwee: Number(row.gross), commissionNgwee: Number(row.commission), netNgwee: Number(row.net) },
    ]),
  );
  const today = sums.get('today') ?? none;
  const thisWeek = plus(today, sums.get('week') ?? none);
  return { day, weekStartsOn, today, thisWeek, total: plus(thisWeek, sums.get('before') ?? none) };
}

const MAX_DAYS = 366;

/** Day by day from `from` to `to` (Lusaka days, both included), the days on which payments settled only. */
export async function earningsByDay(
  db: Db,
  driverId: string,
  range: { from: CalendarDay; to: CalendarDay },
): Promise<Array<Earnings & { day: CalendarDay }>> {
  const from = requireDay(range.from, 'from');
  const to = requireDay(range.to, 'to');
  if (from > to) throw new RangeError(`from: ${from} is after to (${to})`);
  if (addDays(from, MAX_DAYS - 1) < to) throw new RangeError(`to: at most ${MAX_DAYS} days from ${from}`);
  const rows = await db
    .selectFrom('rm_driver_earnings_daily')
    .select([
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      'rides',
      'gross_ngwee',
      'commission_ngwee',
      'net_ngwee',
    ])
    .where('driver_id', '=', driverId)
    .where(sql<boolean>`day BETWEEN ${from}::date AND ${to}::date`)
    .orderBy('day')
    .execute();
  return rows.map((row) => ({
    day: row.day,
    rides: row.rides,
    grossNgwee: Number(row.gross_ngwee),
    commissionNgwee: Number(row.commission_ngwee),
    netNgwee: Number(row.net_ngwee),
  }));
}

export interface RideEarning {
  rideId: string;
  day: CalendarDay;
  settledAt: Date;
  /** How the rider paid: cash stays with the driver, mobile money reaches the platform. */
  method: string;
  grossNgwee: number;
  commissionNgwee: number;
  netNgwee: number;
}

/** The earnings tab: each ride whose payment settled, with its split, newest first; `before` pages on `settledAt`. */
export async function rideEarnings(db: Db, driverId: string, page: { limit?: number; before?: Date } = {}): Promise<RideEarning[]> {
  const limit = page.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new RangeError(`limit: must be an integer from 1 to 200, got ${limit}`);
  let query = db
    .selectFrom('rm_driver_earning_rides')
    .select(['ride_id', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'settled_at', 'method', 'gross_ngwee', 'commission_ngwee', 'net_ngwee'])
    .where('driver_id', '=', driverId)
    .where('day', 'is not', null);
  if (page.before) query = query.where('settled_at', '<', page.before);
  const rows = await query.orderBy('settled_at', 'desc').orderBy('ride_id').limit(limit).execute();
  return rows.map((row) => ({
    rideId: row.ride_id,
    day: row.day,
    settledAt: row.settled_at!,
    method: row.method!,
    grossNgwee: row.gross_ngwee,
    commissionNgwee: row.commission_ngwee,
    netNgwee: row.net_ngwee,
  }));
}
