import type { RideEvent } from '../../../domain/ride/events.js';
import type { Stored } from '../../shared/storedEvents.js';
import { defineRideFactsProjection, dimensionsOf, isBooking } from '../shared/rideFacts.js';
import type { RideCancellationRow } from './cancellations.table.js';
import { cancellationsMigrations } from './migrations.js';

type Facts = Omit<RideCancellationRow, 'last_revision'>;

/** A ride's row after one more of its events: its booking, then its cancellation if it has one. */
export function foldRideCancellation(row: RideCancellationRow | undefined, { event }: Stored<RideEvent>): Facts | undefined {
  if (isBooking(event)) return row ?? { ...dimensionsOf(event.data), cancelled_at: null, cancelled_by: null, reason_code: null, reason: null, stage: null };
  if (!row || event.type !== 'RideCancelled') return undefined;
  const { cancelledAt, by, reasonCode, reason, stage } = event.data;
  return { ...row, cancelled_at: new Date(cancelledAt), cancelled_by: by, reason_code: reasonCode, reason, stage };
}

export const cancellationsProjection = defineRideFactsProjection<RideCancellationRow>({
  name: 'cancellations',
  table: 'rm_analytics_cancellations',
  migrations: cancellationsMigrations,
  fold: foldRideCancellation,
});
