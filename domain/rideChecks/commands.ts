import { z } from 'zod';
import { rideWireStatusSchema } from '../ride/values.js';
import { commandSchema } from '../shared/command.js';
import { tripPlanSchema, tripPositionSchema } from './detection.js';
import { rideCheckAnswerSchema } from './events.js';

const rideId = z.string().trim().min(1).max(128);
const checkId = z.string().trim().min(1).max(160);

/**
 * A trip of six hours with a position every five seconds: more than anything on the Copperbelt
 * (Chililabombwe to Ndola is under two hours), small enough to decide on in memory.
 */
export const MAX_POSITIONS_PER_CHECK = 5_000;

export const rideCheckCommandSchemas = {
  /**
   * The platform's watcher looks at the trip so far (system only). The handler reads the ride
   * (rider, status, plan) and the driver's positions; the decider runs the detection itself, so a
   * check is raised only on evidence, and the same positions always raise the same checks.
   */
  CheckTripProgress: z.object({
    rideId,
    riderUserId: z.string().min(1),
    rideStatus: rideWireStatusSchema,
    plan: tripPlanSchema,
    positions: z.array(tripPositionSchema).max(MAX_POSITIONS_PER_CHECK),
  }),
  AnswerRideCheck: z.object({ rideId, checkId, answer: rideCheckAnswerSchema }),
  /** The answer timer, RIDE_CHECK_ANSWER_SECONDS after the check (system only). */
  MarkRideCheckUnanswered: z.object({ rideId, checkId }),
} as const;

export type RideCheckCommandType = keyof typeof rideCheckCommandSchemas;

export const rideCheckCommandSchema = z.discriminatedUnion('type', [
  commandSchema('CheckTripProgress', rideCheckCommandSchemas.CheckTripProgress),
  commandSchema('AnswerRideCheck', rideCheckCommandSchemas.AnswerRideCheck),
  commandSchema('MarkRideCheckUnanswered', rideCheckCommandSchemas.MarkRideCheckUnanswered),
]);

export type RideCheckCommand = z.input<typeof rideCheckCommandSchema>;
export type ParsedRideCheckCommand = z.output<typeof rideCheckCommandSchema>;
export type RideCheckCommandOf<Type extends RideCheckCommandType> = Extract<ParsedRideCheckCommand, { type: Type }>;
