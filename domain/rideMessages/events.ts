import { z } from 'zod';
import { partySchema } from '../ride/values.js';
import { instantSchema } from '../shared/command.js';
import { eventCatalogue, type EventOf, type EventUnion } from '../shared/eventCatalogue.js';
import { MAX_RIDE_MESSAGE_LENGTH } from './text.js';

const rideId = z.string().min(1);
const messageId = z.string().min(1);

/**
 * Every event of a ride's conversation (stream `rideMessages-<rideId>`, apart from the ride's own
 * so that chatter never slows the ride's decisions), with the version of its data's shape.
 */
export const rideMessageEventSchemas = {
  RideMessageSent: {
    version: 1,
    schema: z.object({ rideId, messageId, from: partySchema, senderUserId: z.string().min(1), text: z.string().min(1).max(MAX_RIDE_MESSAGE_LENGTH), sentAt: instantSchema }),
  },
  /** The reader has seen everything up to and including this message. */
  RideMessagesRead: {
    version: 1,
    schema: z.object({ rideId, by: partySchema, readerUserId: z.string().min(1), upToMessageId: messageId, readAt: instantSchema }),
  },
} as const;

type Schemas = typeof rideMessageEventSchemas;
export type RideMessageEventType = keyof Schemas;
export type RideMessageEventOf<Type extends RideMessageEventType> = EventOf<Schemas, Type>;
export type RideMessageEvent = EventUnion<Schemas>;

/** parse…Event checks a stored or incoming event against its schema; throws a ZodError naming the field. */
export const { types: rideMessageEventTypes, isType: isRideMessageEventType, parse: parseRideMessageEvent } = eventCatalogue('ride message', rideMessageEventSchemas);
