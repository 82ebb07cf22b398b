import { queryOptions } from '@tanstack/react-query';
import { getJson, postJson, requestJson } from '../api/http.js';
import { keepNewerRide } from '../api/newerRide.js';
import type { PackageSize, PaymentMethodId, VehicleCategory, VehicleId } from '../../../domain/catalogue/index.js';
import type { PricingMethod } from '../../../domain/fare/index.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';

export type VehicleLoad = { kind: 'passengers'; maxPassengers: number } | { kind: 'package'; sizes: readonly PackageSize[] };

/** GET /api/catalogue/vehicles: coming-soon services are listed to admin and staff only. */
export interface CatalogueVehicle {
  id: VehicleId;
  capacity: string;
  category: VehicleCategory;
  startingPriceNgwee: number;
  comingSoon: boolean;
  load: VehicleLoad;
}

export interface PaymentMethodEntry {
  id: PaymentMethodId;
  isAvailable: boolean;
}

export interface LatLng {
  lat: number;
  lng: number;
}

export type TrafficLevel = 'light' | 'moderate' | 'heavy';

/** What the fare card asks POST /api/fares/quote about. */
export interface QuoteRequest {
  vehicleType: VehicleId;
  pickup: LatLng;
  dropoff: LatLng;
  stops: LatLng[];
  pricingMethod: PricingMethod;
  scheduledFor: string | null;
}

export interface FareQuote {
  totalNgwee: number;
  distanceKm: number;
  durationMin: number;
  conditions: { hour: number; surge: string; traffic: TrafficLevel; weather: string };
  marketAverageNgwee: number;
  savingsNgwee: number;
  range: { minNgwee: number; maxNgwee: number };
  bounds: { floorNgwee: number; ceilingNgwee: number };
  receipt: { kind: string; amountNgwee: number }[];
}

export interface PlaceOnWire extends LatLng {
  address: string;
}

/** POST /api/rides, with the spec's names. */
export interface RideRequest {
  vehicleType: VehicleId;
  pickupLocation: PlaceOnWire;
  dropoffLocation: PlaceOnWire;
  multipleDestinations: (PlaceOnWire & { notes: string | null })[];
  pricingMethod: PricingMethod;
  proposedFare: number | null;
  paymentMethod: PaymentMethodId;
  isScheduled: boolean;
  scheduledFor: string | null;
  passengerCount: number | null;
  packageSize: PackageSize | null;
  notes: string | null;
}

/** The fields of a ride the booking and bids screens read. */
export interface BookedRide {
  id: string;
  /** The ride stream's revision this answer shows (see keepNewerRide). */
  revision: number;
  status: string;
  vehicleType: VehicleId;
  pricingMethod: PricingMethod;
  pickupLocation: PlaceOnWire;
  dropoffLocation: PlaceOnWire;
  offeredFareNgwee: number | null;
  quote: { totalNgwee: number; floorNgwee: number; ceilingNgwee: number };
}

export type BidStatus = 'placed' | 'accepted' | 'rejected' | 'withdrawn' | 'expired';

export interface RideBid {
  id: string;
  rideId: string;
  bidAmountNgwee: number;
  message: string;
  estimatedArrival: number;
  status: BidStatus;
  etaMinutes: number | null;
  bidder: {
    firstName: string | null;
    rating: number;
    ratingIsDefault: boolean;
    completedRides: number;
    vehicle: { make: string; model: string; colour: string } | null;
  };
}

/** A fresh key per attempt: a retried request (same key) books once. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** Our JSON call with an Idempotency-Key header (the shared client's errors, so messages read the same). */
function sendOnce<T>(method: string, path: string, body: unknown, idempotencyKey: string): Promise<T> {
  const withKey: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'idempotency-key': idempotencyKey } });
  return requestJson<T>(method, path, body, withKey);
}

export const bookingApi = {
  quote: (request: QuoteRequest) => postJson<FareQuote>('/api/fares/quote', request),
  requestRide: (request: RideRequest, key: string) => sendOnce<BookedRide>('POST', '/api/rides', request, key),
  acceptBid: (bidId: string, key: string) => sendOnce<BookedRide>('PATCH', `/api/bids/${encodeURIComponent(bidId)}`, { status: 'accepted' }, key),
  counterOffer: (rideId: string, offeredFare: number, key: string) =>
    sendOnce<BookedRide>('POST', `/api/rides/${encodeURIComponent(rideId)}/counter-offer`, { offeredFare }, key),
  declineBids: (rideId: string, key: string) => sendOnce<BookedRide>('POST', `/api/rides/${encodeURIComponent(rideId)}/decline-bids`, undefined, key),
};

export const vehiclesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/catalogue/vehicles'], queryFn: () => getJson<{ vehicles: CatalogueVehicle[] }>('/api/catalogue/vehicles') });

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/catalogue/payment-methods'],
    queryFn: () => getJson<{ paymentMethods: PaymentMethodEntry[] }>('/api/catalogue/payment-methods'),
  });

/** Drivers on duty for a vehicle type, nearest the pickup first (for the "no drivers" notice). */
export const availableDriversQueryOptions = (vehicleType: VehicleId, near: LatLng | undefined) =>
  queryOptions({
    queryKey: ['/api/drivers/available', vehicleType, near ?? null],
    queryFn: () => {
      const query = new URLSearchParams({ vehicleType, ...(near ? { lat: String(near.lat), lng: String(near.lng) } : {}) });
      return getJson<{ count: number }>(`/api/drivers/available?${query}`);
    },
    // Drivers come and go: ask again after a minute rather than trusting the first answer forever.
    staleTime: 60_000,
  });

export const rideQueryOptions = (rideId: string) =>
  queryOptions({
    queryKey: liveQueryKeys.ride(rideId),
    queryFn: () => getJson<BookedRide>(`/api/rides/${encodeURIComponent(rideId)}`),
    structuralSharing: keepNewerRide<BookedRide>,
  });

export const rideBidsQueryOptions = (rideId: string) =>
  queryOptions({
    queryKey: liveQueryKeys.rideBids(rideId),
    queryFn: () => getJson<{ bids: RideBid[] }>(`/api/bids/ride/${encodeURIComponent(rideId)}`).then((answer) => answer.bids),
  });
