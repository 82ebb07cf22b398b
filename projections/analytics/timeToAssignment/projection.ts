import type { RideEvent } from '../../../domain/ride/events.js';
import type { Stored } from '../../shared/storedEvents.js';
import { defineRideFactsProjection, dimensionsOf, isBooking, searchStartedAt } from '../shared/rideFacts.js';
import { timeToAssignmentMigrations } from './migrations.js';
import type { RideAssignmentRow } from './timeToAssignment.table.js';

type Facts = Omit<RideAssignmentRow, 'last_revision'>;

/** A ride's row after one more of its events: its booking, the start of its search, its assignment. */
export function foldRideAssignment(row: RideAssignmentRow | undefined, { event }: Stored<RideEvent>): Facts | undefined {
  if (isBooking(event)) return row ?? { ...dimensionsOf(event.data), search_started_at: searchStartedAt(event), assigned_at: null };
  if (!row) return undefined;
  if (event.type === 'ScheduledRideDispatched') return { ...row, search_started_at: searchStartedAt(event) };
  if (event.type === 'DriverAssigned') return { ...row, assigned_at: new Date(event.data.assignedAt) };
  return undefined;
}

export const timeToAssignmentProjection = defineRideFactsProjection<RideAssignmentRow>({
  name: 'timeToAssignment',
  table: 'rm_analytics_ride_assignments',
  migrations: timeToAssignmentMigrations,
  fold: foldRideAssignment,
});
