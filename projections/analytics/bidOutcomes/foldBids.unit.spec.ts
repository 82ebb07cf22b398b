import { describe, expect, it } from 'vitest';
import type { BidEvent } from '../../../domain/bid/index.js';
import type { Stored } from '../../shared/storedEvents.js';
import type { BidPlacementRow } from './bidOutcomes.table.js';
import { foldBidPlacements } from './foldBids.js';

const ids = { bidId: 'r1_d1', rideId: 'r1', driverId: 'd1' };
const stored = (revision: number, event: BidEvent): Stored<BidEvent> => ({ event, streamName: 'bid-r1_d1', revision: BigInt(revision), created: new Date() });
const placed = (revision: number, amountNgwee: number) =>
  stored(revision, {
    type: 'BidPlaced',
    data: { ...ids, driverUserId: 'u1', amountNgwee, message: '', estimatedArrivalMinutes: 3, expiresAt: '2026-03-04T08:02:00.000Z', placedAt: '2026-03-04T08:00:00.000Z' },
  });
const withdrawn = (revision: number) => stored(revision, { type: 'BidWithdrawn', data: { ...ids, withdrawnAt: '2026-03-04T08:01:00.000Z' } });
const rejected = (revision: number) =>
  stored(revision, { type: 'BidMarkedRejected', data: { ...ids, reason: 'ride_cancelled', rejectedAt: '2026-03-04T08:03:00.000Z' } });

describe('folding bid placements', () => {
  const history = [placed(0, 4_000), withdrawn(1), placed(2, 4_500), rejected(3)];

  it('settles the newest placement of a bid; a new BidPlaced starts another', () => {
    const rows = foldBidPlacements(new Map(), history);
    expect(rows.map((row) => [row.placed_revision, row.amount_ngwee, row.status, row.last_revision])).toEqual([
      ['0', 4_000, 'withdrawn', '1'],
      ['2', 4_500, 'rejected', '3'],
    ]);
    expect(rows[1]!.rejection_reason).toBe('ride_cancelled');
  });

  it('skips what the stored placements already hold, however the events are batched', () => {
    const [first, second] = foldBidPlacements(new Map(), history) as [BidPlacementRow, BidPlacementRow];
    const latest = new Map([[second.bid_id, second]]);
    expect(foldBidPlacements(latest, history)).toEqual([]);
    const afterTwo = foldBidPlacements(new Map(), history.slice(0, 2));
    expect(afterTwo).toEqual([first]);
    expect(foldBidPlacements(new Map([[first.bid_id, first]]), history)).toEqual([second]);
  });

  it('ignores a settlement that has no placement to settle', () => {
    expect(foldBidPlacements(new Map(), [withdrawn(0)])).toEqual([]);
  });
});
