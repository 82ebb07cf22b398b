import { sql, type Kysely } from 'kysely';
import type { RideFactsTables } from '../rideFacts/index.js';
import { dayText, sliceConditions, type AnalyticsSlice } from '../shared/slice.js';

export interface TimeToAssignmentLine {
  day: string;
  /** Rides requested that day (in the slice) that got a driver. */
  assigned: number;
  /** Null on a day when no ride got a driver. */
  medianSeconds: number | null;
  p90Seconds: number | null;
}

/**
 * Per day over the whole slice (all its cities and vehicle types together): the percentiles are
 * taken over the rides themselves (analytics.ride_assignments), since medians do not add up.
 */
export async function timeToAssignment(db: Kysely<RideFactsTables>, slice: AnalyticsSlice): Promise<TimeToAssignmentLine[]> {
  const { rows } = await sql<TimeToAssignmentLine>`
    SELECT ${dayText} AS day,
           count(assigned_at)::int AS assigned,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds_to_assignment) AS "medianSeconds",
           percentile_cont(0.9) WITHIN GROUP (ORDER BY seconds_to_assignment) AS "p90Seconds"
      FROM analytics.ride_assignments
     WHERE ${sliceConditions(slice)}
     GROUP BY day
     ORDER BY day`.execute(db);
  return rows;
}
