import { FALLBACK_SPEED_KMH, haversineKm } from '../../../domain/fare/route.js';
import type { LiveMessage } from './liveMessages.js';
import { liveQueryKeys } from './liveQueryKeys.js';

export type QueryKey = readonly unknown[];

/** Ride events after which a driver's profile (online, engaged ride) reads differently. */
const engagementChanges = new Set(['DriverAssigned', 'TripCompleted', 'RideCancelled', 'RideExpired']);

/**
 * What a live message means for the cache: the queries to refetch (prefix match). Pure, so the
 * rules are tested without a socket; the hook applies them.
 */
export function invalidationsFor(message: LiveMessage): QueryKey[] {
  switch (message.type) {
    case 'new_ride':
      return [liveQueryKeys.pendingRides()];
    case 'ride_update': {
      // The ride key is a prefix of its events key, so both are refetched.
      const keys: QueryKey[] = [liveQueryKeys.ride(message.rideId), liveQueryKeys.myRides(), liveQueryKeys.driverRides(), liveQueryKeys.rideBids(message.rideId)];
      // A ride that left "pending" leaves every driver's list; an assignment or an ending changes
      // the driver's engagement (profile), and a completed trip their earnings.
      if (message.status !== 'pending') keys.push(liveQueryKeys.pendingRides());
      if (engagementChanges.has(message.event)) keys.push(liveQueryKeys.driverProfiles());
      if (message.status === 'completed') keys.push(liveQueryKeys.drivers());
      return keys;
    }
    case 'new_bid':
      return [liveQueryKeys.rideBids(message.rideId)];
    case 'bid_update':
      return [liveQueryKeys.rideBids(message.rideId), liveQueryKeys.ride(message.rideId), liveQueryKeys.pendingRides(), liveQueryKeys.driverProfiles()];
    case 'payment_update':
      // The payment (and receipt), the rider's list, the wallet's pending requests, and the
      // driver's earnings and statement, which count settled payments.
      return [liveQueryKeys.ridePayment(message.rideId), liveQueryKeys.myPayments(), liveQueryKeys.sandboxWallet(), liveQueryKeys.drivers()];
    case 'incident_alert':
      return [liveQueryKeys.adminIncidents(), liveQueryKeys.adminDashboard()];
    case 'ride_message':
      return [liveQueryKeys.rideMessages(message.rideId)];
    case 'ride_check':
      return [liveQueryKeys.rideChecks(message.rideId)];
    case 'recording_update':
      return [liveQueryKeys.rideRecording(message.rideId)];
    case 'location_update':
    case 'joined':
    case 'pong':
    case 'error':
      return [];
  }
}

interface Positioned {
  status?: string;
  pickupLocation?: { lat: number; lng: number };
  dropoffLocation?: { lat: number; lng: number };
  driverLocation?: { lat: number; lng: number; heading: number | null; updatedAt: string } | null;
  eta?: { minutes: number; to: 'pickup' | 'dropoff' } | null;
}

/** The server's ETA basis: the straight line at the fare engine's fallback speed, at least a minute. */
export const minutesAway = (from: { lat: number; lng: number }, to: { lat: number; lng: number }) =>
  Math.max(1, Math.ceil((haversineKm(from, to) * 60) / FALLBACK_SPEED_KMH));

/**
 * A driver's new position written into the cached ride, so the marker moves without a refetch;
 * the ETA (to the pickup while coming, to the dropoff while driving) is worked out again the way
 * the server does.
 */
export function withDriverLocation<T extends Positioned>(ride: T | undefined, message: Extract<LiveMessage, { type: 'location_update' }>): T | undefined {
  if (!ride || typeof ride !== 'object') return ride;
  const position = { lat: message.lat, lng: message.lng };
  const target = ride.status === 'accepted' ? ride.pickupLocation : ride.status === 'in_progress' ? ride.dropoffLocation : undefined;
  const eta = target && ride.eta !== undefined ? { ...ride.eta, minutes: minutesAway(position, target), to: ride.status === 'accepted' ? ('pickup' as const) : ('dropoff' as const) } : ride.eta;
  return { ...ride, driverLocation: { ...position, heading: message.heading, updatedAt: message.at }, eta };
}

/** Wait before reconnect attempt n (0-based): 1 s, 2 s, 4 s … capped at 30 s, with up to 20 % jitter. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.2 * random()));
}

/** ws://host/ws, or wss:// when the page came over https. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

interface IncidentsWithPositions {
  incidents: ReadonlyArray<{ rideId: string; status: string; ride: { position: { lat: number; lng: number; at: string } | null } | null }>;
}

/**
 * A driver's new position written into the admin's cached incident queue: the open incidents on
 * that ride show where the car is now (the server sends it only to the admins handling one). A
 * position older than the one shown, or one for a ride without an open incident, changes nothing.
 */
export function withIncidentPosition<T extends IncidentsWithPositions>(list: T | undefined, message: Extract<LiveMessage, { type: 'location_update' }>): T | undefined {
  if (!list || !Array.isArray(list.incidents)) return list;
  let changed = false;
  const incidents = list.incidents.map((incident) => {
    const shown = incident.ride?.position;
    if (incident.rideId !== message.rideId || incident.status === 'resolved' || !incident.ride) return incident;
    if (shown && Date.parse(shown.at) > Date.parse(message.at)) return incident;
    changed = true;
    return { ...incident, ride: { ...incident.ride, position: { lat: message.lat, lng: message.lng, at: message.at } } };
  });
  return changed ? { ...list, incidents } : list;
}
