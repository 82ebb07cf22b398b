import { sql } from 'kysely';
import { defineProjection } from '../../runner/projection.js';
import { readRideEvent, streamPrefixes } from '../../shared/storedEvents.js';
import { anyOf, upsertRows } from '../../shared/upsert.js';
import { dimensionsOf, isBooking } from '../shared/rideFacts.js';
import type { BidOutcomesTables, BidPlacementRow, BidRideTable } from './bidOutcomes.table.js';
import { BID_STREAM_PREFIX, foldBidPlacements, readBidEvent } from './foldBids.js';
import { bidOutcomesMigrations } from './migrations.js';

/**
 * Bids and their outcomes. Reads the ride streams too, for the city and vehicle type of each
 * bidding ride: a ride is booked before any bid on it, so in `$all` order its row is there first.
 */
export const bidOutcomesProjection = defineProjection<BidOutcomesTables>({
  name: 'bidOutcomes',
  filter: { streamNamePrefixes: [streamPrefixes.ride, BID_STREAM_PREFIX] },
  tables: ['rm_analytics_bid_rides', 'rm_analytics_bids'],
  migrations: bidOutcomesMigrations,
  async handle(trx, events) {
    const rides: BidRideTable[] = events.flatMap((recorded) => {
      const item = readRideEvent(recorded);
      if (!item || !isBooking(item.event) || item.event.data.pricingMethod !== 'bidding') return [];
      const { ride_id, city, vehicle_type } = dimensionsOf(item.event.data);
      return [{ ride_id, city, vehicle_type }];
    });
    if (rides.length > 0) {
      await trx.insertInto('rm_analytics_bid_rides').values(rides).onConflict((oc) => oc.column('ride_id').doNothing()).execute();
    }

    const bidEvents = events.map(readBidEvent).filter((item) => item !== null);
    const bidIds = [...new Set(bidEvents.map((item) => item.event.data.bidId))];
    if (bidIds.length === 0) return;
    const stored = await trx
      .selectFrom('rm_analytics_bids')
      .selectAll()
      .distinctOn('bid_id')
      .where('bid_id', '=', anyOf(bidIds))
      .orderBy('bid_id')
      .orderBy(sql`placed_revision`, 'desc')
      .execute();
    const rows: BidPlacementRow[] = foldBidPlacements(new Map(stored.map((row) => [row.bid_id, row])), bidEvents);
    await upsertRows(trx, 'rm_analytics_bids', rows, { key: ['bid_id', 'placed_revision'], onConflict: 'replace' });
  },
});
