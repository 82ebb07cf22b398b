import type { RideFactRow } from '../shared/rideFacts.js';

/**
 * Each ride once: when it started looking for a driver and when one was assigned. The views
 * measure the wait per ride and take its median and 90th percentile over any slice.
 */
export type RideAssignmentRow = RideFactRow & {
  /** Null while a scheduled ride waits for its time. */
  search_started_at: Date | null;
  /** Null until a driver is assigned (and for ever on a ride that never got one). */
  assigned_at: Date | null;
};

export interface TimeToAssignmentTables {
  rm_analytics_ride_assignments: RideAssignmentRow;
}
