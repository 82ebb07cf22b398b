/**
 * The live channel's vocabulary (`/ws`, spec 001 §4 "Live updates"): what a client may send, what
 * the server sends, and the close codes. Every payload is built field by field from the events
 * (never by spreading an event's data), so nothing the recipient may not see can slip in: above
 * all, never a PIN.
 */
import { z } from 'zod';
import type { PayableMethod } from '../domain/catalogue/payments.js';
import type { PaymentEventType, PaymentFailureReason, PaymentStatus } from '../domain/payment/index.js';
import type { RideEventType, RideWireStatus } from '../domain/ride/index.js';

const entityId = z.string().trim().min(1, 'must not be blank').max(128, 'must be at most 128 characters');

/** The spec's join message: who the page belongs to, and the ride on the tracking screen. */
export const joinMessageSchema = z.object({
  type: z.literal('join'),
  userId: entityId,
  rideId: entityId.nullish(),
});

/** Browsers cannot send ws pings; a page that wants to know the line is alive asks with this. */
export const pingMessageSchema = z.object({ type: z.literal('ping') });

export const inboundMessageSchemas = { join: joinMessageSchema, ping: pingMessageSchema } as const;
export type InboundType = keyof typeof inboundMessageSchemas;
export type InboundMessage = z.infer<(typeof inboundMessageSchemas)[InboundType]>;

export const isInboundType = (type: unknown): type is InboundType => typeof type === 'string' && Object.hasOwn(inboundMessageSchemas, type);

export interface Place {
  address: string;
  lat: number;
  lng: number;
}

/** A ride an online, verified driver of its vehicle type could take: the pending list should be refetched. */
export interface NewRideMessage {
  type: 'new_ride';
  rideId: string;
  vehicleType: string;
  pricingMethod: 'fixed' | 'bidding';
  pickup: Place;
  dropoff: Place;
  stopCount: number;
  /** The rider's current offer on a bidding ride, else the quote. */
  fareNgwee: number;
  passengerCount: number | null;
  packageSize: string | null;
  scheduledFor: string | null;
  /** Dispatch picked this driver among the nearest (RideOfferedToDrivers). */
  offered: boolean;
  /** From the driver's last position to the pickup, when dispatch measured it. */
  distanceKm: number | null;
  at: string;
  /** The event's position in `$all`: a read naming it (Tiyende-Min-Position) sees what this message says. */
  position?: string;
}

/** Something happened to a ride the recipient is part of. Never carries a PIN. */
export interface RideUpdateMessage {
  type: 'ride_update';
  rideId: string;
  status: RideWireStatus;
  /** The event that caused it, so a screen can say what changed. */
  event: RideEventType;
  progress: 0 | 25 | 50 | 75 | 100 | null;
  pinLocked: boolean;
  emergencyActive: boolean;
  driverId: string | null;
  at: string;
  /** Rider only: a PIN was issued; the screen fetches it over HTTP (the digits never travel here). */
  pinIssued?: true;
  attemptsLeft?: number;
  offeredFareNgwee?: number;
  finalFareNgwee?: number;
  cancelledBy?: 'rider' | 'driver' | 'admin' | 'system';
  /** The event's position in `$all`: a read naming it (Tiyende-Min-Position) sees what this message says. */
  position?: string;
}

export interface NewBidMessage {
  type: 'new_bid';
  rideId: string;
  bidId: string;
  driverId: string;
  amountNgwee: number;
  estimatedArrivalMinutes: number;
  expiresAt: string;
  at: string;
  /** The event's position in `$all`: a read naming it (Tiyende-Min-Position) sees what this message says. */
  position?: string;
}

export interface BidUpdateMessage {
  type: 'bid_update';
  rideId: string;
  bidId: string;
  driverId: string;
  status: 'withdrawn' | 'accepted' | 'rejected' | 'expired';
  reason: string | null;
  at: string;
  /** The event's position in `$all`: a read naming it (Tiyende-Min-Position) sees what this message says. */
  position?: string;
}

export interface LocationUpdateMessage {
  type: 'location_update';
  rideId: string;
  driverId: string;
  lat: number;
  lng: number;
  heading: number | null;
  at: string;
}

/**
 * A ride's payment moved on (requested, awaiting approval, paid, failed, expired, disputed,
 * refunded): for the ride's rider and driver (and those watching the ride). The screen reads the
 * payment again over HTTP; never a phone number or a provider's secret.
 */
export interface PaymentUpdateMessage {
  type: 'payment_update';
  rideId: string;
  status: PaymentStatus;
  event: PaymentEventType;
  /** The attempt the event is about. */
  attempt: number;
  /** The payment's current method. */
  method: PayableMethod;
  /** Why the current attempt collected nothing, when it failed or expired. */
  failureReason: PaymentFailureReason | 'expired' | null;
  at: string;
}

export interface JoinedMessage {
  type: 'joined';
  userId: string;
  rideId: string | null;
}

export interface PongMessage {
  type: 'pong';
}

export const errorCodes = [
  'invalid_message',
  'unknown_type',
  'too_large',
  'rate_limited',
  'wrong_user',
  'forbidden',
  'internal',
] as const;
export type LiveErrorCode = (typeof errorCodes)[number];

export interface ErrorMessage {
  type: 'error';
  code: LiveErrorCode;
  message: string;
  /** The offending field, when one is to blame. */
  field?: string;
}

/** What the hub fans out from events and telemetry (counted per type in `hub.deliveries`). */
export type BroadcastMessage = NewRideMessage | RideUpdateMessage | NewBidMessage | BidUpdateMessage | LocationUpdateMessage | PaymentUpdateMessage;
export type BroadcastType = BroadcastMessage['type'];
export const broadcastTypes: readonly BroadcastType[] = ['new_ride', 'ride_update', 'new_bid', 'bid_update', 'location_update', 'payment_update'];

/** Answers to the client's own messages. */
export type ReplyMessage = JoinedMessage | PongMessage | ErrorMessage;
export type OutboundMessage = BroadcastMessage | ReplyMessage;

/** Close codes: 4401/4403 mirror HTTP's 401/403 in the private-use range; the rest are RFC 6455's. */
export const closeCodes = {
  goingAway: 1001,
  policyViolation: 1008,
  tryAgainLater: 1013,
  unauthenticated: 4401,
  forbidden: 4403,
} as const;
