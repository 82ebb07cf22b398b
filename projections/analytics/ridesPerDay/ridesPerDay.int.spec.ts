import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useAnalyticsHistory } from '../../../tests/support/analyticsHistory.js';
import { rideFactsProjection } from '../rideFacts/index.js';
import { ridesPerDay } from './queries.js';

describe('rides per day: requested, completed, cancelled and expired per Lusaka day, city and vehicle type', () => {
  const bed = useAnalyticsHistory('ridesperday', [rideFactsProjection], { batchSize: 7 });

  it('counts each ride on the Lusaka day it reached each milestone', async () => {
    const { rows } = await sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, city, vehicle_type, requested, completed, cancelled, expired
      FROM analytics.rides_per_day ORDER BY day, city, vehicle_type`.execute(bed.db);
    expect(rows).toEqual([
      // kitwe-late was requested at 23:50 on the 4th and completed at 00:20 on the 5th.
      { day: '2026-03-04', city: 'kitwe', vehicle_type: 'car', requested: 8, completed: 2, cancelled: 3, expired: 1 },
      // ndola-scheduled was cancelled before its search ever started: cancelled, never requested.
      { day: '2026-03-04', city: 'ndola', vehicle_type: 'car', requested: 1, completed: 0, cancelled: 1, expired: 1 },
      { day: '2026-03-04', city: 'ndola', vehicle_type: 'motorcycle', requested: 1, completed: 1, cancelled: 0, expired: 0 },
      { day: '2026-03-05', city: 'kitwe', vehicle_type: 'car', requested: 0, completed: 1, cancelled: 0, expired: 0 },
    ]);
  });

  it('answers a slice of days, cities and vehicle types', async () => {
    expect(await ridesPerDay(bed.db, { from: '2026-03-05', to: '2026-03-31' })).toEqual([
      { day: '2026-03-05', city: 'kitwe', vehicleType: 'car', requested: 0, completed: 1, cancelled: 0, expired: 0 },
    ]);
    expect(await ridesPerDay(bed.db, { from: '2026-03-01', to: '2026-03-31', city: 'ndola', vehicleType: 'motorcycle' })).toEqual([
      { day: '2026-03-04', city: 'ndola', vehicleType: 'motorcycle', requested: 1, completed: 1, cancelled: 0, expired: 0 },
    ]);
    expect(await ridesPerDay(bed.db, { from: '2026-03-01', to: '2026-03-03' })).toEqual([]);
    await expect(ridesPerDay(bed.db, { from: '2026-03-05', to: '2026-03-04' })).rejects.toThrow('from:');
    await expect(ridesPerDay(bed.db, { from: '2025-01-01', to: '2026-03-04' })).rejects.toThrow('to:');
  });
});
