import { useMemo } from 'react';
import type { LatLng } from '../../../domain/catalogue/index.js';
import type { Ride } from './rideApi.js';

/** The line a ride's map draws, whether it is the straight-line estimate, and whose data it was drawn on. */
export interface RideRoute {
  line: readonly LatLng[];
  straight: boolean;
  attribution: string;
}

/**
 * The ride's route along the roads as the quote priced it, or the straight line through its stops
 * for a ride booked before routes were kept. Stable while the route's figures stay the same (the
 * map refits its view only when the line changes). The tracking page and a ride's own page draw the same.
 */
export function useRideRoute(ride: Ride | undefined): RideRoute | undefined {
  const key = ride
    ? JSON.stringify(
        ride.route ?? {
          geometry: [ride.pickupLocation, ...ride.multipleDestinations, ride.dropoffLocation].map(({ lat, lng }) => ({ lat, lng })),
          source: 'great_circle',
          attribution: '',
        },
      )
    : '';
  return useMemo(() => {
    if (!key) return undefined;
    const route = JSON.parse(key) as { geometry: LatLng[]; source: string; attribution: string };
    return { line: route.geometry, straight: route.source === 'great_circle', attribution: route.attribution };
  }, [key]);
}
