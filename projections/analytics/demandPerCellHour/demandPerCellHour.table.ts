import type { RideFactRow } from '../shared/rideFacts.js';

/** Each ride once, with the H3 cell of its pickup and when it started looking for a driver. */
export type RideDemandRow = RideFactRow & {
  h3_cell: string;
  /** The cell's centre, for maps that do not speak H3. */
  cell_lat: number;
  cell_lng: number;
  /** Null while a scheduled ride waits for its time. */
  search_started_at: Date | null;
};

export interface DemandPerCellHourTables {
  rm_analytics_ride_demand: RideDemandRow;
}
