import { sql, type Kysely } from 'kysely';
import type { RideFactsTables } from '../rideFacts/index.js';
import { dayText, sliceConditions, toNumber, type AnalyticsSlice } from '../shared/slice.js';

export interface RevenueLine {
  day: string;
  completedRides: number;
  revenueNgwee: number;
  driverEarningsNgwee: number;
  commissionNgwee: number;
}

/** Per day over the whole slice: completed rides, fares, the drivers' share and the commission. */
export async function revenuePerDay(db: Kysely<RideFactsTables>, slice: AnalyticsSlice): Promise<RevenueLine[]> {
  const { rows } = await sql<{ day: string; completed: string; revenue: string; earnings: string; commission: string }>`
    SELECT ${dayText} AS day, sum(completed_rides) AS completed, sum(revenue_ngwee) AS revenue,
           sum(driver_earnings_ngwee) AS earnings, sum(commission_ngwee) AS commission
      FROM analytics.revenue_per_day
     WHERE ${sliceConditions(slice)}
     GROUP BY day
     ORDER BY day`.execute(db);
  return rows.map((row) => ({
    day: row.day,
    completedRides: toNumber(row.completed),
    revenueNgwee: toNumber(row.revenue),
    driverEarningsNgwee: toNumber(row.earnings),
    commissionNgwee: toNumber(row.commission),
  }));
}
