import { sql, type Kysely } from 'kysely';
import type { DriverEarningsTables } from './driverEarnings.table.js';
import { dayText, requireSlice, toNumber, type AnalyticsSlice } from '../analytics/shared/slice.js';

export interface PaymentsLine {
  day: string;
  method: string;
  paidRides: number;
  revenueNgwee: number;
  commissionNgwee: number;
  driverEarningsNgwee: number;
  owedToDriversNgwee: number;
  owedByDriversNgwee: number;
  driversPaid: number;
}

/**
 * The money actually taken (analytics.payments_per_day), per Lusaka day the payment settled and per
 * method, over the slice's days. Payments are not recorded by town or vehicle: the slice's city and
 * vehicle type leave them whole.
 */
export async function paymentsPerDay(db: Kysely<DriverEarningsTables>, slice: AnalyticsSlice): Promise<PaymentsLine[]> {
  const { from, to } = requireSlice(slice);
  const { rows } = await sql<{
    day: string;
    method: string;
    paid_rides: number;
    revenue_ngwee: string;
    commission_ngwee: string;
    driver_earnings_ngwee: string;
    owed_to_drivers_ngwee: string;
    owed_by_drivers_ngwee: string;
    drivers_paid: number;
  }>`
    SELECT ${dayText} AS day, method, paid_rides, revenue_ngwee, commission_ngwee, driver_earnings_ngwee,
           owed_to_drivers_ngwee, owed_by_drivers_ngwee, drivers_paid
      FROM analytics.payments_per_day
     WHERE day BETWEEN ${from}::date AND ${to}::date
     ORDER BY day, method`.execute(db);
  return rows.map((row) => ({
    day: row.day,
    method: row.method,
    paidRides: toNumber(row.paid_rides),
    revenueNgwee: toNumber(row.revenue_ngwee),
    commissionNgwee: toNumber(row.commission_ngwee),
    driverEarningsNgwee: toNumber(row.driver_earnings_ngwee),
    owedToDriversNgwee: toNumber(row.owed_to_drivers_ngwee),
    owedByDriversNgwee: toNumber(row.owed_by_drivers_ngwee),
    driversPaid: toNumber(row.drivers_paid),
  }));
}
