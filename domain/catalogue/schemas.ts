import { z } from 'zod';
import { cityIds } from './cities.js';
import { paymentMethodIds, paymentProviderIds, payableMethods } from './payments.js';
import { packageSizes, vehicleIds } from './vehicles.js';

/*
 * The catalogue's values as zod schemas, for the wire (contract/) and the commands. Kept apart
 * from the data itself so that a screen reading only the data (the first page's language files,
 * the footer's emergency numbers) does not download zod with it.
 */

export const cityIdSchema = z.enum(cityIds);
export const latLngSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export const paymentMethodIdSchema = z.enum(paymentMethodIds);
export const payableMethodSchema = z.enum(payableMethods);
export const paymentProviderIdSchema = z.enum(paymentProviderIds);
export const vehicleIdSchema = z.enum(vehicleIds);
export const packageSizeSchema = z.enum(packageSizes);
