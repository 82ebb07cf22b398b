import type { RideFactRow } from '../shared/rideFacts.js';

/**
 * Each ride once; the money columns stay null unless it was completed. The fare is the trip's
 * final fare, split as drivers are paid (domain/fare splitFare: 12 % commission, rounded half up).
 */
export type RideRevenueRow = RideFactRow & {
  driver_id: string | null;
  completed_at: Date | null;
  fare_ngwee: number | null;
  commission_ngwee: number | null;
  driver_share_ngwee: number | null;
};

export interface RevenuePerDayTables {
  rm_analytics_ride_revenue: RideRevenueRow;
}
