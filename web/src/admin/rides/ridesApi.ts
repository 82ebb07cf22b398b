import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/http.js';
import type { RideStatus, RidesSearch } from '../../routes/admin/-ridesSearch.js';
import { ridesQueryString } from './ridesQuery.js';

/** Rides move on their own: the list asks again every 5 s while it is open (spec 001: ride polls every 5 s). */
export const RIDES_REFRESH_MS = 5_000;
export const RIDES_PAGE = 100;

/** GET /api/admin/rides, one ride (api/routes/admin/schemas.ts AdminRide), the parts the list shows. */
export interface AdminRide {
  rideId: string;
  riderId: string;
  driverId: string | null;
  status: RideStatus;
  vehicleType: string;
  pricingMethod: 'fixed' | 'bidding';
  city: string;
  pickup: { address: string };
  dropoff: { address: string };
  quoteTotalNgwee: number;
  agreedFareNgwee: number | null;
  finalFareNgwee: number | null;
  emergencyRaised: boolean;
  scheduledFor: string | null;
  createdAt: string;
}

export const adminRidesQueryOptions = (search: RidesSearch) =>
  queryOptions({
    queryKey: ['admin', 'rides', search],
    queryFn: () => getJson<{ rides: AdminRide[] }>(`/api/admin/rides?${ridesQueryString(search, RIDES_PAGE)}`).then((answer) => answer.rides),
    refetchInterval: RIDES_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
