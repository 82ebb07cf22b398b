import type { CancellableStage, CancellationReason } from '../../../domain/ride/values.js';
import type { RideFactRow } from '../shared/rideFacts.js';

/** Each ride once; the cancellation columns stay null unless it was cancelled. */
export type RideCancellationRow = RideFactRow & {
  cancelled_at: Date | null;
  cancelled_by: 'rider' | 'driver' | 'admin' | 'system' | null;
  /** Why, as a stable code: what the analytics group by. */
  reason_code: CancellationReason | null;
  /** As the canceller worded it, in their own language (kept for reading one ride, never grouped by). */
  reason: string | null;
  /** The ride's state when it was cancelled. */
  stage: CancellableStage | null;
};

export interface CancellationsTables {
  rm_analytics_cancellations: RideCancellationRow;
}
