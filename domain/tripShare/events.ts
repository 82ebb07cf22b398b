import { z } from 'zod';
import { instantSchema } from '../shared/command.js';
import { eventCatalogue, type EventOf, type EventUnion } from '../shared/eventCatalogue.js';

/**
 * How long after the ride ends (completed, cancelled or expired) a share link still opens: long
 * enough for a contact to see that the rider arrived, short enough that a forwarded link does
 * not keep showing anything for long.
 */
export const TRIP_SHARE_GRACE_MINUTES = 30;

/**
 * The share link's secret is never stored: only its SHA-256, in hex, computed by the command
 * handler (the domain has no hashing). Whoever opens the link presents the token; its hash finds
 * the share.
 */
export const tokenHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex');

/** Why contacts are told: the rider pressed Notify Contacts, raised an SOS, or asked at booking to be followed from the start. */
export const notificationReasons = ['rider_request', 'sos', 'trip_start'] as const;
export const notificationReasonSchema = z.enum(notificationReasons);
export type NotificationReason = z.infer<typeof notificationReasonSchema>;

export const notifiedContactSchema = z.object({ contactId: z.string().min(1), name: z.string().min(1), phone: z.string().min(1) });
export type NotifiedContact = z.infer<typeof notifiedContactSchema>;

const rideId = z.string().min(1);
const shareId = z.string().min(1);

/**
 * Every event of a ride's sharing (stream `tripShare-<rideId>`), with the version of its data's
 * shape. A change to a shape bumps its version and gets an upcaster on read.
 */
export const tripShareEventSchemas = {
  TripShareStarted: {
    version: 1,
    schema: z.object({
      rideId,
      shareId,
      tokenHash: tokenHashSchema,
      /** The rider, or the platform turning sharing on for an SOS or a notification. */
      startedByUserId: z.string().min(1),
      reason: z.enum(['rider_request', 'sos', 'trip_start', 'contacts_notified']),
      startedAt: instantSchema,
    }),
  },
  TripShareRevoked: { version: 1, schema: z.object({ rideId, shareId, revokedByUserId: z.string().min(1), revokedAt: instantSchema }) },
  TripShareExpired: { version: 1, schema: z.object({ rideId, shareId, rideEndedAt: instantSchema, expiredAt: instantSchema }) },
  /** Contacts are sent the active link by SMS (the sending is a reactor's, after this is recorded). */
  TrustedContactsNotified: {
    version: 1,
    schema: z.object({ rideId, shareId, reason: notificationReasonSchema, contacts: z.array(notifiedContactSchema).min(1), notifiedAt: instantSchema }),
  },
  /** The rider asked at booking that their contacts be told when the trip starts. */
  TripStartNotificationChosen: { version: 1, schema: z.object({ rideId, chosenByUserId: z.string().min(1), chosenAt: instantSchema }) },
} as const;

type Schemas = typeof tripShareEventSchemas;
export type TripShareEventType = keyof Schemas;
export type TripShareEventOf<Type extends TripShareEventType> = EventOf<Schemas, Type>;
export type TripShareEvent = EventUnion<Schemas>;

/** parse…Event checks a stored or incoming event against its schema; throws a ZodError naming the field. */
export const { types: tripShareEventTypes, isType: isTripShareEventType, parse: parseTripShareEvent } = eventCatalogue('trip share', tripShareEventSchemas);
