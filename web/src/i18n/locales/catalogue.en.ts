import {
  cities,
  cityServiceLabels,
  knownPlaces,
  paymentMethods,
  placeCategories,
  vehicleCategoryLabels,
  vehicles,
  type CityId,
  type CityService,
  type PaymentMethodId,
  type PlaceCategory,
  type VehicleCategory,
  type VehicleId,
} from '../../../../domain/catalogue/index.js';

/**
 * The catalogue's own words (vehicles, towns, places, payment methods) in English, read from
 * the domain so that they never drift from it; each other language translates every entry.
 * Names of towns, places and brands are proper nouns and stay as the catalogue spells them.
 */
const byId = <Id extends string, Row extends { id: Id }, Text>(rows: readonly Row[], text: (row: Row) => Text) =>
  Object.fromEntries(rows.map((row) => [row.id, text(row)])) as Record<Id, Text>;

export const catalogueEn = {
  vehicleCategories: { ...vehicleCategoryLabels } as Record<VehicleCategory, string>,
  vehicles: byId<VehicleId, (typeof vehicles)[number], { name: string; description: string; capacity: string }>(
    vehicles,
    ({ name, description, capacity }) => ({ name, description, capacity }),
  ),
  cityServices: { ...cityServiceLabels } as Record<CityService, string>,
  cityDescriptions: byId<CityId, (typeof cities)[number], string>(cities, (city) => city.description),
  placeCategories: Object.fromEntries(placeCategories.map((category) => [category, category])) as Record<PlaceCategory, string>,
  /** Keyed by place id: a place's one-line description. */
  placeDescriptions: Object.fromEntries(knownPlaces.map((place) => [place.id, place.description])) as Record<string, string>,
  paymentMethods: byId<PaymentMethodId, (typeof paymentMethods)[number], { name: string; description: string }>(
    paymentMethods,
    ({ name, description }) => ({ name, description }),
  ),
};
