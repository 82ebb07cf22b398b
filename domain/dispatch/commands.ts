import { z } from 'zod';
import { commandSchema, nonBlank } from '../shared/command.js';
import { rideOfferSchema } from './events.js';

/**
 * Dispatch records the outcome of its search for a ride: the drivers it found (an empty list when
 * it found none) and the ring it found them at. The search itself (H3 cells, telemetry) is the
 * handler's; the ride's search is recorded once.
 */
export const recordRideOffer = commandSchema(
  'RecordRideOffer',
  z.object({
    rideId: nonBlank,
    offers: z.array(rideOfferSchema),
    /** The ring the drivers were found at; with no drivers, the widest ring searched. */
    ring: z.int().min(0),
    h3Resolution: z.int().min(0).max(15),
  }),
);

export const dispatchCommandSchema = z.discriminatedUnion('type', [recordRideOffer]);
export type DispatchCommand = z.input<typeof dispatchCommandSchema>;
