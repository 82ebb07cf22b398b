import type { Kysely, Transaction } from 'kysely';
import type { Migration } from 'kysely/migration';
import { bidDecider, bidStreamId, type BidCommand, type BidEventOf } from '../../domain/bid/index.js';
import type { RideEventOf } from '../../domain/ride/index.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { defineProjection, type Projection } from '../../projections/runner/projection.js';
import { domainEventOf, react, reactionContext, type ReactorDeps } from './reaction.js';
import { isStreamOf } from '../../domain/streams.js';

type Outcome = Extract<BidCommand, { type: 'MarkBidRejected' }>['data']['reason'];

/** The reactor's own memory, built from the same `$all` it reacts to, in the same transactions. */
export interface BidSettlementTables {
  /** Every bid placed, by ride: whom to settle when the ride is decided. */
  reactor_bid_settlement_bids: { bid_id: string; ride_id: string };
  /** Rides already decided, and how: a bid placed after the decision is settled on arrival. */
  reactor_bid_settlement_rides: { ride_id: string; outcome: Outcome; accepted_bid_id: string | null };
}

const migrations: Record<string, Migration> = {
  '2026-11-24T00-00_bid_settlement': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('reactor_bid_settlement_bids')
        .addColumn('bid_id', 'text', (column) => column.primaryKey())
        .addColumn('ride_id', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('reactor_bid_settlement_bids_by_ride').on('reactor_bid_settlement_bids').column('ride_id').execute();
      await db.schema
        .createTable('reactor_bid_settlement_rides')
        .addColumn('ride_id', 'text', (column) => column.primaryKey())
        .addColumn('outcome', 'text', (column) => column.notNull())
        .addColumn('accepted_bid_id', 'text')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('reactor_bid_settlement_rides').execute();
      await db.schema.dropTable('reactor_bid_settlement_bids').execute();
    },
  },
};

const NAME = 'bidSettlement';

/**
 * Settles the bid streams once the ride stream has decided (the ride is the consistency
 * boundary): on the rider's BidAccepted the chosen bid is marked accepted and the ride's other
 * bids rejected; on RideCancelled or RideExpired every bid still open is rejected. A bid whose
 * placement lost the race with the decision (placed, then committed after it) is settled as
 * soon as it shows up. Bids already final refuse, which is the expected answer.
 */
export function bidSettlementReactor(deps: ReactorDeps): Projection<BidSettlementTables> {
  const settle = (trigger: RecordedEvent, bidId: string, outcome: Outcome | 'accepted') => {
    const context = reactionContext(trigger, `${outcome}:${bidId}`, NAME);
    const command: BidCommand =
      outcome === 'accepted'
        ? { type: 'MarkBidAccepted', data: { bidId }, actor: context.actor }
        : { type: 'MarkBidRejected', data: { bidId, reason: outcome }, actor: context.actor };
    return react(deps, { stream: bidStreamId(bidId), decider: bidDecider, command }, context);
  };

  const rejectAllBut = async (trx: Transaction<BidSettlementTables>, trigger: RecordedEvent, rideId: string, keep: string | null, outcome: Outcome) => {
    let query = trx.selectFrom('reactor_bid_settlement_bids').select('bid_id').where('ride_id', '=', rideId);
    if (keep !== null) query = query.where('bid_id', '!=', keep);
    const bids = await query.orderBy('bid_id').execute();
    await Promise.all(bids.map(({ bid_id }) => settle(trigger, bid_id, outcome)));
  };

  const decideRide = async (trx: Transaction<BidSettlementTables>, rideId: string, outcome: Outcome, acceptedBidId: string | null) => {
    const inserted = await trx
      .insertInto('reactor_bid_settlement_rides')
      .values({ ride_id: rideId, outcome, accepted_bid_id: acceptedBidId })
      .onConflict((oc) => oc.column('ride_id').doNothing())
      .executeTakeFirst();
    return inserted.numInsertedOrUpdatedRows === 1n;
  };

  return defineProjection<BidSettlementTables>({
    name: NAME,
    // It issues commands: its own transaction, so the read models do not wait on them.
    ownTransaction: true,
    filter: { eventTypePrefixes: ['BidPlaced', 'BidAccepted', 'RideCancelled', 'RideExpired'] },
    tables: ['reactor_bid_settlement_bids', 'reactor_bid_settlement_rides'],
    migrations,
    async handle(trx, events) {
      for (const recorded of events) {
        if (isStreamOf('bid', recorded.streamName) && recorded.type === 'BidPlaced') {
          const { bidId, rideId } = domainEventOf<BidEventOf<'BidPlaced'>>(recorded).data;
          await trx
            .insertInto('reactor_bid_settlement_bids')
            .values({ bid_id: bidId, ride_id: rideId })
            .onConflict((oc) => oc.column('bid_id').doNothing())
            .execute();
          const decided = await trx.selectFrom('reactor_bid_settlement_rides').selectAll().where('ride_id', '=', rideId).executeTakeFirst();
          if (decided && decided.accepted_bid_id !== bidId) await settle(recorded, bidId, decided.outcome);
          continue;
        }
        if (!isStreamOf('ride', recorded.streamName)) continue;
        switch (recorded.type) {
          case 'BidAccepted': {
            const { rideId, bidId } = domainEventOf<RideEventOf<'BidAccepted'>>(recorded).data;
            await decideRide(trx, rideId, 'another_bid_accepted', bidId);
            await settle(recorded, bidId, 'accepted');
            await rejectAllBut(trx, recorded, rideId, bidId, 'another_bid_accepted');
            break;
          }
          case 'RideCancelled':
          case 'RideExpired': {
            const { rideId } = domainEventOf<RideEventOf<'RideCancelled' | 'RideExpired'>>(recorded).data;
            const outcome = recorded.type === 'RideCancelled' ? 'ride_cancelled' : 'ride_expired';
            // A ride cancelled after a bid was accepted has settled its bids already.
            if (await decideRide(trx, rideId, outcome, null)) await rejectAllBut(trx, recorded, rideId, null, outcome);
            break;
          }
        }
      }
    },
  });
}
