import type { RideEvent } from '../../../domain/ride/events.js';
import { assertNever } from '../../../domain/shared/command.js';
import type { Stored } from '../../shared/storedEvents.js';
import { defineRideFactsProjection, dimensionsOf, searchStartedAt } from '../shared/rideFacts.js';
import { ridesPerDayMigrations } from './migrations.js';
import type { RideOutcomeRow } from './ridesPerDay.table.js';

type Facts = Omit<RideOutcomeRow, 'last_revision'>;

/** A ride's row after one more of its events; undefined when the event changes nothing counted here. */
export function foldRideOutcome(row: RideOutcomeRow | undefined, { event }: Stored<RideEvent>): Facts | undefined {
  switch (event.type) {
    case 'RideRequested':
    case 'RideScheduled':
      return row ?? { ...dimensionsOf(event.data), search_started_at: searchStartedAt(event), completed_at: null, cancelled_at: null, expired_at: null };
    case 'ScheduledRideDispatched':
      return row && { ...row, search_started_at: searchStartedAt(event) };
    case 'TripCompleted':
      return row && { ...row, completed_at: new Date(event.data.completedAt) };
    case 'RideCancelled':
      return row && { ...row, cancelled_at: new Date(event.data.cancelledAt) };
    case 'RideExpired':
      return row && { ...row, expired_at: new Date(event.data.expiredAt) };
    case 'FareCounterOffered':
    case 'BidAccepted':
    case 'DriverAssigned':
    case 'PinIssued':
    case 'DriverArrived':
    case 'PinAttemptFailed':
    case 'TripStarted':
    case 'EmergencyRaised':
    case 'RideRated':
      return undefined;
    default:
      return assertNever(event);
  }
}

export const ridesPerDayProjection = defineRideFactsProjection<RideOutcomeRow>({
  name: 'ridesPerDay',
  table: 'rm_analytics_ride_outcomes',
  migrations: ridesPerDayMigrations,
  fold: foldRideOutcome,
});
