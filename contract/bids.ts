import { z } from 'zod';
import { bidStatuses } from '../domain/bid/index.js';
import { vehicleIds } from '../domain/catalogue/index.js';
import { EntityId, Instant } from './primitives.js';
import { NgweeOut, ZmwAmount, ZmwOut } from './money.js';

/**
 * The bid routes' wire shapes, with the spec's names (§3 Bid, §7). Money as for rides (see
 * contract/money.ts): `bidAmount` in ZMW, `bidAmountNgwee` beside it in answers.
 */

/** What the spec's screens display for a bidder nobody has rated yet. */
export const DEFAULT_BIDDER_RATING = 4.8;

export const BidParams = z.object({ bidId: EntityId });
export const RideParams = z.object({ rideId: EntityId });

export const PlaceBidBody = z.object({
  rideId: EntityId,
  driverId: EntityId.optional().describe('Yours, when sent: the session names the bidder'),
  bidAmount: ZmwAmount.describe("ZMW, within the ride quote's bounds"),
  message: z.string().trim().max(280, 'must be at most 280 characters').nullable().optional(),
  estimatedArrival: z.int('must be a whole number of minutes').min(1, 'must be at least 1').max(120, 'must be at most 120').default(5)
    .describe('Minutes to the pickup'),
});

export const AcceptBidBody = z.object({
  status: z.literal('accepted', { error: "must be 'accepted'; a driver takes a bid back with POST /api/bids/:bidId/withdraw" }),
});

export const Bid = z.object({
  id: z.string(),
  rideId: z.string(),
  driverId: z.string(),
  bidAmount: ZmwOut,
  bidAmountNgwee: NgweeOut,
  message: z.string(),
  estimatedArrival: z.int().describe("Minutes to the pickup, as the bidder estimated"),
  status: z.enum(bidStatuses),
  placedAt: Instant,
  expiresAt: Instant.describe('A live (placed) bid can be accepted until then'),
  updatedAt: Instant,
  bidder: z.object({
    firstName: z.string().nullable(),
    rating: z.number().describe(`Riders' average stars; ${DEFAULT_BIDDER_RATING} (the display default) when nobody has rated the driver yet`),
    ratingIsDefault: z.boolean().describe(`true: rating is the ${DEFAULT_BIDDER_RATING} display default, not a real average`),
    ratingCount: z.int(),
    completedRides: z.int(),
    vehicle: z.object({ make: z.string(), model: z.string(), colour: z.string(), type: z.enum(vehicleIds) }).nullable(),
  }),
  etaMinutes: z.int().nullable().describe("From the bidder's last reported position to the pickup, straight line at 30 km/h; null when unknown"),
});

export const BidList = z.object({
  rideId: z.string(),
  bids: z.array(Bid).describe('Oldest first. The rider and admins see every bid; a driver only their own'),
});

// — the same shapes as types: answers as the client receives them, requests (Body, Query, Params) as it sends them —

export type BidParams = z.input<typeof BidParams>;
export type RideParams = z.input<typeof RideParams>;
export type PlaceBidBody = z.input<typeof PlaceBidBody>;
export type AcceptBidBody = z.input<typeof AcceptBidBody>;
export type Bid = z.infer<typeof Bid>;
export type BidList = z.infer<typeof BidList>;
