import { z } from 'zod';
import { eventSchema, instantSchema, nonBlank } from '../shared/command.js';
import { streamName } from '../streams.js';

/** One stream per ride's search: `dispatch-<rideId>`, beside the ride stream, never inside it. */
export const dispatchStream = (rideId: string) => streamName('dispatch', rideId);

export const rideOfferSchema = z.object({
  driverId: nonBlank,
  /** Great-circle distance from the driver's last known position to the pickup. */
  distanceKm: z.number().nonnegative(),
});
export type RideOffer = z.infer<typeof rideOfferSchema>;

/** Whom dispatch offered the ride to: the nearest free drivers it found, nearest first. */
export const rideOfferedToDrivers = eventSchema(
  'RideOfferedToDrivers',
  z.object({
    rideId: nonBlank,
    offers: z.array(rideOfferSchema).min(1),
    /** The H3 grid ring (k) at which the search found them. */
    ring: z.int().min(0),
    h3Resolution: z.int().min(0).max(15),
    offeredAt: instantSchema,
  }),
);

/** The search reached its widest ring and found nobody; the ride stays open to drivers browsing. */
export const noDriversNearby = eventSchema(
  'NoDriversNearby',
  z.object({
    rideId: nonBlank,
    widestRing: z.int().min(0),
    h3Resolution: z.int().min(0).max(15),
    searchedAt: instantSchema,
  }),
);

export const dispatchEventSchema = z.discriminatedUnion('type', [rideOfferedToDrivers, noDriversNearby]);
export type DispatchEvent = z.infer<typeof dispatchEventSchema>;

export const dispatchEventVersions = {
  RideOfferedToDrivers: 1,
  NoDriversNearby: 1,
} as const satisfies Record<DispatchEvent['type'], number>;
