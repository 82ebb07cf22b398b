import { queryOptions } from '@tanstack/react-query';
import type { RouteView } from '../../../contract/maps.js';
import { getJson } from '../api/http.js';
import { keepNewerRide } from '../api/newerRide.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';
import type { DriverCard } from '../../../contract/drivers.js';
import type { Ride, RideEvents, RidePin } from '../../../contract/rides.js';
import { viewerOfRide, type RideViewer } from '../../../domain/ride/party.js';

/** GET /api/rides/:rideId as the tracking and driver screens read it: the contract's shape (contract/rides.ts). */
export type { Ride, RidePin };
export type Place = Ride['pickupLocation'];
export type DriverCardData = DriverCard;

/** One event of the ride's stream as GET /api/rides/:rideId/events answers it (never a PIN). */
export type WireRideEvent = RideEvents['events'][number];

export const rideQueryOptions = (rideId: string) =>
  queryOptions({
    queryKey: liveQueryKeys.ride(rideId),
    queryFn: () => getJson<Ride>(`/api/rides/${encodeURIComponent(rideId)}`),
    structuralSharing: keepNewerRide<Ride>,
  });

export const rideEventsQueryOptions = (rideId: string) =>
  queryOptions({
    queryKey: liveQueryKeys.rideEvents(rideId),
    queryFn: async () => (await getJson<RideEvents>(`/api/rides/${encodeURIComponent(rideId)}/events`)).events,
  });

/** Who the signed-in user is on this ride, from what the server answered them. */
export type RideParty = RideViewer;

export function partyOn(ride: Ride, user: { id: string; userType: string }): RideParty | null {
  return viewerOfRide(user, { riderUserId: ride.passengerId, driverUserId: ride.driverId });
}
