import { z } from 'zod';
import { rideFactsSchema } from '../ride/facts.js';
import { commandSchema } from '../shared/command.js';
import { notificationReasonSchema, notifiedContactSchema, tokenHashSchema } from './events.js';

const rideId = z.string().trim().min(1).max(128);
const shareId = z.string().trim().min(1).max(128);
/** A new link, should one be needed: its id and its token's hash, made by the handler. */
const newLink = { shareId, tokenHash: tokenHashSchema };

/** Each command carries the ride as its stream has it now (rideFactsOf), read by the handler. */
export const tripShareCommandSchemas = {
  StartTripShare: z.object({ rideId, ride: rideFactsSchema, ...newLink }),
  RevokeTripShare: z.object({ rideId, ride: rideFactsSchema }),
  /** The expiry timer, TRIP_SHARE_GRACE_MINUTES after the ride ended (system only). */
  ExpireTripShare: z.object({ rideId, ride: rideFactsSchema }),
  /**
   * Tells the rider's trusted contacts, with the link, once per ride. The rider presses Notify
   * Contacts; the platform does it for an SOS or at trip start. Sharing is turned on if it is off.
   */
  NotifyTrustedContacts: z.object({ rideId, ride: rideFactsSchema, reason: notificationReasonSchema, contacts: z.array(notifiedContactSchema).max(10), ...newLink }),
  ChooseTripStartNotification: z.object({ rideId, ride: rideFactsSchema }),
} as const;

export type TripShareCommandType = keyof typeof tripShareCommandSchemas;

export const tripShareCommandSchema = z.discriminatedUnion('type', [
  commandSchema('StartTripShare', tripShareCommandSchemas.StartTripShare),
  commandSchema('RevokeTripShare', tripShareCommandSchemas.RevokeTripShare),
  commandSchema('ExpireTripShare', tripShareCommandSchemas.ExpireTripShare),
  commandSchema('NotifyTrustedContacts', tripShareCommandSchemas.NotifyTrustedContacts),
  commandSchema('ChooseTripStartNotification', tripShareCommandSchemas.ChooseTripStartNotification),
]);

export type TripShareCommand = z.input<typeof tripShareCommandSchema>;
export type ParsedTripShareCommand = z.output<typeof tripShareCommandSchema>;
export type TripShareCommandOf<Type extends TripShareCommandType> = Extract<ParsedTripShareCommand, { type: Type }>;
