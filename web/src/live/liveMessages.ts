/**
 * What the server sends over /ws, as the browser reads it: the very types the server builds its
 * messages from (contract/live.ts), so the two cannot drift apart. The server never sends
 * a PIN here.
 */
import type { ErrorMessage, OutboundMessage } from '../../../contract/live.js';
// Types only: contract/safety.ts holds zod schemas the first page must not carry.
import type { SafetyLiveMessage, SafetyLiveType } from '../../../contract/safety.js';

export type {
  BidUpdateMessage,
  JoinedMessage,
  LocationUpdateMessage,
  NewBidMessage,
  NewRideMessage,
  PaymentUpdateMessage,
  PongMessage,
  RideUpdateMessage,
} from '../../../contract/live.js';
export type { RideWireStatus } from '../../../domain/ride/index.js';
export type LiveErrorMessage = ErrorMessage;
/** The ride's own messages, and the safety net's (incidents for admins, ride messages, checks, recording). */
export type LiveMessage = OutboundMessage | SafetyLiveMessage;
export type { IncidentAlertMessage, RideCheckMessage, RideMessageMessage } from '../../../contract/safety.js';

const safetyLiveTypes: readonly SafetyLiveType[] = ['incident_alert', 'ride_message', 'ride_check', 'recording_update'];
const knownTypes = new Set<LiveMessage['type']>(['new_ride', 'ride_update', 'new_bid', 'bid_update', 'location_update', 'payment_update', 'joined', 'pong', 'error', ...safetyLiveTypes]);

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
