import { splitFare } from '../../../domain/fare/index.js';
import type { RideEvent } from '../../../domain/ride/events.js';
import type { Stored } from '../../shared/storedEvents.js';
import { defineRideFactsProjection, dimensionsOf, isBooking } from '../shared/rideFacts.js';
import { revenuePerDayMigrations } from './migrations.js';
import type { RideRevenueRow } from './revenuePerDay.table.js';

type Facts = Omit<RideRevenueRow, 'last_revision'>;

/** A ride's row after one more of its events: its booking, then its fare and split once completed. */
export function foldRideRevenue(row: RideRevenueRow | undefined, { event }: Stored<RideEvent>): Facts | undefined {
  if (isBooking(event)) {
    return row ?? { ...dimensionsOf(event.data), driver_id: null, completed_at: null, fare_ngwee: null, commission_ngwee: null, driver_share_ngwee: null };
  }
  if (!row || event.type !== 'TripCompleted') return undefined;
  const { driverId, finalFareNgwee, completedAt } = event.data;
  const { commissionNgwee, netNgwee } = splitFare(finalFareNgwee);
  return {
    ...row,
    driver_id: driverId,
    completed_at: new Date(completedAt),
    fare_ngwee: finalFareNgwee,
    commission_ngwee: commissionNgwee,
    driver_share_ngwee: netNgwee,
  };
}

export const revenuePerDayProjection = defineRideFactsProjection<RideRevenueRow>({
  name: 'revenuePerDay',
  table: 'rm_analytics_ride_revenue',
  migrations: revenuePerDayMigrations,
  fold: foldRideRevenue,
});
