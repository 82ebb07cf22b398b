import { z } from 'zod';
import { latLngSchema } from '../catalogue/schemas.js';
import { partySchema } from '../ride/values.js';
import { rideCheckReasonSchema } from '../rideChecks/detection.js';
import { instantSchema } from '../shared/command.js';
import { eventCatalogue, type EventOf, type EventUnion } from '../shared/eventCatalogue.js';

/** How an admin closes an incident: what it turned out to be, for the record and for analysts. */
export const incidentOutcomes = ['false_alarm', 'assisted', 'escalated_to_police', 'medical', 'other'] as const;
export const incidentOutcomeSchema = z.enum(incidentOutcomes);
export type IncidentOutcome = z.infer<typeof incidentOutcomeSchema>;

/** An admin's account of what happened: long enough for a police reference and a summary. */
export const MAX_RESOLUTION_NOTE_LENGTH = 2_000;

/**
 * What raised the alarm: someone on the ride pressed SOS, or the rider said Need Help to a ride
 * check or did not answer it. Each carries the position where known, for the record.
 */
export const incidentCauseSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('sos'),
    /** The ride's EmergencyRaised event: one press is one cause, however often it is delivered. */
    emergencyEventId: z.string().min(1),
    party: partySchema,
    userId: z.string().min(1),
    location: latLngSchema.nullable(),
    pressedAt: instantSchema,
  }),
  z.object({
    kind: z.literal('ride_check'),
    checkId: z.string().min(1),
    reason: rideCheckReasonSchema,
    answer: z.enum(['need_help', 'unanswered']),
    /** The rider who said Need Help; null when nobody answered. */
    answeredByUserId: z.string().min(1).nullable(),
    location: latLngSchema.nullable(),
    at: instantSchema,
  }),
]);
export type IncidentCause = z.infer<typeof incidentCauseSchema>;

/** The identity of a cause: the same press or the same check is recorded once. */
export const causeKey = (cause: IncidentCause): string => (cause.kind === 'sos' ? `sos:${cause.emergencyEventId}` : `ride_check:${cause.checkId}`);

const ids = { incidentId: z.string().min(1), rideId: z.string().min(1) };

/**
 * Every event of a ride's incidents (stream `incident-<rideId>`), with the version of its data's
 * shape. A change to a shape bumps its version and gets an upcaster on read.
 */
export const incidentEventSchemas = {
  IncidentRaised: {
    version: 1,
    schema: z.object({
      ...ids,
      /** 1 for the ride's first incident, then 2, 3, … (a new one only after the last is resolved). */
      number: z.int().positive(),
      cause: incidentCauseSchema,
      raisedAt: instantSchema,
      /** Unacknowledged by then, the admins are alerted again. */
      reAlertDueAt: instantSchema,
    }),
  },
  /** Another SOS press or escalated check while the incident is open: recorded, never a second incident. */
  IncidentAlertAdded: { version: 1, schema: z.object({ ...ids, cause: incidentCauseSchema, addedAt: instantSchema }) },
  IncidentReAlerted: {
    version: 1,
    schema: z.object({
      ...ids,
      /** How many times admins have been alerted, the first alert included (so 2 at the first re-alert). */
      alertCount: z.int().min(2),
      reAlertedAt: instantSchema,
      reAlertDueAt: instantSchema,
    }),
  },
  IncidentAcknowledged: {
    version: 1,
    schema: z.object({
      ...ids,
      acknowledgedBy: z.string().min(1),
      acknowledgedAt: instantSchema,
      /** From the raise to the acknowledgement: the safety team's response time. */
      secondsToAcknowledge: z.int().nonnegative(),
    }),
  },
  IncidentResolved: {
    version: 1,
    schema: z.object({
      ...ids,
      outcome: incidentOutcomeSchema,
      note: z.string().min(1).max(MAX_RESOLUTION_NOTE_LENGTH),
      resolvedBy: z.string().min(1),
      resolvedAt: instantSchema,
    }),
  },
} as const;

type Schemas = typeof incidentEventSchemas;
export type IncidentEventType = keyof Schemas;
export type IncidentEventOf<Type extends IncidentEventType> = EventOf<Schemas, Type>;
export type IncidentEvent = EventUnion<Schemas>;

/** parse…Event checks a stored or incoming event against its schema; throws a ZodError naming the field. */
export const { types: incidentEventTypes, isType: isIncidentEventType, parse: parseIncidentEvent } = eventCatalogue('incident', incidentEventSchemas);
