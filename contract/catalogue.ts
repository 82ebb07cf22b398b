import { z } from 'zod';
import { RouteView } from './maps.js';
import { cityIds, cityServices, packageSizes, paymentMethodIds, paymentProviderIds, placeCategories, providerTypes, serviceClasses, vehicleCategories, vehicleIds } from '../domain/catalogue/index.js';
import { vehicleIdSchema } from '../domain/catalogue/schemas.js';
import { BOOKING_LIMITS } from '../domain/ride/index.js';
import { pricingMethodSchema, surgeLevels, timesOfDay, trafficLevels, weatherKinds } from '../domain/fare/index.js';
import { Instant, Ngwee } from './primitives.js';

const LatLng = z.object({
  lat: z.number({ error: 'must be a number' }).min(-90, 'must be at least -90').max(90, 'must be at most 90'),
  lng: z.number({ error: 'must be a number' }).min(-180, 'must be at least -180').max(180, 'must be at most 180'),
});

export const Vehicle = z.object({
  id: z.enum(vehicleIds),
  name: z.string(),
  description: z.string(),
  capacity: z.string(),
  category: z.enum(vehicleCategories),
  serviceClass: z.enum(serviceClasses),
  startingPriceNgwee: Ngwee.describe('The "Starting from" price on the vehicle card'),
  baseFareNgwee: Ngwee.describe("The fare engine's base fare for this service"),
  comingSoon: z.boolean().describe('Listed for admin and staff only'),
  load: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('passengers'), maxPassengers: z.int() }),
    z.object({ kind: z.literal('package'), sizes: z.array(z.enum(packageSizes)) }),
  ]),
});

export const VehicleCatalogue = z.object({
  vehicles: z.array(Vehicle),
  categories: z.array(
    z.object({
      id: z.enum(vehicleCategories),
      label: z.string(),
      comingSoonNotice: z.boolean().describe('Show a "coming soon" notice on the group (admin and staff only)'),
    }),
  ),
});

const CityFields = {
  id: z.enum(cityIds),
  name: z.string(),
  description: z.string(),
  coordinates: LatLng,
  keyAreas: z.array(z.string()),
};

export const City = z.discriminatedUnion('status', [
  z.object({
    ...CityFields,
    status: z.literal('active'),
    population: z.int(),
    services: z.array(z.enum(cityServices)),
    estimatedFare: z.object({ minNgwee: Ngwee, maxNgwee: Ngwee }),
  }),
  z.object({ ...CityFields, status: z.literal('coming_soon') }),
]);

export const CityList = z.object({ cities: z.array(City) });

export const Place = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(placeCategories),
  cityId: z.enum(cityIds),
  city: z.string(),
  province: z.string(),
  description: z.string(),
  coordinates: LatLng,
});

export const CityParams = z.object({ cityId: z.string().trim().min(1, 'is required').max(40, 'is too long') });

export const CityPage = z.object({ city: City, destinations: z.array(Place) });

export const PlacesQuery = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  /** Up to 8 matches by default; without `q`, every popular destination. */
  limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(20, 'must be at most 20').optional(),
});

export const PlaceResults = z.object({
  query: z.string().nullable().describe('Null when no query was given: the popular destinations'),
  places: z.array(Place.extend({ score: z.number().nullable() })),
});

export const PaymentCatalogue = z.object({
  paymentMethods: z.array(
    z.object({
      id: z.enum(paymentMethodIds),
      name: z.string(),
      description: z.string(),
      kind: z.enum(['cash', 'mobile_money', 'card', 'bank_transfer']),
      isAvailable: z.boolean(),
    }),
  ),
  providers: z.array(z.object({ id: z.enum(paymentProviderIds), name: z.string(), type: z.enum(providerTypes) })),
});

export const QuoteBody = z.object({
  vehicleType: vehicleIdSchema,
  pickup: LatLng,
  dropoff: LatLng,
  /** Additional stops, in order, between pickup and dropoff: each leg is priced. */
  stops: z.array(LatLng).max(BOOKING_LIMITS.maxStops, `at most ${BOOKING_LIMITS.maxStops} stops`).default([]),
  pricingMethod: pricingMethodSchema.default('fixed'),
  /** A scheduled ride is priced for the time it runs. */
  scheduledFor: Instant.nullable().default(null),
});

const FareConditions = z.object({
  hour: z.int().describe('Hour of day in Zambia (UTC+2)'),
  surge: z.enum(surgeLevels),
  traffic: z.enum(trafficLevels),
  weather: z.enum(weatherKinds),
});

export const FareQuote = z.object({
  vehicleType: z.enum(vehicleIds),
  serviceClass: z.enum(serviceClasses),
  pricingMethod: pricingMethodSchema,
  isFixedPrice: z.boolean(),
  distanceKm: z.number(),
  durationMin: z.number(),
  pickupDistanceKm: z.number(),
  conditions: FareConditions,
  timeOfDay: z.enum(timesOfDay),
  multipliers: z.object({ surge: z.number(), traffic: z.number(), weather: z.number(), time: z.number() }),
  totalNgwee: Ngwee,
  marketAverageNgwee: Ngwee,
  savingsNgwee: Ngwee,
  range: z.object({ minNgwee: Ngwee, maxNgwee: Ngwee }),
  bounds: z.object({ floorNgwee: Ngwee, ceilingNgwee: Ngwee }).describe('Where a proposal or a bid must lie'),
  receipt: z.array(z.object({ kind: z.string(), amountNgwee: Ngwee })).describe('Signed lines that add up to totalNgwee'),
  route: RouteView.describe('The route the fare is priced on; `source: great_circle` means no known road connects (the receipt says so)'),
  settings: z.object({ surgeEnabled: z.boolean(), weather: z.enum(weatherKinds) }),
  pricedFor: Instant.describe('The instant the trip is priced for (now, or the scheduled time)'),
  currency: z.literal('ZMW'),
});

// — the same shapes as types: answers as the client receives them, requests (Body, Query, Params) as it sends them —

export type Vehicle = z.infer<typeof Vehicle>;
export type VehicleCatalogue = z.infer<typeof VehicleCatalogue>;
export type City = z.infer<typeof City>;
export type CityList = z.infer<typeof CityList>;
export type Place = z.infer<typeof Place>;
export type CityParams = z.input<typeof CityParams>;
export type CityPage = z.infer<typeof CityPage>;
export type PlacesQuery = z.input<typeof PlacesQuery>;
export type PlaceResults = z.infer<typeof PlaceResults>;
export type PaymentCatalogue = z.infer<typeof PaymentCatalogue>;
export type QuoteBody = z.input<typeof QuoteBody>;
export type FareQuote = z.infer<typeof FareQuote>;
