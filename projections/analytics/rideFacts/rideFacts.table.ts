import type { CancellableStage, CancellationReason } from '../../../domain/ride/values.js';
import type { RideDimensions } from '../shared/rideFacts.js';

/**
 * Each ride once, as the analysts' views read it: what it is sliced by (its dimensions), when it
 * reached each milestone, how it was cancelled, what it earned and where it was asked for. No
 * person is named here but the driver paid (by id): no rider, no address, no phone. Analysts
 * never read this table, only the views over it (docs/analytics.md).
 */
export type RideFactsRow = RideDimensions & {
  /** Pickup's H3 cell, resolution 8 as dispatch uses, and the cell's centre (for maps that do not speak H3). */
  h3_cell: string;
  cell_lat: number;
  cell_lng: number;
  /** When it started looking for a driver: at booking, or at dispatch when scheduled (null while it waits). */
  search_started_at: Date | null;
  /** Null until a driver is assigned (and for ever on a ride that never got one). */
  assigned_at: Date | null;
  completed_at: Date | null;
  expired_at: Date | null;
  cancelled_at: Date | null;
  cancelled_by: 'rider' | 'driver' | 'admin' | 'system' | null;
  /** Why, as a stable code: what the analytics group by. */
  cancel_reason_code: CancellationReason | null;
  /** As the canceller worded it, in their own language (kept for reading one ride, never grouped by). */
  cancel_reason: string | null;
  /** The ride's state when it was cancelled. */
  cancelled_stage: CancellableStage | null;
  /** The money columns stay null unless it was completed: its final fare, split as drivers are paid. */
  driver_id: string | null;
  fare_ngwee: number | null;
  commission_ngwee: number | null;
  driver_share_ngwee: number | null;
  /** The last ride event folded in (bigint, read back as text). */
  last_revision: string;
};

export interface RideFactsTables {
  rm_analytics_rides: RideFactsRow;
}
