/**
 * What the server sends over /ws (api/live/messages.ts), as the browser reads it. Only the fields
 * the screens use are typed; the server never sends a PIN here.
 */
export type RideWireStatus = 'pending' | 'accepted' | 'arrived' | 'in_progress' | 'completed' | 'cancelled' | 'expired' | 'scheduled';

export interface NewRideMessage {
  type: 'new_ride';
  rideId: string;
  vehicleType: string;
  pricingMethod: 'fixed' | 'bidding';
  fareNgwee: number;
  offered: boolean;
  distanceKm: number | null;
  at: string;
}

export interface RideUpdateMessage {
  type: 'ride_update';
  rideId: string;
  status: RideWireStatus;
  event: string;
  progress: 0 | 25 | 50 | 75 | 100 | null;
  pinLocked: boolean;
  emergencyActive: boolean;
  driverId: string | null;
  at: string;
  pinIssued?: true;
  attemptsLeft?: number;
  offeredFareNgwee?: number;
  finalFareNgwee?: number;
  cancelledBy?: 'rider' | 'driver' | 'admin' | 'system';
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
}

export interface BidUpdateMessage {
  type: 'bid_update';
  rideId: string;
  bidId: string;
  driverId: string;
  status: 'withdrawn' | 'accepted' | 'rejected' | 'expired';
  reason: string | null;
  at: string;
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

export interface JoinedMessage {
  type: 'joined';
  userId: string;
  rideId: string | null;
}

export interface PongMessage {
  type: 'pong';
}

export interface LiveErrorMessage {
  type: 'error';
  code: string;
  message: string;
  field?: string;
}

export type LiveMessage =
  | NewRideMessage
  | RideUpdateMessage
  | NewBidMessage
  | BidUpdateMessage
  | LocationUpdateMessage
  | JoinedMessage
  | PongMessage
  | LiveErrorMessage;

const knownTypes = new Set<LiveMessage['type']>(['new_ride', 'ride_update', 'new_bid', 'bid_update', 'location_update', 'joined', 'pong', 'error']);

/** A frame from the socket, or null when it is not one of ours (never throws on a bad frame). */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const type = (parsed as { type?: unknown }).type;
    return typeof type === 'string' && knownTypes.has(type as LiveMessage['type']) ? (parsed as LiveMessage) : null;
  } catch {
    return null;
  }
}
