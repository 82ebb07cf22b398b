import { queryOptions } from '@tanstack/react-query';
import { knownPlaces } from '../../../domain/catalogue/index.js';
import { haversineKm } from '../../../domain/geo/index.js';
import { isRideStatusIn, liveRideStatuses } from '../../../domain/ride/values.js';
import { getJson } from '../api/http.js';
import type { BookSearch } from '../book/bookSearch.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';
import type { Ride } from '../tracking/rideApi.js';

/** GET /api/rides/mine: the rider's rides, newest booking first (the first 100). */
export const myRidesQueryOptions = () =>
  queryOptions({
    queryKey: liveQueryKeys.myRides(),
    queryFn: () => getJson<{ rides: Ride[]; nextBefore: string | null }>('/api/rides/mine?limit=100'),
  });

export type RideGroup = 'active' | 'scheduled' | 'past';
export const RIDE_GROUPS: readonly RideGroup[] = ['active', 'scheduled', 'past'];

/**
 * Where a ride belongs on "My rides": under way (a driver is sought, coming or driving), booked
 * for later (scheduled, no driver yet), or over (completed, cancelled, expired).
 */
export function rideGroup(ride: Pick<Ride, 'status' | 'isScheduled'>): RideGroup {
  if (ride.status === 'scheduled' || (ride.isScheduled && ride.status === 'pending')) return 'scheduled';
  return isRideStatusIn(liveRideStatuses, ride.status) ? 'active' : 'past';
}

/** The ride under way, if any: the one the shell keeps one tap away. */
export const activeRideOf = (rides: readonly Ride[]): Ride | undefined => rides.find((ride) => rideGroup(ride) === 'active');

/** A known place within 50 m of where the ride went: /book can put it on the map again. */
function knownPlaceAt(place: { lat: number; lng: number }): string | undefined {
  return knownPlaces.find((known) => haversineKm(known.coordinates, place) < 0.05)?.id;
}

/** "Book again": the same vehicle and the same two ends (as known places when they are). */
export function rebookSearch(ride: Pick<Ride, 'vehicleType' | 'pickupLocation' | 'dropoffLocation' | 'pricingMethod'>): BookSearch {
  const fromPlace = knownPlaceAt(ride.pickupLocation);
  const toPlace = knownPlaceAt(ride.dropoffLocation);
  return {
    vehicle: ride.vehicleType as BookSearch['vehicle'],
    pricing: ride.pricingMethod,
    from: ride.pickupLocation.address,
    ...(fromPlace ? { fromPlace } : {}),
    to: ride.dropoffLocation.address,
    ...(toPlace ? { toPlace } : {}),
  };
}

/** The fare a past ride cost (final), or what it will cost (agreed, offered, quoted). */
export const fareOf = (ride: Pick<Ride, 'finalFareNgwee' | 'agreedFareNgwee' | 'offeredFareNgwee' | 'quote'>): number =>
  ride.finalFareNgwee ?? ride.agreedFareNgwee ?? ride.offeredFareNgwee ?? ride.quote.totalNgwee;
