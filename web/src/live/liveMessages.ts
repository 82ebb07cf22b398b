/**
 * What the server sends over /ws, as the browser reads it: the very types the server builds its
 * messages from (domain/live/messages.ts), so the two cannot drift apart. The server never sends
 * a PIN here.
 */
import type { ErrorMessage, OutboundMessage } from '../../../domain/live/messages.js';

export type {
  BidUpdateMessage,
  JoinedMessage,
  LocationUpdateMessage,
  NewBidMessage,
  NewRideMessage,
  PongMessage,
  RideUpdateMessage,
} from '../../../domain/live/messages.js';
export type { RideWireStatus } from '../../../domain/ride/index.js';
export type LiveErrorMessage = ErrorMessage;
export type LiveMessage = OutboundMessage;

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
