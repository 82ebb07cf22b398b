import { z } from 'zod';
import { latLngSchema } from '../catalogue/schemas.js';
import { instantSchema } from '../shared/command.js';
import { eventCatalogue, type EventOf, type EventUnion } from '../shared/eventCatalogue.js';
import { findingSchema, rideCheckReasonSchema } from './detection.js';

/** The rider's answers (the seed's three buttons). */
export const rideCheckAnswers = ['safe', 'minor_issue', 'need_help'] as const;
export const rideCheckAnswerSchema = z.enum(rideCheckAnswers);
export type RideCheckAnswer = z.infer<typeof rideCheckAnswerSchema>;

const ids = { rideId: z.string().min(1), checkId: z.string().min(1) };
/** Carried by the answer and the silence too, so whoever reacts to them (raising an incident) needs no other read. */
const about = { reason: rideCheckReasonSchema, location: latLngSchema.nullable() };

/**
 * Every event of a ride's checks (stream `rideChecks-<rideId>`), with the version of its data's
 * shape. A change to a shape bumps its version and gets an upcaster on read.
 */
export const rideCheckEventSchemas = {
  RideCheckRaised: {
    version: 1,
    schema: z.object({
      ...ids,
      /** 1 for the ride's first check, then 2, 3, … */
      number: z.int().positive(),
      /** Only this rider may answer. */
      riderUserId: z.string().min(1),
      finding: findingSchema,
      raisedAt: instantSchema,
      /** Unanswered by then, the check escalates (RIDE_CHECK_ANSWER_SECONDS after raisedAt). */
      answerDueBy: instantSchema,
    }),
  },
  RideCheckAnswered: {
    version: 1,
    schema: z.object({ ...ids, ...about, answer: rideCheckAnswerSchema, answeredByUserId: z.string().min(1), answeredAt: instantSchema }),
  },
  RideCheckWentUnanswered: {
    version: 1,
    schema: z.object({ ...ids, ...about, answerDueBy: instantSchema, markedAt: instantSchema }),
  },
} as const;

type Schemas = typeof rideCheckEventSchemas;
export type RideCheckEventType = keyof Schemas;
export type RideCheckEventOf<Type extends RideCheckEventType> = EventOf<Schemas, Type>;
export type RideCheckEvent = EventUnion<Schemas>;

/** parse…Event checks a stored or incoming event against its schema; throws a ZodError naming the field. */
export const { types: rideCheckEventTypes, isType: isRideCheckEventType, parse: parseRideCheckEvent } = eventCatalogue('ride check', rideCheckEventSchemas);
