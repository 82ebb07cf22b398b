import type { Insertable, Selectable } from 'kysely';
import type { BidStatus } from '../../domain/bid/index.js';

/** One row per bid (per driver per ride): what a rider choosing among bids, or a driver, sees. */
export interface BidsByRideTable {
  bid_id: string;
  ride_id: string;
  driver_id: string;
  driver_user_id: string;
  amount_ngwee: number;
  message: string;
  estimated_arrival_min: number;
  status: BidStatus;
  placed_at: Date;
  expires_at: Date;
  /** When the bid last changed, by the event's own time (a rebuild gives the same value). */
  updated_at: Date;
}

export type BidsByRideRow = Selectable<BidsByRideTable>;
export type InsertableBidsByRideRow = Insertable<BidsByRideTable>;

export interface BidsByRideTables {
  rm_bids_by_ride: BidsByRideTable;
}
