import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoriesWithComingSoonNotice,
  cityBySlug,
  LOCAL_SEARCH_LIMIT,
  offeredPaymentMethods,
  paymentProviders,
  placesInCity,
  popularDestinations,
  searchPlaces,
  vehicleCategories,
  vehicleCategoryLabels,
  visibleCities,
  visibleVehicles,
  type City as CatalogueCity,
  type KnownPlace,
  type MobileMoneyMethod,
  type Vehicle as CatalogueVehicle,
} from '../../../domain/catalogue/index.js';
import { baseFareOf } from '../../../domain/fare/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import { currentUser } from '../../plugins/auth.js';
import { ErrorBody } from '../../support/http.js';
import { CityList, CityPage, CityParams, City, PaymentCatalogue, PlaceResults, PlacesQuery, VehicleCatalogue } from '../../../contract/catalogue.js';

/** Admin and staff see what is coming soon (spec 000 §6); everyone else sees what they can book. */
const isPrivileged = (request: FastifyRequest) => {
  const role = currentUser(request)?.userType;
  return role === 'admin' || role === 'staff';
};

/** The product catalogue, open to visitors: vehicles, towns, known places, payment methods. */
/** `collectedMethods`: the wallets a configured provider collects; only those (and cash) are offered. */
export const catalogueRoutes = (collectedMethods: readonly MobileMoneyMethod[]): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/api/catalogue/vehicles',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Vehicles and services (coming-soon ones for admin and staff only)',
        response: { 200: VehicleCatalogue },
      },
    },
    async (request) => {
      const privileged = isPrivileged(request);
      return {
        vehicles: visibleVehicles(privileged).map(toVehicle),
        categories: vehicleCategories.map((id) => ({
          id,
          label: vehicleCategoryLabels[id],
          comingSoonNotice: privileged && categoriesWithComingSoonNotice.includes(id),
        })),
      };
    },
  );

  app.get(
    '/api/catalogue/cities',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The towns served (coming-soon towns for admin and staff only)',
        response: { 200: CityList },
      },
    },
    async (request) => ({ cities: visibleCities(isPrivileged(request)).map(toCity) }),
  );

  app.get(
    '/api/catalogue/cities/:cityId',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A city page: the town and up to six of its known places; 404 'City not found'",
        params: CityParams,
        response: { 200: CityPage, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const city = cityBySlug(request.params.cityId);
      if (!city || (city.status !== 'active' && !isPrivileged(request))) {
        throw new DomainError('not_found', 'City not found', { cityId: request.params.cityId });
      }
      return { city: toCity(city), destinations: placesInCity(city.id).map(toPlace) };
    },
  );

  app.get(
    '/api/catalogue/places',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Search the known places (`q`, at least 2 characters); without `q`, the popular destinations',
        querystring: PlacesQuery,
        response: { 200: PlaceResults, 400: ErrorBody },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      if (!q) {
        const popular = popularDestinations().slice(0, limit);
        return { query: null, places: popular.map((place) => ({ ...toPlace(place), score: null })) };
      }
      const matches = searchPlaces(q, limit ?? LOCAL_SEARCH_LIMIT);
      return { query: q, places: matches.map((match) => ({ ...toPlace(match.place), score: match.score })) };
    },
  );

  for (const url of ['/api/catalogue/payment-methods', '/api/payments/methods/catalogue']) {
    app.get(
      url,
      {
        schema: {
          tags: ['catalogue'],
          summary: 'How riders may pay, and the providers an account can be saved with',
          response: { 200: PaymentCatalogue },
        },
      },
      async () => ({ paymentMethods: offeredPaymentMethods(collectedMethods), providers: [...paymentProviders] }),
    );
  }
};

function toVehicle(vehicle: CatalogueVehicle): z.infer<typeof VehicleCatalogue>['vehicles'][number] {
  const { startingPrice, load, ...rest } = vehicle;
  return {
    ...rest,
    startingPriceNgwee: startingPrice,
    baseFareNgwee: baseFareOf(vehicle.id),
    load: load.kind === 'passengers' ? load : { kind: 'package', sizes: [...load.sizes] },
  };
}

function toCity(city: CatalogueCity): z.infer<typeof City> {
  const common = {
    id: city.id,
    name: city.name,
    description: city.description,
    coordinates: city.coordinates,
    keyAreas: [...city.keyAreas],
  };
  if (city.status === 'coming_soon') return { ...common, status: 'coming_soon' };
  return {
    ...common,
    status: 'active',
    population: city.population,
    services: [...city.services],
    estimatedFare: { minNgwee: city.estimatedFare.min, maxNgwee: city.estimatedFare.max },
  };
}

function toPlace(place: KnownPlace) {
  const { keywords: _keywords, ...shown } = place;
  return shown;
}
