import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { splitFare } from '../../../domain/fare/index.js';
import { useAnalyticsHistory } from '../../../tests/support/analyticsHistory.js';
import { rideFactsProjection } from '../rideFacts/index.js';
import { revenuePerDay } from './queries.js';

describe('revenue and driver earnings per day', () => {
  const bed = useAnalyticsHistory('revenueperday', [rideFactsProjection], { batchSize: 4 });

  it("sums completed rides' fares, the 12 % commission and the drivers' share on the Lusaka day of completion", async () => {
    expect(splitFare(4_321)).toEqual({ commissionNgwee: 519, netNgwee: 3_802 });
    const { rows } = await sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, city, vehicle_type, completed_rides, revenue_ngwee,
        commission_ngwee, driver_earnings_ngwee, drivers_paid
      FROM analytics.revenue_per_day ORDER BY day, city, vehicle_type`.execute(bed.db);
    expect(rows).toEqual([
      { day: '2026-03-04', city: 'kitwe', vehicle_type: 'car', completed_rides: 2, revenue_ngwee: '9321', commission_ngwee: '1119', driver_earnings_ngwee: '8202', drivers_paid: 2 },
      { day: '2026-03-04', city: 'ndola', vehicle_type: 'motorcycle', completed_rides: 1, revenue_ngwee: '2000', commission_ngwee: '240', driver_earnings_ngwee: '1760', drivers_paid: 1 },
      { day: '2026-03-05', city: 'kitwe', vehicle_type: 'car', completed_rides: 1, revenue_ngwee: '6000', commission_ngwee: '720', driver_earnings_ngwee: '5280', drivers_paid: 1 },
    ]);
  });

  it('answers the analysts day by day, filtered by city', async () => {
    const revenue = await revenuePerDay(bed.db, { from: '2026-03-01', to: '2026-03-31' });
    expect(revenue).toEqual([
      { day: '2026-03-04', completedRides: 3, revenueNgwee: 11_321, commissionNgwee: 1_359, driverEarningsNgwee: 9_962 },
      { day: '2026-03-05', completedRides: 1, revenueNgwee: 6_000, commissionNgwee: 720, driverEarningsNgwee: 5_280 },
    ]);
    expect(revenue.map((day) => day.completedRides)).toEqual([3, 1]);
    expect(await revenuePerDay(bed.db, { from: '2026-03-01', to: '2026-03-31', city: 'ndola' })).toEqual([
      { day: '2026-03-04', completedRides: 1, revenueNgwee: 2_000, driverEarningsNgwee: 1_760, commissionNgwee: 240 },
    ]);
  });
});
