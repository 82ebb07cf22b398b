import { z } from 'zod';
import { bidCommandSchemas } from '../../domain/bid/index.js';
import { entityIdSchema } from '../ride/inputs.js';

const bidRef = z.object({ bidId: entityIdSchema });

/**
 * What a caller gives each bid command: the data less the facts the handler finds out (the
 * ride's and the driver's state, the bid's id and its expiry). Settlement (MarkBidAccepted,
 * MarkBidRejected) belongs to the reactors and is not here.
 */
export const bidInputSchemas = {
  PlaceBid: bidCommandSchemas.PlaceBid.pick({ amountNgwee: true, message: true, estimatedArrivalMinutes: true }).extend({
    rideId: entityIdSchema,
    driverId: entityIdSchema,
  }),
  WithdrawBid: bidRef,
  ExpireBid: bidRef,
} as const;

export type BidInputType = keyof typeof bidInputSchemas;
export type BidInput<Type extends BidInputType> = z.input<(typeof bidInputSchemas)[Type]>;
