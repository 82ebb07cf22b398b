import type { BidStatus } from '../../../domain/bid/index.js';
import type { CityId } from '../../../domain/catalogue/cities.js';

/** The bidding rides, with what their bids are sliced by. */
export interface BidRideTable {
  ride_id: string;
  city: CityId;
  vehicle_type: string;
}

/**
 * Each placement of a bid once. A driver has one bid stream per ride and may bid again after
 * withdrawing or letting a bid expire, so a placement is keyed by the stream revision of its
 * BidPlaced; its status is `placed` until it is settled.
 */
export interface BidPlacementTable {
  bid_id: string;
  /** bigint: read back as text. */
  placed_revision: string;
  ride_id: string;
  amount_ngwee: number;
  placed_at: Date;
  status: BidStatus;
  settled_at: Date | null;
  /** Why the platform rejected it (another bid accepted, ride cancelled or expired). */
  rejection_reason: string | null;
  last_revision: string;
}

export type BidPlacementRow = BidPlacementTable;

export interface BidOutcomesTables {
  rm_analytics_bid_rides: BidRideTable;
  rm_analytics_bids: BidPlacementTable;
}
