import { sql } from 'kysely';
import { parseBidEvent, type BidEvent, type BidStatus } from '../../domain/bid/index.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { defineProjection } from '../runner/projection.js';
import { updateRows, upsertRows } from '../shared/upsert.js';
import type { BidsByRideTables, InsertableBidsByRideRow } from './bidsByRide.table.js';
import { bidsByRideMigrations } from './migrations.js';
import { streamPrefix } from '../../domain/streams.js';

interface StatusChange {
  bid_id: string;
  status: BidStatus;
  updated_at: Date;
}

function statusChangeOf(event: Exclude<BidEvent, { type: 'BidPlaced' }>): StatusChange {
  switch (event.type) {
    case 'BidWithdrawn':
      return { bid_id: event.data.bidId, status: 'withdrawn', updated_at: new Date(event.data.withdrawnAt) };
    case 'BidMarkedAccepted':
      return { bid_id: event.data.bidId, status: 'accepted', updated_at: new Date(event.data.acceptedAt) };
    case 'BidMarkedRejected':
      return { bid_id: event.data.bidId, status: 'rejected', updated_at: new Date(event.data.rejectedAt) };
    case 'BidExpired':
      return { bid_id: event.data.bidId, status: 'expired', updated_at: new Date(event.data.expiredAt) };
  }
}

/**
 * A batch folded to one write per bid: a bid placed in this batch becomes a whole row (with the
 * status its later events in the batch gave it); a bid placed earlier gets only its last status.
 */
export function summariseBids(events: readonly RecordedEvent[]): { rows: InsertableBidsByRideRow[]; changes: StatusChange[] } {
  const rows = new Map<string, InsertableBidsByRideRow>();
  const changes = new Map<string, StatusChange>();
  for (const recorded of events) {
    const event = parseBidEvent(recorded);
    if (event.type === 'BidPlaced') {
      const { bidId, rideId, driverId, driverUserId, amountNgwee, message, estimatedArrivalMinutes, expiresAt, placedAt } = event.data;
      changes.delete(bidId);
      rows.set(bidId, {
        bid_id: bidId,
        ride_id: rideId,
        driver_id: driverId,
        driver_user_id: driverUserId,
        amount_ngwee: amountNgwee,
        message,
        estimated_arrival_min: estimatedArrivalMinutes,
        status: 'placed',
        placed_at: new Date(placedAt),
        expires_at: new Date(expiresAt),
        updated_at: new Date(placedAt),
      });
      continue;
    }
    const change = statusChangeOf(event);
    const row = rows.get(change.bid_id);
    if (row) Object.assign(row, { status: change.status, updated_at: change.updated_at });
    else changes.set(change.bid_id, change);
  }
  return { rows: [...rows.values()], changes: [...changes.values()] };
}

const REBID_COLUMNS = ['amount_ngwee', 'message', 'estimated_arrival_min', 'status', 'placed_at', 'expires_at', 'updated_at'] as const;

/** The bids on each ride, for the rider's Driver Bids view and a driver's own bids. */
export const bidsByRideProjection = defineProjection<BidsByRideTables>({
  name: 'bidsByRide',
  filter: { streamNamePrefixes: [streamPrefix('bid')] },
  tables: ['rm_bids_by_ride'],
  migrations: bidsByRideMigrations,
  async handle(trx, events) {
    const { rows, changes } = summariseBids(events);
    await upsertRows(trx, 'rm_bids_by_ride', rows, {
      key: ['bid_id'],
      // A re-bid (after a withdrawal or expiry) replaces the earlier one: same driver, same ride.
      onConflict: {
        set: Object.fromEntries(REBID_COLUMNS.map((column) => [column, sql.ref(`excluded.${column}`)])),
      },
    });
    await updateRows(trx, 'rm_bids_by_ride', changes, { key: ['bid_id'], set: ['status', 'updated_at'] });
  },
});
