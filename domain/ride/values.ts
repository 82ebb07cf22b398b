import { z } from 'zod';
import { rideWireStatuses, type RideWireStatus } from './wireStatuses.js';

/** Money is counted in ngwee (1 ZMW = 100 ngwee) so fares add up without rounding drift. */
export const ngweeSchema = z.number().int().nonnegative();

export const placeSchema = z.object({
  address: z.string().trim().min(1, 'address is required').max(300),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type Place = z.infer<typeof placeSchema>;

export const stopSchema = placeSchema.extend({
  notes: z.string().trim().max(300).nullable().default(null),
});
export type Stop = z.infer<typeof stopSchema>;

export const pricingMethods = ['fixed', 'bidding'] as const;
export const pricingMethodSchema = z.enum(pricingMethods);
export type PricingMethod = z.infer<typeof pricingMethodSchema>;

/**
 * The fare the server computed when the ride was requested, locked into the ride's first event:
 * a fixed-price ride's final fare is `totalNgwee`; proposals and bids must lie in [floor, ceiling].
 */
export const quoteSchema = z
  .object({
    totalNgwee: ngweeSchema,
    floorNgwee: ngweeSchema,
    ceilingNgwee: ngweeSchema,
    /** The fare engine's breakdown, kept verbatim for the receipt. */
    breakdown: z.record(z.string(), z.unknown()),
  })
  .refine((quote) => quote.floorNgwee <= quote.totalNgwee && quote.totalNgwee <= quote.ceilingNgwee, {
    message: 'quote must satisfy floorNgwee <= totalNgwee <= ceilingNgwee',
    path: ['totalNgwee'],
  });
export type Quote = z.infer<typeof quoteSchema>;

/**
 * What the command handler found out about a driver just before deciding (driver profile,
 * verification and duty streams). `userId` is the driver's login, `driverId` the driver profile.
 */
export const driverFactsSchema = z.object({
  driverId: z.string().min(1),
  userId: z.string().min(1),
  verified: z.boolean(),
  online: z.boolean(),
  /** Engaged on another ride right now. */
  busy: z.boolean(),
  vehicleType: z.string().min(1),
});
export type DriverFacts = z.infer<typeof driverFactsSchema>;

export { rideWireStatuses, type RideWireStatus } from './wireStatuses.js';
export const rideWireStatusSchema = z.enum(rideWireStatuses);

/** Any status before the ride ends: it can still be cancelled. */
export const openRideStatuses = ['scheduled', 'pending', 'accepted', 'arrived', 'in_progress'] as const satisfies readonly RideWireStatus[];

/** Over: completed, cancelled or expired (every status that is not open). */
export const endedRideStatuses = ['completed', 'cancelled', 'expired'] as const satisfies readonly RideWireStatus[];

/** Looking for a driver or under way (a scheduled ride still waits for its time). */
export const liveRideStatuses = ['pending', 'accepted', 'arrived', 'in_progress'] as const satisfies readonly RideWireStatus[];

/** A driver is assigned and the ride is not over: its people are together or about to be. */
export const withDriverStatuses = ['accepted', 'arrived', 'in_progress'] as const satisfies readonly RideWireStatus[];

/** A driver was assigned and the ride went ahead (or is going): the rider is shown who drives. */
export const driverAssignedStatuses = ['accepted', 'arrived', 'in_progress', 'completed'] as const satisfies readonly RideWireStatus[];

/** Booked and not started: the rider may still cancel freely and the trip PIN still matters. */
export const beforeTripStatuses = ['pending', 'accepted', 'arrived'] as const satisfies readonly RideWireStatus[];

/** Whether a status (from the wire, so any string) is one of a set above. */
export const isRideStatusIn = (statuses: readonly RideWireStatus[], status: string): boolean => (statuses as readonly string[]).includes(status);

/**
 * Why a ride was cancelled, as a code analysts can count (the free-text reason beside it is in
 * whatever language the canceller used). The rider's screen offers the first four; declining
 * every bid records its own; anything else is `other`, with the text saying what.
 */
export const cancellationReasons = ['changed_plans', 'wait_too_long', 'wrong_address', 'booked_by_mistake', 'declined_all_bids', 'other'] as const;
export const cancellationReasonSchema = z.enum(cancellationReasons);
export type CancellationReason = z.infer<typeof cancellationReasonSchema>;

/** The stages a ride can be cancelled in (any status before it ends). */
export const cancellableStageSchema = z.enum(openRideStatuses);
export type CancellableStage = z.infer<typeof cancellableStageSchema>;

/** The two people on a ride, as a party rather than a role: ratings and emergencies name them. */
export const partySchema = z.enum(['rider', 'driver']);
export type Party = z.infer<typeof partySchema>;
