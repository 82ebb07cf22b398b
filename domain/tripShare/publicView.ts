import { withDriverStatuses, type RideWireStatus } from '../ride/values.js';
import { shareExpiresAt, type TripShareState } from './decider.js';

/**
 * What the public share page may show, and whether a link opens at all. The page is for anyone
 * holding the link, signed in or not, so it shows only what a contact needs to follow the trip:
 * where the car is, how far the ride has got, and which car it is and who drives it — nothing
 * about the rider, the route's ends, the fare or how anyone can be reached.
 */

/** Everything the server might know about the ride when it builds the page; most of it must not leave. */
export interface SharedTripFacts {
  status: RideWireStatus;
  driver: {
    name: string;
    vehicle: { make: string; model: string; colour: string; plateNumber: string };
  } | null;
  /** The driver's latest position and when it was taken. */
  position: { lat: number; lng: number; at: string } | null;
}

export interface PublicTripView {
  status: RideWireStatus;
  driver: { name: string; vehicle: { make: string; model: string; colour: string }; plateNumber: string } | null;
  /** Only while the driver is with or on the way to the rider: after the ride it would follow the driver's next customer. */
  position: { lat: number; lng: number; at: string } | null;
}

const positionShownWhile: readonly RideWireStatus[] = withDriverStatuses;

/** Built field by field (never by spreading what came in), so nothing else can slip onto the page. */
export function publicTripView(facts: SharedTripFacts): PublicTripView {
  const { status, driver, position } = facts;
  return {
    status,
    driver:
      driver === null
        ? null
        : {
            name: driver.name,
            vehicle: { make: driver.vehicle.make, model: driver.vehicle.model, colour: driver.vehicle.colour },
            plateNumber: driver.vehicle.plateNumber,
          },
    position: position !== null && positionShownWhile.includes(status) ? { lat: position.lat, lng: position.lng, at: position.at } : null,
  };
}

/**
 * What opening a link with this token hash gets: `open` (the page), `closed` (a link of this ride
 * that was revoked, or whose ride ended more than TRIP_SHARE_GRACE_MINUTES ago: "this link is no
 * longer active"), or `unknown` (not a link of this ride).
 */
export function shareLinkAccess(state: TripShareState, tokenHash: string, ride: { endedAt: string | null }, now: Date): 'open' | 'closed' | 'unknown' {
  const link = state.context.links.find((candidate) => candidate.tokenHash === tokenHash);
  if (link === undefined) return 'unknown';
  if (link.status !== 'active') return 'closed';
  if (ride.endedAt !== null && now.getTime() >= Date.parse(shareExpiresAt(ride.endedAt))) return 'closed';
  return 'open';
}
