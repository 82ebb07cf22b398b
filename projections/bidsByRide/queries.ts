import type { Kysely } from 'kysely';
import type { BidStatus } from '../../domain/bid/index.js';
import type { BidsByRideRow, BidsByRideTables } from './bidsByRide.table.js';

type Db = Kysely<BidsByRideTables>;

/** A ride's bids, oldest first; only those of one status when asked (`placed` = still live). */
export async function bidsForRide(db: Db, rideId: string, options: { status?: BidStatus } = {}): Promise<BidsByRideRow[]> {
  let query = db.selectFrom('rm_bids_by_ride').selectAll().where('ride_id', '=', rideId).orderBy('placed_at').orderBy('bid_id');
  if (options.status !== undefined) query = query.where('status', '=', options.status);
  return query.execute();
}

export async function findBid(db: Db, bidId: string): Promise<BidsByRideRow | undefined> {
  return db.selectFrom('rm_bids_by_ride').selectAll().where('bid_id', '=', bidId).executeTakeFirst();
}
