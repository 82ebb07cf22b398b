import { z } from 'zod';
import { instantSchema } from '../shared/command.js';
import { eventCatalogue, type EventOf, type EventUnion } from '../shared/eventCatalogue.js';
import { trustedContactSchema } from './values.js';

const riderId = z.string().min(1);

/**
 * Every event of a rider's trusted contacts (stream `trustedContacts-<riderUserId>`), with the
 * version of its data's shape. A change to a shape bumps its version and gets an upcaster.
 */
export const trustedContactEventSchemas = {
  TrustedContactAdded: { version: 1, schema: trustedContactSchema.extend({ riderId, addedAt: instantSchema }) },
  TrustedContactUpdated: { version: 1, schema: trustedContactSchema.extend({ riderId, updatedAt: instantSchema }) },
  TrustedContactRemoved: { version: 1, schema: z.object({ riderId, contactId: z.string().min(1), removedAt: instantSchema }) },
} as const;

type Schemas = typeof trustedContactEventSchemas;
export type TrustedContactEventType = keyof Schemas;
export type TrustedContactEventOf<Type extends TrustedContactEventType> = EventOf<Schemas, Type>;
export type TrustedContactEvent = EventUnion<Schemas>;

/** parse…Event checks a stored or incoming event against its schema; throws a ZodError naming the field. */
export const { types: trustedContactEventTypes, isType: isTrustedContactEventType, parse: parseTrustedContactEvent } = eventCatalogue('trusted contact', trustedContactEventSchemas);
