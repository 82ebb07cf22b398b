import { sql, type Kysely } from 'kysely';
import type { RideFactsTables } from '../rideFacts/index.js';
import { sliceConditions, type AnalyticsSlice } from '../shared/slice.js';

export interface DemandLine {
  cell: string;
  lat: number;
  lng: number;
  /** Hour of the Lusaka day, 0–23. */
  hour: number;
  requests: number;
}

/** Requests per pickup cell and hour of day over the whole slice (its days added together), busiest first within each hour. */
export async function demandPerCellHour(db: Kysely<RideFactsTables>, slice: AnalyticsSlice): Promise<DemandLine[]> {
  const { rows } = await sql<DemandLine>`
    SELECT h3_cell AS cell, cell_lat AS lat, cell_lng AS lng, hour, sum(requests)::int AS requests
      FROM analytics.demand_per_cell_hour
     WHERE ${sliceConditions(slice)}
     GROUP BY h3_cell, cell_lat, cell_lng, hour
     ORDER BY hour, requests DESC, cell`.execute(db);
  return rows;
}
