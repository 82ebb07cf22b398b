import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SharedDatabase } from '../../services/database.js';
import { loadBid, placeBid, withdrawBid } from '../../../commands/bid/index.js';
import { acceptBid } from '../../../commands/ride/index.js';
import { bidIdFor, type BidState } from '../../../domain/bid/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import type { EventStore } from '../../../platform/eventStore/port.js';
import { bidsForRide, findBid } from '../../../projections/bidsByRide/index.js';
import { rideById, type RideRow } from '../../../projections/rides/index.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { commandContextFor, notYours } from '../../support/commandContext.js';
import { IDEMPOTENT_WRITE, errorResponses } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { answerAfterWrite, partyOf, rideFromStream, rideNotFound, rideParty } from '../rides/rideSources.js';
import { Ride } from '../../../contract/rides.js';
import { ngweeOf } from '../../../contract/money.js';
import { inWireTerms } from '../rides/wireErrors.js';
import { bidFromStream, presentBids } from './bidView.js';
import { AcceptBidBody, Bid, BidList, BidParams, PlaceBidBody, RideParams } from '../../../contract/bids.js';

const bidNotFound = (bidId: string) => new DomainError('not_found', `bid ${bidId} was not found`, { bidId });

/** The ride as the read model has it, or as its stream folds when the read model has not caught up. */
async function rideRow(db: SharedDatabase, store: EventStore, rideId: string): Promise<RideRow | undefined> {
  return (await rideById(db, rideId)) ?? (await rideFromStream(store, rideId))?.ride;
}

const pickupOf = (ride: RideRow | undefined) => (ride ? { lat: ride.pickup_lat, lng: ride.pickup_lng } : null);

/** Bidding: drivers bid and withdraw, the rider reads the bids and accepts one. */
export function bidRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  const { store } = commands;
  const readDeps = { db, store };
  // The party check of the ride's own steps, reaching the ride through the bid: only the ride's
  // rider may act on its bids, and to anyone else (as for a bid that does not exist) there is no
  // such bid. The acceptance decides on the ride stream the check read.
  const bidOf = (request: FastifyRequest) => (request.params as { bidId: string }).bidId;
  const bidsRead = new WeakMap<FastifyRequest, BidState>();
  const party = rideParty(store, {
    rideOf: async (request) => {
      const bid = await loadBid(store, bidOf(request));
      const rideId = bid.context.bid?.rideId;
      if (!rideId) throw bidNotFound(bidOf(request));
      bidsRead.set(request, bid);
      return rideId;
    },
    notFound: (request) => bidNotFound(bidOf(request)),
  });
  return async (app) => {
    app.get(
      '/api/bids/ride/:rideId',
      {
        schema: {
          tags: ['bids'],
          summary: "A ride's bids with each bidder's first name, rating, vehicle and ETA: all of them for its rider or an admin, only your own for a driver",
          params: RideParams,
          response: { 200: BidList, ...errorResponses },
        },
        preValidation: requireUser(),
      },
      async (request) => {
        const me = signedInUser(request);
        const { rideId } = request.params;
        const ride = await rideRow(db, store, rideId);
        if (!ride) throw rideNotFound(rideId);
        const party = partyOf(me, ride);
        if (party !== 'rider' && party !== 'admin' && me.roles.includes('driver')) {
          // A driver sees their own bid; a driver with none who is not on the ride learns nothing.
          const own = await findBid(db, bidIdFor(rideId, me.id));
          if (!own && !party) throw rideNotFound(rideId);
          return { rideId, bids: await presentBids(db, own ? [own] : [], pickupOf(ride)) };
        }
        if (!partyOf(me, ride)) throw rideNotFound(rideId);
        return { rideId, bids: await presentBids(db, await bidsForRide(db, rideId), pickupOf(ride)) };
      },
    );

    app.post(
      '/api/bids',
      {
        schema: {
          tags: ['bids'],
          summary: 'A verified, online driver bids on a pending bidding ride of their vehicle type (one live bid per ride). 201; 200 for a retry',
          description: IDEMPOTENT_WRITE,
          body: PlaceBidBody,
          response: { 200: Bid, 201: Bid, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['driver'] }),
      },
      async (request, reply) => {
        const me = signedInUser(request);
        const { rideId, driverId, bidAmount, message, estimatedArrival } = request.body;
        if (driverId !== undefined && driverId !== me.id) throw notYours('driverId', 'bid');
        const input = { rideId, driverId: me.id, amountNgwee: ngweeOf(bidAmount), message: message ?? '', estimatedArrivalMinutes: estimatedArrival };
        const result = await inWireTerms(placeBid(commands, input, commandContextFor(request)), {
          amountNgwee: 'bidAmount',
          estimatedArrivalMinutes: 'estimatedArrival',
        });
        const [row, ride] = await Promise.all([bidFromStream(store, result.bidId), rideRow(db, store, rideId)]);
        if (!row) throw bidNotFound(result.bidId);
        const [bid] = await presentBids(db, [row], pickupOf(ride));
        return reply.status(result.repeated ? 200 : 201).send(bid!);
      },
    );

    app.patch(
      '/api/bids/:bidId',
      {
        schema: {
          tags: ['bids'],
          summary: "The ride's rider accepts a live bid: { status: 'accepted' }. Answers the ride, now with its driver (and the rider's PIN); the other bids are rejected shortly after",
          description: IDEMPOTENT_WRITE,
          params: BidParams,
          body: AcceptBidBody,
          response: { 200: Ride, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['passenger'] }),
        preHandler: party.check,
      },
      async (request) => {
        const { bidId } = request.params;
        const rideId = party.rideIdOf(request);
        const alreadyRead = { rideStream: party.streamOf(request), bid: bidsRead.get(request) };
        const result = await acceptBid(commands, { rideId, bidId }, commandContextFor(request), alreadyRead);
        return answerAfterWrite(readDeps, signedInUser(request), rideId, result.stream);
      },
    );

    app.post(
      '/api/bids/:bidId/withdraw',
      {
        schema: {
          tags: ['bids'],
          summary: 'The bidder takes a live bid back (and may bid again on the ride while it is pending)',
          description: IDEMPOTENT_WRITE,
          params: BidParams,
          response: { 200: Bid, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['driver'] }),
      },
      async (request) => {
        const { bidId } = request.params;
        // Only the bidder: to anyone else the bid does not exist.
        const placed = (await loadBid(store, bidId)).context.bid;
        if (!placed || placed.driverUserId !== signedInUser(request).id) throw bidNotFound(bidId);
        const result = await withdrawBid(commands, { bidId }, commandContextFor(request));
        const row = await bidFromStream(store, bidId);
        if (!row) throw bidNotFound(bidId);
        const [bid] = await presentBids(db, [row], pickupOf(result.rideId ? await rideRow(db, store, result.rideId) : undefined));
        return bid!;
      },
    );
  };
}
