import { z } from 'zod';
import { placeById, vehicleIdSchema, type KnownPlace, type VehicleId } from '../../../domain/catalogue/index.js';
import { pricingMethodSchema, type PricingMethod } from '../../../domain/fare/index.js';

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

const text = z.string().trim().min(1).max(200).optional().catch(undefined);
const placeId = z
  .string()
  .refine((id) => placeById(id) !== undefined)
  .optional()
  .catch(undefined);

const schema = z.object({
  vehicle: vehicleIdSchema.optional().catch(undefined),
  pricing: pricingMethodSchema.optional().catch(undefined),
  from: text,
  fromPlace: placeId,
  to: text,
  toPlace: placeId,
});

export function validateBookSearch(search: Record<string, unknown>): BookSearch {
  const parsed = schema.parse(search);
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined)) as BookSearch;
}

export const placeOf = (id: string | undefined): KnownPlace | undefined => (id ? placeById(id) : undefined);
