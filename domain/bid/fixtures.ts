import type { Actor } from '../shared/command.js';
import type { DriverFacts } from '../ride/index.js';
import type { BidCommand } from './commands.js';
import type { BidEvent } from './events.js';
import { bidIdFor } from './status.js';

/** Named people, a bidding ride's facts and ready-made histories for the bid specs. Test support only. */

export const now = '2025-01-15T08:00:00.000Z';
export const secondsFrom = (seconds: number) => new Date(Date.parse(now) + seconds * 1000).toISOString();

export const rideId = 'ride-kitwe-0001';
export const driverUser: Actor = { userId: 'user-mwale', role: 'driver' };
export const otherDriverUser: Actor = { userId: 'user-banda', role: 'driver' };
export const rider: Actor = { userId: 'user-chanda', role: 'passenger' };
export const admin: Actor = { userId: 'admin-phiri', role: 'admin' };
export const system: Actor = { userId: 'settlement', role: 'system' };

export const driver: DriverFacts = {
  driverId: 'driver-mwale',
  userId: driverUser.userId,
  verified: true,
  online: true,
  busy: false,
  vehicleType: 'car',
};
export const bidId = bidIdFor(rideId, driver.driverId);

export const biddingRide = {
  status: 'pending',
  pricingMethod: 'bidding',
  vehicleType: 'car',
  floorNgwee: 3_000,
  ceilingNgwee: 15_000,
} as const;

type PlaceBidData = Extract<BidCommand, { type: 'PlaceBid' }>['data'];

export function placeBid(overrides: Partial<PlaceBidData> = {}, actor: Actor = driverUser): BidCommand {
  return {
    type: 'PlaceBid',
    actor,
    data: {
      bidId,
      rideId,
      driver,
      ride: biddingRide,
      amountNgwee: 4_500,
      message: 'Close by, clean car',
      estimatedArrivalMinutes: 4,
      expiresAt: secondsFrom(120),
      ...overrides,
    },
  };
}

export const bidCommand = (type: 'WithdrawBid' | 'MarkBidAccepted' | 'ExpireBid', actor: Actor): BidCommand => ({
  type,
  actor,
  data: { bidId },
});

export const bidPlaced = (amountNgwee = 4_500, expiresAt = secondsFrom(60)): BidEvent => ({
  type: 'BidPlaced',
  data: {
    bidId,
    rideId,
    driverId: driver.driverId,
    driverUserId: driver.userId,
    amountNgwee,
    message: 'Close by, clean car',
    estimatedArrivalMinutes: 4,
    expiresAt,
    placedAt: secondsFrom(-60),
  },
});

const ids = { bidId, rideId, driverId: driver.driverId };
export const bidWithdrawn: BidEvent = { type: 'BidWithdrawn', data: { ...ids, withdrawnAt: secondsFrom(-30) } };
export const bidExpired: BidEvent = { type: 'BidExpired', data: { ...ids, expiredAt: secondsFrom(-10) } };
export const bidMarkedAccepted: BidEvent = { type: 'BidMarkedAccepted', data: { ...ids, acceptedAt: secondsFrom(-5) } };
export const bidMarkedRejected: BidEvent = {
  type: 'BidMarkedRejected',
  data: { ...ids, reason: 'another_bid_accepted', rejectedAt: secondsFrom(-5) },
};

export const placed = [bidPlaced()];
export const withdrawn = [...placed, bidWithdrawn];
export const expired = [bidPlaced(4_500, secondsFrom(-10)), bidExpired];
export const accepted = [...placed, bidMarkedAccepted];
export const rejected = [...placed, bidMarkedRejected];
