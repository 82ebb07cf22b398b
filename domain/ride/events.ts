import { z } from 'zod';
import { packageSizeSchema } from '../catalogue/schemas.js';
import { instantSchema } from '../shared/command.js';
import {
  cancellableStageSchema,
  cancellationReasonSchema,
  ngweeSchema,
  partySchema,
  placeSchema,
  pricingMethodSchema,
  quoteSchema,
  stopSchema,
} from './values.js';

const rideId = z.string().min(1);

/** Everything the rider booked, with the quote locked in. Shared by RideRequested and RideScheduled. */
const bookingSchema = z.object({
  rideId,
  riderId: z.string().min(1),
  vehicleType: z.string().min(1),
  pickup: placeSchema,
  dropoff: placeSchema,
  stops: z.array(stopSchema),
  pricingMethod: pricingMethodSchema,
  /** The rider's opening offer on a bidding ride; null on a fixed-price ride. */
  proposedFareNgwee: ngweeSchema.nullable(),
  paymentMethod: z.string().min(1),
  scheduledFor: instantSchema.nullable(),
  passengerCount: z.number().int().positive().nullable(),
  packageSize: packageSizeSchema.nullable(),
  notes: z.string().nullable(),
  quote: quoteSchema,
  requestedAt: instantSchema,
});
export type Booking = z.infer<typeof bookingSchema>;

/**
 * Every event the ride stream holds, with the version of its data's shape. A change to a shape
 * bumps its version and gets an upcaster on read; stored events are never rewritten.
 */
export const rideEventSchemas = {
  RideRequested: { version: 1, schema: bookingSchema },
  RideScheduled: { version: 1, schema: bookingSchema.extend({ scheduledFor: instantSchema }) },
  ScheduledRideDispatched: { version: 1, schema: z.object({ rideId, dispatchedAt: instantSchema }) },
  FareCounterOffered: {
    version: 1,
    schema: z.object({
      rideId,
      offeredFareNgwee: ngweeSchema,
      previousFareNgwee: ngweeSchema,
      offeredAt: instantSchema,
    }),
  },
  BidAccepted: {
    version: 1,
    schema: z.object({
      rideId,
      bidId: z.string().min(1),
      driverId: z.string().min(1),
      agreedFareNgwee: ngweeSchema,
      acceptedAt: instantSchema,
    }),
  },
  DriverAssigned: {
    version: 1,
    schema: z.object({
      rideId,
      driverId: z.string().min(1),
      driverUserId: z.string().min(1),
      agreedFareNgwee: ngweeSchema,
      assignedAt: instantSchema,
    }),
  },
  /** Carries the PIN: whoever serves ride events to a driver must strip this event's data. */
  PinIssued: {
    version: 1,
    schema: z.object({
      rideId,
      pin: z.string().regex(/^[1-9]\d{3}$/),
      reason: z.enum(['driver_assigned', 'reissued_by_rider']),
      issuedAt: instantSchema,
    }),
  },
  DriverArrived: { version: 1, schema: z.object({ rideId, driverId: z.string().min(1), arrivedAt: instantSchema }) },
  PinAttemptFailed: {
    version: 1,
    schema: z.object({
      rideId,
      driverId: z.string().min(1),
      attempt: z.number().int().positive(),
      attemptsLeft: z.number().int().nonnegative(),
      failedAt: instantSchema,
    }),
  },
  TripStarted: { version: 1, schema: z.object({ rideId, driverId: z.string().min(1), startedAt: instantSchema }) },
  TripCompleted: {
    version: 1,
    schema: z.object({
      rideId,
      driverId: z.string().min(1),
      finalFareNgwee: ngweeSchema,
      distanceKm: z.number().nonnegative().nullable(),
      durationMinutes: z.number().nonnegative().nullable(),
      completedAt: instantSchema,
    }),
  },
  /** v2 adds `reasonCode` (v1 had the free text only; see upcasters.ts). */
  RideCancelled: {
    version: 2,
    schema: z.object({
      rideId,
      by: z.enum(['rider', 'driver', 'admin', 'system']),
      byUserId: z.string().min(1),
      reasonCode: cancellationReasonSchema,
      reason: z.string().min(1),
      stage: cancellableStageSchema,
      cancelledAt: instantSchema,
    }),
  },
  RideExpired: {
    version: 1,
    schema: z.object({ rideId, searchStartedAt: instantSchema, expiredAt: instantSchema }),
  },
  EmergencyRaised: {
    version: 1,
    schema: z.object({
      rideId,
      raisedBy: partySchema,
      raisedByUserId: z.string().min(1),
      stage: cancellableStageSchema,
      location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
      raisedAt: instantSchema,
    }),
  },
  RideRated: {
    version: 1,
    schema: z.object({
      rideId,
      by: partySchema,
      raterUserId: z.string().min(1),
      rateeUserId: z.string().min(1),
      stars: z.number().int().min(1).max(5),
      comment: z.string().nullable(),
      ratedAt: instantSchema,
    }),
  },
} as const;

type Schemas = typeof rideEventSchemas;
export type RideEventType = keyof Schemas;

export type RideEventOf<Type extends RideEventType> = { type: Type; data: z.infer<Schemas[Type]['schema']> };
export type RideEvent = { [Type in RideEventType]: RideEventOf<Type> }[RideEventType];

export const rideEventTypes = Object.keys(rideEventSchemas) as RideEventType[];

export const isRideEventType = (type: string): type is RideEventType => Object.hasOwn(rideEventSchemas, type);

/** Checks a stored or incoming event against its schema; throws a ZodError naming the field. */
export function parseRideEvent(event: { type: string; data: unknown }): RideEvent {
  if (!isRideEventType(event.type)) throw new Error(`Unknown ride event type '${event.type}'`);
  const data = rideEventSchemas[event.type].schema.parse(event.data);
  return { type: event.type, data } as RideEvent;
}
