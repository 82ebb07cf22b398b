import { RouteView } from '../../../../contract/maps.js';
import type { LatLng } from '../../../../domain/catalogue/geography.js';
import { streamName } from '../../../../domain/streams.js';
import type { AuditTrail } from './auditTrail.js';

/** What the admin's ride screen draws: the ends the rider booked and the route the fare was priced on. */
export interface TrailRoute {
  pickup: LatLng;
  dropoff: LatLng;
  /** Null for rides booked before routes were kept with the quote: the map shows the ends only. */
  route: RouteView | null;
}

const pointOf = (value: unknown): LatLng | null => {
  const { lat, lng } = (value ?? {}) as { lat?: unknown; lng?: unknown };
  return typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
};

/**
 * The ride's route from its own booking event (RideRequested or RideScheduled) in the trail: the
 * route kept in the quote's breakdown, as the rider's receipt shows it. Null when the trail holds
 * no booking (or one whose places cannot be read).
 */
export function trailRoute(trail: AuditTrail): TrailRoute | null {
  const rideStream = streamName('ride', trail.rideId);
  const booking = trail.events.find((event) => event.streamName === rideStream && (event.type === 'RideRequested' || event.type === 'RideScheduled'));
  if (!booking) return null;
  const pickup = pointOf(booking.data.pickup);
  const dropoff = pointOf(booking.data.dropoff);
  if (!pickup || !dropoff) return null;
  const breakdown = (booking.data.quote as { breakdown?: Record<string, unknown> } | undefined)?.breakdown;
  const parsed = RouteView.safeParse(breakdown?.route);
  return { pickup, dropoff, route: parsed.success ? parsed.data : null };
}
