import type { RideFactRow } from '../shared/rideFacts.js';

/** Each ride once, with the instants it was requested and how it ended: analytics.rides_per_day counts them per Lusaka day. */
export type RideOutcomeRow = RideFactRow & {
  /** When it started looking for a driver (null while a scheduled ride waits for its time). */
  search_started_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
  expired_at: Date | null;
};

export interface RidesPerDayTables {
  rm_analytics_ride_outcomes: RideOutcomeRow;
}
