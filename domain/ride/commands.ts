import { z } from 'zod';
import { packageSizeSchema, paymentMethodIdSchema, vehicleIdSchema } from '../catalogue/schemas.js';
import { commandSchema, instantSchema } from '../shared/command.js';
import {
  cancellationReasonSchema,
  driverFactsSchema,
  ngweeSchema,
  placeSchema,
  pricingMethodSchema,
  quoteSchema,
  stopSchema,
} from './values.js';
import { BOOKING_LIMITS } from './booking.js';

const rideId = z.string().min(1);

/**
 * The data of each ride command. The API validates a request body with these (omitting the facts
 * the handler adds itself: `quote`, `driver`, `bid`) before the decider ever sees it.
 */
export const rideCommandSchemas = {
  RequestRide: z.object({
    rideId,
    riderId: z.string().min(1),
    /** Whether this rider may book it (coming-soon services) is the command handler's check. */
    vehicleType: vehicleIdSchema,
    pickup: placeSchema,
    dropoff: placeSchema,
    stops: z.array(stopSchema).max(BOOKING_LIMITS.maxStops).default([]),
    pricingMethod: pricingMethodSchema,
    proposedFareNgwee: ngweeSchema.nullable().default(null),
    paymentMethod: paymentMethodIdSchema,
    scheduledFor: instantSchema.nullable().default(null),
    passengerCount: z.number().int().min(1).max(60).nullable().default(null),
    packageSize: packageSizeSchema.nullable().default(null),
    notes: z.string().trim().max(500).nullable().default(null),
    /** Computed by the handler with the fare engine; the decider locks it into the first event. */
    quote: quoteSchema,
  }),
  DispatchScheduledRide: z.object({ rideId }),
  CounterOffer: z.object({ rideId, offeredFareNgwee: ngweeSchema }),
  AcceptRide: z.object({ rideId, driver: driverFactsSchema }),
  AcceptBid: z.object({
    rideId,
    /** The bid as its own stream has it now, loaded by the handler. */
    bid: z.object({
      bidId: z.string().min(1),
      rideId,
      driverId: z.string().min(1),
      amountNgwee: ngweeSchema,
      status: z.enum(['placed', 'accepted', 'rejected', 'withdrawn', 'expired']),
      expiresAt: instantSchema,
    }),
    driver: driverFactsSchema,
  }),
  DeclineAllBids: z.object({ rideId }),
  ArriveAtPickup: z.object({ rideId }),
  StartTrip: z.object({ rideId, pin: z.string().regex(/^\d{4}$/, 'pin must be 4 digits') }),
  ReissuePin: z.object({ rideId }),
  CompleteTrip: z.object({
    rideId,
    distanceKm: z.number().nonnegative().nullable().default(null),
    durationMinutes: z.number().nonnegative().nullable().default(null),
  }),
  CancelRide: z.object({
    rideId,
    reasonCode: cancellationReasonSchema.default('other'),
    reason: z.string().trim().min(1, 'reason is required').max(200),
  }),
  ExpireRide: z.object({ rideId, searchWindowSeconds: z.number().int().positive() }),
  RaiseEmergency: z.object({
    rideId,
    location: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).nullable().default(null),
  }),
  RateRide: z.object({
    rideId,
    stars: z.number().int().min(1, 'stars must be 1 to 5').max(5, 'stars must be 1 to 5'),
    comment: z.string().trim().max(500).nullable().default(null),
  }),
} as const;

type Schemas = typeof rideCommandSchemas;
export type RideCommandType = keyof Schemas;

/** A whole command (type, data, actor). `decide` parses with it, so bad input is refused naming the field. */
export const rideCommandSchema = z.discriminatedUnion('type', [
  commandSchema('RequestRide', rideCommandSchemas.RequestRide),
  commandSchema('DispatchScheduledRide', rideCommandSchemas.DispatchScheduledRide),
  commandSchema('CounterOffer', rideCommandSchemas.CounterOffer),
  commandSchema('AcceptRide', rideCommandSchemas.AcceptRide),
  commandSchema('AcceptBid', rideCommandSchemas.AcceptBid),
  commandSchema('DeclineAllBids', rideCommandSchemas.DeclineAllBids),
  commandSchema('ArriveAtPickup', rideCommandSchemas.ArriveAtPickup),
  commandSchema('StartTrip', rideCommandSchemas.StartTrip),
  commandSchema('ReissuePin', rideCommandSchemas.ReissuePin),
  commandSchema('CompleteTrip', rideCommandSchemas.CompleteTrip),
  commandSchema('CancelRide', rideCommandSchemas.CancelRide),
  commandSchema('ExpireRide', rideCommandSchemas.ExpireRide),
  commandSchema('RaiseEmergency', rideCommandSchemas.RaiseEmergency),
  commandSchema('RateRide', rideCommandSchemas.RateRide),
]);

/** A command as callers write it (defaults may be left out). */
export type RideCommand = z.input<typeof rideCommandSchema>;
/** A command after parsing, as the deciding functions see it. */
export type ParsedRideCommand = z.output<typeof rideCommandSchema>;
export type RideCommandOf<Type extends RideCommandType> = Extract<ParsedRideCommand, { type: Type }>;
