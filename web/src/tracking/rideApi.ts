import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../api/http.js';
import { keepNewerRide } from '../api/newerRide.js';
import type { RideWireStatus } from '../live/liveMessages.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';

/** GET /api/rides/:rideId as the tracking and driver screens read it (api/routes/rides/schemas.ts). */
export interface Place {
  address: string;
  lat: number;
  lng: number;
}

export interface DriverCardData {
  driverId: string;
  fullName: string | null;
  phoneNumber: string | null;
  vehicle: { make: string; model: string; year: number | null; colour: string; plateNumber: string; type: string } | null;
  rating: number | null;
  ratingCount: number;
  completedRides: number;
}

export interface RidePin {
  code: string | null;
  status: 'awaiting_driver' | 'issued' | 'locked' | 'used' | 'void';
  attemptsLeft: number;
}

export interface Ride {
  id: string;
  /** The ride stream's revision this answer shows (see keepNewerRide). */
  revision: number;
  status: RideWireStatus;
  progress: number | null;
  bannerKey: string;
  pinLocked: boolean;
  emergencyActive: boolean;
  passengerId: string | null;
  driverId: string | null;
  vehicleType: string;
  pricingMethod: 'fixed' | 'bidding';
  paymentMethod: string;
  passengerCount: number | null;
  packageSize: string | null;
  notes: string | null;
  pickupLocation: Place;
  dropoffLocation: Place;
  multipleDestinations: Array<Place & { notes: string | null }>;
  city: string;
  isScheduled: boolean;
  scheduledFor: string | null;
  offeredFareNgwee: number | null;
  agreedFareNgwee: number | null;
  finalFareNgwee: number | null;
  quote: {
    totalNgwee: number;
    floorNgwee: number;
    ceilingNgwee: number;
    floor: number;
    ceiling: number;
    receipt: Array<{ kind: string; amountNgwee: number }>;
  };
  distance: number | null;
  duration: number | null;
  cancellation: { by: 'rider' | 'driver' | 'admin' | 'system'; reason: string; stage: string; at: string } | null;
  ratings: { byRider: { stars: number; comment: string | null } | null; byDriver: { stars: number; comment: string | null } | null };
  driver: DriverCardData | null;
  driverLocation: { lat: number; lng: number; heading: number | null; updatedAt: string } | null;
  eta: { minutes: number; to: 'pickup' | 'dropoff' } | null;
  pin: RidePin | null;
  createdAt: string;
  completedAt: string | null;
}

/** One event of the ride's stream as GET /api/rides/:rideId/events answers it (never a PIN). */
export interface WireRideEvent {
  type: string;
  data: Record<string, unknown>;
  time: string;
}

export const rideQueryOptions = (rideId: string) =>
  queryOptions({
    queryKey: liveQueryKeys.ride(rideId),
    queryFn: () => getJson<Ride>(`/api/rides/${encodeURIComponent(rideId)}`),
    structuralSharing: keepNewerRide<Ride>,
  });

export const rideEventsQueryOptions = (rideId: string) =>
  queryOptions({
    queryKey: liveQueryKeys.rideEvents(rideId),
    queryFn: async () => (await getJson<{ events: WireRideEvent[] }>(`/api/rides/${encodeURIComponent(rideId)}/events`)).events,
  });

/** Who the signed-in user is on this ride, from what the server answered them. */
export type RideParty = 'rider' | 'driver' | 'admin';

export function partyOn(ride: Ride, user: { id: string; userType: string }): RideParty | null {
  if (user.userType === 'admin') return 'admin';
  if (ride.passengerId === user.id) return 'rider';
  if (ride.driverId === user.id) return 'driver';
  return null;
}
