import { placeById, vehicleIds, type KnownPlace, type VehicleId } from '../../../domain/catalogue/index.js';
import { pricingMethods, type PricingMethod } from '../../../domain/fare/pricingMethods.js';
import { definedOnly, oneOf, shortText } from '../routes/-searchParams.js';

/**
 * What /book reads from its URL: the choices carried over from the home page's quick-booking
 * card (vehicle, from, to, pricing method). Anything malformed is dropped, not an error: a
 * shared or hand-edited link still opens the booking screen.
 */
export interface BookSearch {
  vehicle?: VehicleId;
  pricing?: PricingMethod;
  /** The typed or chosen pickup text, and the known place it names (if one was chosen). */
  from?: string;
  fromPlace?: string;
  to?: string;
  toPlace?: string;
}

export function validateBookSearch(search: Record<string, unknown>): BookSearch {
  const placeId = (value: unknown) => (typeof value === 'string' && placeById(value) !== undefined ? value : undefined);
  return definedOnly<BookSearch>({
    vehicle: oneOf(vehicleIds, search.vehicle),
    pricing: oneOf(pricingMethods, search.pricing),
    from: shortText(search.from, 200, { trim: true }),
    fromPlace: placeId(search.fromPlace),
    to: shortText(search.to, 200, { trim: true }),
    toPlace: placeId(search.toPlace),
  });
}

export const placeOf = (id: string | undefined): KnownPlace | undefined => (id ? placeById(id) : undefined);
