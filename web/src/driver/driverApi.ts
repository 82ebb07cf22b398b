import { queryOptions } from '@tanstack/react-query';
import { getJson, HttpError } from '../api/http.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';
import type { Ride } from '../tracking/rideApi.js';

/** The driver routes' answers, as the dashboard reads them (api/routes/drivers/schemas.ts). */
export type VerificationStatus = 'not_applied' | 'pending' | 'approved' | 'rejected' | 'suspended';

export interface DriverVehicle {
  make: string;
  model: string;
  year: number | null;
  colour: string;
  plateNumber: string;
  type: string;
}

export interface DriverProfile {
  driverId: string;
  verificationStatus: VerificationStatus;
  licenceNumber: string | null;
  vehicle: DriverVehicle | null;
  documents: Array<{ kind: string; reference: string; expiresOn: string }>;
  decisionReason: string | null;
  submittedAt: string | null;
  isOnline: boolean;
  engagedRideId: string | null;
  rating: number | null;
  ratingCount: number;
  completedRides: number;
}

export interface EarningsFigures {
  rides: number;
  grossNgwee: number;
  commissionNgwee: number;
  netNgwee: number;
}

export interface DriverEarnings {
  commissionPercent: number;
  summary: { day: string; today: EarningsFigures; thisWeek: EarningsFigures; total: EarningsFigures };
  byDay: { from: string; to: string; days: Array<EarningsFigures & { day: string }> };
}

export type PendingRide = Ride & { pickupDistanceKm: number | null };

export interface DriverBid {
  id: string;
  rideId: string;
  driverId: string;
  bidAmountNgwee: number;
  message: string;
  estimatedArrival: number;
  status: 'placed' | 'accepted' | 'rejected' | 'withdrawn' | 'expired';
  expiresAt: string;
  updatedAt: string;
}

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
    queryFn: async () => (await getJson<{ rides: PendingRide[] }>(`/api/rides/pending/${encodeURIComponent(vehicleType)}`)).rides,
  });

export const driverRidesQueryOptions = (driverId: string) =>
  queryOptions({
    queryKey: liveQueryKeys.driverRides(driverId),
    queryFn: async () => (await getJson<{ rides: Ride[] }>(`/api/rides/driver/${encodeURIComponent(driverId)}?limit=50`)).rides,
  });

/** A driver sees only their own bid on a ride. */
export const myBidsQueryOptions = (rideId: string) =>
  queryOptions({
    queryKey: liveQueryKeys.rideBids(rideId),
    queryFn: async () => (await getJson<{ bids: DriverBid[] }>(`/api/bids/ride/${encodeURIComponent(rideId)}`)).bids,
  });
