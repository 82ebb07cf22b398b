import { z } from 'zod';
import { rideCommandSchemas } from '../../domain/ride/index.js';
import { entityIdSchema } from '../../domain/shared/entityId.js';

export { entityIdSchema };

const rideRef = z.object({ rideId: entityIdSchema });

/**
 * What a caller gives each ride command: the command's data less the facts the handler finds
 * out itself (the quote, the rider, the driver's and the bid's state, the search window). The API
 * validates request bodies with these; the handlers parse with them again, so a direct caller
 * gets the same 'invalid' naming the field.
 */
export const rideInputSchemas = {
  RequestRide: rideCommandSchemas.RequestRide.omit({ rideId: true, riderId: true, quote: true }).extend({
    /** Left out, the ride's id is derived from the command id (a retried request names the same ride). */
    rideId: entityIdSchema.optional(),
  }),
  DispatchScheduledRide: rideRef,
  CounterOffer: rideCommandSchemas.CounterOffer.extend(rideRef.shape),
  AcceptRide: rideRef.extend({ driverId: entityIdSchema }),
  AcceptBid: rideRef.extend({ bidId: entityIdSchema }),
  DeclineAllBids: rideRef,
  ArriveAtPickup: rideRef,
  StartTrip: rideCommandSchemas.StartTrip.extend(rideRef.shape),
  ReissuePin: rideRef,
  CompleteTrip: rideCommandSchemas.CompleteTrip.extend(rideRef.shape),
  CancelRide: rideCommandSchemas.CancelRide.extend(rideRef.shape),
  ExpireRide: rideRef,
  RaiseEmergency: rideCommandSchemas.RaiseEmergency.extend(rideRef.shape),
  RateRide: rideCommandSchemas.RateRide.extend(rideRef.shape),
} as const;

export type RideInputType = keyof typeof rideInputSchemas;
/** A command's input as callers write it (defaults may be left out). */
export type RideInput<Type extends RideInputType> = z.input<(typeof rideInputSchemas)[Type]>;
