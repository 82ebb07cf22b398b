import { z } from 'zod';
import { rideFactsSchema } from '../ride/facts.js';
import { commandSchema } from '../shared/command.js';
import { rideMessageTextSchema } from './text.js';

const rideId = z.string().trim().min(1).max(128);

/** Each carries the ride as its stream has it now (rideFactsOf), read by the handler. The message's id comes from deps.newId(). */
export const rideMessageCommandSchemas = {
  SendRideMessage: z.object({ rideId, ride: rideFactsSchema, text: rideMessageTextSchema }),
  MarkRideMessagesRead: z.object({ rideId, ride: rideFactsSchema, upToMessageId: z.string().trim().min(1).max(128) }),
} as const;

export type RideMessageCommandType = keyof typeof rideMessageCommandSchemas;

export const rideMessageCommandSchema = z.discriminatedUnion('type', [
  commandSchema('SendRideMessage', rideMessageCommandSchemas.SendRideMessage),
  commandSchema('MarkRideMessagesRead', rideMessageCommandSchemas.MarkRideMessagesRead),
]);

export type RideMessageCommand = z.input<typeof rideMessageCommandSchema>;
export type ParsedRideMessageCommand = z.output<typeof rideMessageCommandSchema>;
