import { queryOptions } from '@tanstack/react-query';
import { getJson, HttpError } from '../api/http.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';
import type { Bid, BidList } from '../../../contract/bids.js';
import type { DriverEarnings, DriverProfile, DriverVehicle } from '../../../contract/drivers.js';
import type { PendingRides, RideList } from '../../../contract/rides.js';

/** The driver routes' answers, from the contract (contract/drivers.ts, rides.ts, bids.ts). */
export type { DriverEarnings, DriverProfile, DriverVehicle };
export type VerificationStatus = DriverProfile['verificationStatus'];
export type EarningsFigures = DriverEarnings['summary']['today'];
export type PendingRide = PendingRides['rides'][number];
export type DriverBid = Bid;

/** The signed-in driver's profile, or null before they apply (the route answers 404 then). */
export const driverProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: liveQueryKeys.driverProfile(userId),
    queryFn: async (): Promise<DriverProfile | null> => {
      try {
        return await getJson<DriverProfile>(`/api/drivers/user/${encodeURIComponent(userId)}`);
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
  });

export const earningsQueryOptions = (driverId: string) =>
  queryOptions({
    queryKey: liveQueryKeys.driverEarnings(driverId),
    queryFn: () => getJson<DriverEarnings>(`/api/drivers/${encodeURIComponent(driverId)}/earnings`),
  });

export const pendingRidesQueryOptions = (vehicleType: string) =>
  queryOptions({
    queryKey: liveQueryKeys.pendingRides(vehicleType),
    queryFn: async () => (await getJson<PendingRides>(`/api/rides/pending/${encodeURIComponent(vehicleType)}`)).rides,
  });

export const driverRidesQueryOptions = (driverId: string) =>
  queryOptions({
    queryKey: liveQueryKeys.driverRides(driverId),
    queryFn: async () => (await getJson<RideList>(`/api/rides/driver/${encodeURIComponent(driverId)}?limit=50`)).rides,
  });

/** A driver sees only their own bid on a ride. */
export const myBidsQueryOptions = (rideId: string) =>
  queryOptions({
    queryKey: liveQueryKeys.rideBids(rideId),
    queryFn: async () => (await getJson<BidList>(`/api/bids/ride/${encodeURIComponent(rideId)}`)).bids,
  });
