import { isBidEventType, parseBidEvent, type BidEvent } from '../../../domain/bid/index.js';
import { eventUpcasters } from '../../../domain/upcasting/index.js';
import type { RecordedEvent } from '../../../platform/eventStore/port.js';
import type { Stored } from '../../shared/storedEvents.js';
import type { BidPlacementRow } from './bidOutcomes.table.js';
import { streamPrefix } from '../../../domain/streams.js';

export const BID_STREAM_PREFIX = streamPrefix('bid');

/** A bid stream's event brought to its current schema; null for anything else. */
export function readBidEvent(recorded: RecordedEvent): Stored<BidEvent> | null {
  if (!recorded.streamName.startsWith(BID_STREAM_PREFIX) || !isBidEventType(recorded.type)) return null;
  const current = eventUpcasters.upcast({ type: recorded.type, data: recorded.data, metadata: recorded.metadata });
  return { event: parseBidEvent(current), streamName: recorded.streamName, revision: recorded.revision, created: recorded.created };
}

/** The row a settlement event leaves its placement with. */
function settled(row: BidPlacementRow, event: Exclude<BidEvent, { type: 'BidPlaced' }>): BidPlacementRow {
  switch (event.type) {
    case 'BidMarkedAccepted':
      return { ...row, status: 'accepted', settled_at: new Date(event.data.acceptedAt) };
    case 'BidMarkedRejected':
      return { ...row, status: 'rejected', settled_at: new Date(event.data.rejectedAt), rejection_reason: event.data.reason };
    case 'BidWithdrawn':
      return { ...row, status: 'withdrawn', settled_at: new Date(event.data.withdrawnAt) };
    case 'BidExpired':
      return { ...row, status: 'expired', settled_at: new Date(event.data.expiredAt) };
  }
}

const keyOf = (row: BidPlacementRow) => `${row.bid_id}/${row.placed_revision}`;

/**
 * A batch of bid events folded onto the placements they touch. `latest` holds each bid's newest
 * stored placement: a bid stream's revisions only grow, so an event at or below that placement's
 * `last_revision` was folded before (with it or an earlier placement) and is skipped.
 */
export function foldBidPlacements(latest: ReadonlyMap<string, BidPlacementRow>, events: readonly Stored<BidEvent>[]): BidPlacementRow[] {
  const current = new Map(latest);
  const touched = new Map<string, BidPlacementRow>();
  for (const { event, revision } of events) {
    const row = current.get(event.data.bidId);
    if (row && revision <= BigInt(row.last_revision)) continue;
    let next: BidPlacementRow;
    if (event.type === 'BidPlaced') {
      next = {
        bid_id: event.data.bidId,
        placed_revision: revision.toString(),
        ride_id: event.data.rideId,
        amount_ngwee: event.data.amountNgwee,
        placed_at: new Date(event.data.placedAt),
        status: 'placed',
        settled_at: null,
        rejection_reason: null,
        last_revision: revision.toString(),
      };
    } else if (row) {
      next = { ...settled(row, event), last_revision: revision.toString() };
    } else {
      continue; // a settlement with no placement before it: nothing to settle
    }
    current.set(next.bid_id, next);
    touched.set(keyOf(next), next);
  }
  return [...touched.values()];
}
