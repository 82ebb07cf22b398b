import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useAnalyticsHistory } from '../../../tests/support/analyticsHistory.js';
import { rideFactsProjection } from '../rideFacts/index.js';
import { timeToAssignment } from './queries.js';

describe('time to assignment: from request to driver assigned, per ride, with median and p90 per slice', () => {
  const bed = useAnalyticsHistory('timetoassign', [rideFactsProjection], { batchSize: 5 });

  it('keeps each ride that looked for a driver, with its wait in seconds', async () => {
    const { rows } = await sql`SELECT ride_id, to_char(day, 'YYYY-MM-DD') AS day, city, vehicle_type, pricing_method, seconds_to_assignment
      FROM analytics.ride_assignments ORDER BY requested_at`.execute(bed.db);
    expect(rows).toEqual([
      { ride_id: 'kitwe-car-1', day: '2026-03-04', city: 'kitwe', vehicle_type: 'car', pricing_method: 'fixed', seconds_to_assignment: 60 },
      { ride_id: 'kitwe-car-2', day: '2026-03-04', city: 'kitwe', vehicle_type: 'car', pricing_method: 'fixed', seconds_to_assignment: 180 },
      { ride_id: 'kitwe-car-3', day: '2026-03-04', city: 'kitwe', vehicle_type: 'car', pricing_method: 'fixed', seconds_to_assignment: 600 },
      { ride_id: 'ndola-moto-1', day: '2026-03-04', city: 'ndola', vehicle_type: 'motorcycle', pricing_method: 'fixed', seconds_to_assignment: 120 },
      { ride_id: 'kitwe-car-4', day: '2026-03-04', city: 'kitwe', vehicle_type: 'car', pricing_method: 'fixed', seconds_to_assignment: null },
      { ride_id: 'ndola-car-1', day: '2026-03-04', city: 'ndola', vehicle_type: 'car', pricing_method: 'fixed', seconds_to_assignment: null },
      { ride_id: 'kitwe-bidding-1', day: '2026-03-04', city: 'kitwe', vehicle_type: 'car', pricing_method: 'bidding', seconds_to_assignment: 300 },
      // Measured from its dispatch, not from its booking hours earlier.
      { ride_id: 'kitwe-scheduled', day: '2026-03-04', city: 'kitwe', vehicle_type: 'car', pricing_method: 'fixed', seconds_to_assignment: 300 },
      { ride_id: 'kitwe-bidding-2', day: '2026-03-04', city: 'kitwe', vehicle_type: 'car', pricing_method: 'bidding', seconds_to_assignment: null },
      // Requested at 23:50 on the 4th: it counts on the 4th, though assigned on the 5th.
      { ride_id: 'kitwe-late', day: '2026-03-04', city: 'kitwe', vehicle_type: 'car', pricing_method: 'fixed', seconds_to_assignment: 720 },
    ]);
  });

  it('takes the median and the 90th percentile per day, city and vehicle type', async () => {
    const { rows } = await sql`SELECT city, vehicle_type, requested, assigned, median_seconds, p90_seconds
      FROM analytics.time_to_assignment ORDER BY city, vehicle_type`.execute(bed.db);
    expect(rows).toEqual([
      // 60, 180, 300, 300, 600, 720: the median between the middle two, p90 at 4.5 of 5 steps.
      { city: 'kitwe', vehicle_type: 'car', requested: 8, assigned: 6, median_seconds: 300, p90_seconds: 660 },
      { city: 'ndola', vehicle_type: 'car', requested: 1, assigned: 0, median_seconds: null, p90_seconds: null },
      { city: 'ndola', vehicle_type: 'motorcycle', requested: 1, assigned: 1, median_seconds: 120, p90_seconds: 120 },
    ]);
  });

  it('answers the percentiles over the rides of a whole slice, not averaged per city', async () => {
    // 60, 120, 180, 300, 300, 600, 720: p90 at 5.4 of 6 steps.
    expect(await timeToAssignment(bed.db, { from: '2026-03-01', to: '2026-03-31' })).toEqual([
      { day: '2026-03-04', assigned: 7, medianSeconds: 300, p90Seconds: 648 },
    ]);
    expect(await timeToAssignment(bed.db, { from: '2026-03-04', to: '2026-03-04', city: 'ndola' })).toEqual([
      { day: '2026-03-04', assigned: 1, medianSeconds: 120, p90Seconds: 120 },
    ]);
    expect(await timeToAssignment(bed.db, { from: '2026-03-05', to: '2026-03-05' })).toEqual([]);
  });
});
