import { z } from 'zod';
import { commandSchema, instantSchema } from '../shared/command.js';
import { driverFactsSchema, ngweeSchema, pricingMethodSchema, rideWireStatusSchema } from '../ride/index.js';
import { bidRejectionReasons } from './events.js';

const bidId = z.string().min(1);

/**
 * The data of each bid command. The API validates a request body with these (omitting the facts
 * the handler adds: `driver`, `ride`, `expiresAt`) before the decider sees it.
 */
export const bidCommandSchemas = {
  PlaceBid: z.object({
    /** Always bidIdFor(rideId, driverId): one stream per driver per ride. */
    bidId,
    rideId: z.string().min(1),
    driver: driverFactsSchema,
    /** The ride as its stream has it now, loaded by the handler. */
    ride: z.object({
      /** Who booked it: a driver never bids on their own booking (one account, two roles). */
      riderId: z.string().min(1),
      status: rideWireStatusSchema,
      pricingMethod: pricingMethodSchema,
      vehicleType: z.string().min(1),
      floorNgwee: ngweeSchema,
      ceilingNgwee: ngweeSchema,
    }),
    amountNgwee: ngweeSchema,
    message: z.string().trim().max(280).default(''),
    /** Spec §3: minutes to pickup, default 5. */
    estimatedArrivalMinutes: z.number().int().min(1).max(120).default(5),
    /** When the validity window (a setting, default 120 s) closes; computed by the handler. */
    expiresAt: instantSchema,
  }),
  WithdrawBid: z.object({ bidId }),
  MarkBidAccepted: z.object({ bidId }),
  MarkBidRejected: z.object({ bidId, reason: z.enum(bidRejectionReasons) }),
  ExpireBid: z.object({ bidId }),
} as const;

export type BidCommandType = keyof typeof bidCommandSchemas;

/** A whole command (type, data, actor). `decide` parses with it, so bad input is refused naming the field. */
export const bidCommandSchema = z.discriminatedUnion('type', [
  commandSchema('PlaceBid', bidCommandSchemas.PlaceBid),
  commandSchema('WithdrawBid', bidCommandSchemas.WithdrawBid),
  commandSchema('MarkBidAccepted', bidCommandSchemas.MarkBidAccepted),
  commandSchema('MarkBidRejected', bidCommandSchemas.MarkBidRejected),
  commandSchema('ExpireBid', bidCommandSchemas.ExpireBid),
]);

/** A command as callers write it (defaults may be left out). */
export type BidCommand = z.input<typeof bidCommandSchema>;
/** A command after parsing, as the deciding functions see it. */
export type ParsedBidCommand = z.output<typeof bidCommandSchema>;
export type BidCommandOf<Type extends BidCommandType> = Extract<ParsedBidCommand, { type: Type }>;
