import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bidIdFor } from '../../../domain/bid/index.js';
import { drivers, useAnalyticsHistory } from '../../../tests/support/analyticsHistory.js';
import { bidOutcomesProjection } from './projection.js';
import { bidOutcomes } from './queries.js';

describe('bids per ride and acceptance rate', () => {
  const bed = useAnalyticsHistory('bidoutcomes', [bidOutcomesProjection], { batchSize: 4, events: (history) => history.rideEvents() + history.bidEvents() });

  it('keeps each placement of a bid, a bid placed again after its withdrawal as a second one', async () => {
    const { rows } = await sql`SELECT bid_id, ride_id, city, vehicle_type, amount_ngwee, status, rejection_reason
      FROM analytics.bids ORDER BY placed_at`.execute(bed.db);
    const bid = (ride: string, driver: keyof typeof drivers) => bidIdFor(ride, drivers[driver].driverId);
    const kitweCar = { city: 'kitwe', vehicle_type: 'car' };
    expect(rows).toEqual([
      { bid_id: bid('kitwe-bidding-1', 'mwale'), ride_id: 'kitwe-bidding-1', ...kitweCar, amount_ngwee: 4_800, status: 'accepted', rejection_reason: null },
      { bid_id: bid('kitwe-bidding-1', 'banda'), ride_id: 'kitwe-bidding-1', ...kitweCar, amount_ngwee: 5_200, status: 'rejected', rejection_reason: 'another_bid_accepted' },
      { bid_id: bid('kitwe-bidding-1', 'phiri'), ride_id: 'kitwe-bidding-1', ...kitweCar, amount_ngwee: 5_000, status: 'withdrawn', rejection_reason: null },
      { bid_id: bid('kitwe-bidding-1', 'phiri'), ride_id: 'kitwe-bidding-1', ...kitweCar, amount_ngwee: 4_900, status: 'rejected', rejection_reason: 'another_bid_accepted' },
      { bid_id: bid('kitwe-bidding-2', 'banda'), ride_id: 'kitwe-bidding-2', ...kitweCar, amount_ngwee: 5_500, status: 'expired', rejection_reason: null },
    ]);
    const { rows: rides } = await sql`SELECT ride_id FROM rm_analytics_bid_rides ORDER BY ride_id`.execute(bed.db);
    expect(rides).toEqual([{ ride_id: 'kitwe-bidding-1' }, { ride_id: 'kitwe-bidding-2' }]); // fixed-price rides take no bids
  });

  it('sums them per day, city and vehicle type', async () => {
    const { rows } = await sql`SELECT * FROM analytics.bid_outcomes`.execute(bed.db);
    expect(rows).toEqual([
      {
        day: new Date('2026-03-04T00:00:00Z'),
        city: 'kitwe',
        vehicle_type: 'car',
        rides_with_bids: 2,
        bids_placed: 5,
        bids_accepted: 1,
        bids_rejected: 2,
        bids_withdrawn: 1,
        bids_expired: 1,
        bids_open: 0,
        rides_with_accepted_bid: 1,
        bids_per_ride: '2.50',
        acceptance_rate: '0.2000',
      },
    ]);
  });

  it('answers a slice per day', async () => {
    expect(await bidOutcomes(bed.db, { from: '2026-03-01', to: '2026-03-31', city: 'kitwe' })).toEqual([
      { day: '2026-03-04', ridesWithBids: 2, bidsPlaced: 5, bidsAccepted: 1, bidsRejected: 2, bidsWithdrawn: 1, bidsExpired: 1, bidsPerRide: 2.5, acceptanceRate: 0.2 },
    ]);
    expect(await bidOutcomes(bed.db, { from: '2026-03-01', to: '2026-03-31', city: 'ndola' })).toEqual([]);
  });
});
