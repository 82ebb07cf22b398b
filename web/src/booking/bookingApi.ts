import { queryOptions } from '@tanstack/react-query';
import type { RouteView } from '../../../contract/maps.js';
import { getJson, postJson, requestJson } from '../api/http.js';
import type { VehicleId } from '../../../domain/catalogue/index.js';
import type { Bid, BidList } from '../../../contract/bids.js';
import type { AvailableDrivers } from '../../../contract/drivers.js';
import type { FareQuote, PaymentCatalogue, QuoteBody, Vehicle, VehicleCatalogue } from '../../../contract/catalogue.js';
import type { RequestRideBody, Ride } from '../../../contract/rides.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';

/** The booking screens' wire shapes, all from the contract (contract/catalogue.ts, rides.ts, bids.ts). */
export type { Bid as RideBid, FareQuote, Ride as BookedRide };
/** GET /api/catalogue/vehicles: coming-soon services are listed to admin and staff only. */
export type CatalogueVehicle = Vehicle;
export type VehicleLoad = Vehicle['load'];
export type PaymentMethodEntry = PaymentCatalogue['paymentMethods'][number];
export type LatLng = QuoteBody['pickup'];
export type TrafficLevel = FareQuote['conditions']['traffic'];
/** What the fare card asks POST /api/fares/quote about. */
export type QuoteRequest = QuoteBody;
/** POST /api/rides, with the spec's names. */
export type RideRequest = RequestRideBody;
export type PlaceOnWire = RequestRideBody['pickupLocation'];
export type BidStatus = Bid['status'];

/** A fresh key per attempt: a retried request (same key) books once. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** Our JSON call with an Idempotency-Key header (the shared client's errors, so messages read the same). */
function sendOnce<T>(method: string, path: string, body: unknown, idempotencyKey: string): Promise<T> {
  const withKey: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'idempotency-key': idempotencyKey } });
  return requestJson<T>(method, path, body, withKey);
}

export const bookingApi = {
  quote: (request: QuoteRequest) => postJson<FareQuote>('/api/fares/quote', request),
  requestRide: (request: RideRequest, key: string) => sendOnce<Ride>('POST', '/api/rides', request, key),
  acceptBid: (bidId: string, key: string) => sendOnce<Ride>('PATCH', `/api/bids/${encodeURIComponent(bidId)}`, { status: 'accepted' }, key),
  counterOffer: (rideId: string, offeredFare: number, key: string) =>
    sendOnce<Ride>('POST', `/api/rides/${encodeURIComponent(rideId)}/counter-offer`, { offeredFare }, key),
  declineBids: (rideId: string, key: string) => sendOnce<Ride>('POST', `/api/rides/${encodeURIComponent(rideId)}/decline-bids`, undefined, key),
};

export const vehiclesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/catalogue/vehicles'], queryFn: () => getJson<VehicleCatalogue>('/api/catalogue/vehicles') });

/** Drivers on duty for a vehicle type, nearest the pickup first (for the "no drivers" notice). */
export const availableDriversQueryOptions = (vehicleType: VehicleId, near: LatLng | undefined) =>
  queryOptions({
    queryKey: ['/api/drivers/available', vehicleType, near ?? null],
    queryFn: () => {
      const query = new URLSearchParams({ vehicleType, ...(near ? { lat: String(near.lat), lng: String(near.lng) } : {}) });
      return getJson<AvailableDrivers>(`/api/drivers/available?${query}`);
    },
    // Drivers come and go: ask again after a minute rather than trusting the first answer forever.
    staleTime: 60_000,
  });

export const rideBidsQueryOptions = (rideId: string) =>
  queryOptions({
    queryKey: liveQueryKeys.rideBids(rideId),
    queryFn: () => getJson<BidList>(`/api/bids/ride/${encodeURIComponent(rideId)}`).then((answer) => answer.bids),
  });
