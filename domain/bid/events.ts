import { z } from 'zod';
import { instantSchema } from '../shared/command.js';
import { ngweeSchema } from '../ride/index.js';

const ids = { bidId: z.string().min(1), rideId: z.string().min(1), driverId: z.string().min(1) };

/** Why the settlement reactor turned a bid down. */
export const bidRejectionReasons = ['another_bid_accepted', 'ride_cancelled', 'ride_expired'] as const;

/**
 * Every event the bid stream holds, with the version of its data's shape. The settlement events are
 * `BidMarked…`: the ride stream's own `BidAccepted` is the decision, these record its consequence.
 */
export const bidEventSchemas = {
  BidPlaced: {
    version: 1,
    schema: z.object({
      ...ids,
      driverUserId: z.string().min(1),
      amountNgwee: ngweeSchema,
      message: z.string(),
      estimatedArrivalMinutes: z.number().int().positive(),
      expiresAt: instantSchema,
      placedAt: instantSchema,
    }),
  },
  BidWithdrawn: { version: 1, schema: z.object({ ...ids, withdrawnAt: instantSchema }) },
  BidMarkedAccepted: { version: 1, schema: z.object({ ...ids, acceptedAt: instantSchema }) },
  BidMarkedRejected: {
    version: 1,
    schema: z.object({ ...ids, reason: z.enum(bidRejectionReasons), rejectedAt: instantSchema }),
  },
  BidExpired: { version: 1, schema: z.object({ ...ids, expiredAt: instantSchema }) },
} as const;

type Schemas = typeof bidEventSchemas;
export type BidEventType = keyof Schemas;
export type BidEventOf<Type extends BidEventType> = { type: Type; data: z.infer<Schemas[Type]['schema']> };
export type BidEvent = { [Type in BidEventType]: BidEventOf<Type> }[BidEventType];

export const bidEventTypes = Object.keys(bidEventSchemas) as BidEventType[];

export const isBidEventType = (type: string): type is BidEventType => Object.hasOwn(bidEventSchemas, type);

/** Checks a stored or incoming event against its schema; throws a ZodError naming the field. */
export function parseBidEvent(event: { type: string; data: unknown }): BidEvent {
  if (!isBidEventType(event.type)) throw new Error(`Unknown bid event type '${event.type}'`);
  const data = bidEventSchemas[event.type].schema.parse(event.data);
  return { type: event.type, data } as BidEvent;
}
