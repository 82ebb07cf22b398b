import { sql, type Kysely } from 'kysely';
import type { RideFactsTables } from '../rideFacts/index.js';
import { dayText, sliceConditions, type AnalyticsSlice } from '../shared/slice.js';

export interface RidesPerDayLine {
  day: string;
  city: string;
  vehicleType: string;
  requested: number;
  completed: number;
  cancelled: number;
  expired: number;
}

/** analytics.rides_per_day within a slice, by day, then city, then vehicle type. */
export async function ridesPerDay(db: Kysely<RideFactsTables>, slice: AnalyticsSlice): Promise<RidesPerDayLine[]> {
  const { rows } = await sql<RidesPerDayLine>`
    SELECT ${dayText} AS day, city, vehicle_type AS "vehicleType", requested, completed, cancelled, expired
      FROM analytics.rides_per_day
     WHERE ${sliceConditions(slice)}
     ORDER BY day, city, vehicle_type`.execute(db);
  return rows;
}
