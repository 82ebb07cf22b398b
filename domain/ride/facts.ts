import { z } from 'zod';
import type { Actor } from '../shared/command.js';
import { instantSchema } from '../shared/command.js';
import { fold } from '../shared/decider.js';
import { rideDecider } from './decider.js';
import type { RideEvent } from './events.js';
import { viewerOfRide } from './party.js';
import { rideWireStatus } from './status.js';
import { rideWireStatusSchema, withDriverStatuses, type Party } from './values.js';

/**
 * What the ride's neighbouring lifecycles (trip sharing, messages, recordings, ride checks) need
 * to know about a ride: its status, its two people and when its trip began and ended. The command
 * handler reads it from the ride stream and hands it to their deciders, as bids take the ride.
 */
export const rideFactsSchema = z.object({
  rideId: z.string().min(1),
  status: rideWireStatusSchema,
  riderUserId: z.string().min(1),
  /** The assigned driver's login; null until a driver is assigned. */
  driverUserId: z.string().min(1).nullable(),
  tripStartedAt: instantSchema.nullable(),
  /** When the ride completed, was cancelled or expired; null while it is still on. */
  endedAt: instantSchema.nullable(),
});
export type RideFacts = z.infer<typeof rideFactsSchema>;

/** The ride's facts as its stored events tell them; null when the stream has no ride. */
export function rideFactsOf(events: readonly RideEvent[]): RideFacts | null {
  const state = fold(rideDecider, events);
  const status = rideWireStatus(state);
  const { booking, driver } = state.context;
  if (booking === null || status === null) return null;
  const { startedAt, completedAt, cancelledAt, expiredAt } = state.context.timeline;
  const tripStartedAt = startedAt;
  const endedAt = completedAt ?? cancelledAt ?? expiredAt;
  return { rideId: booking.rideId, status, riderUserId: booking.riderId, driverUserId: driver?.userId ?? null, tripStartedAt, endedAt };
}

export const hasDriverAndIsOn = (facts: Pick<RideFacts, 'status'>): boolean =>
  (withDriverStatuses as readonly string[]).includes(facts.status);

/** Which of the ride's two people the actor is, by role and login; null for anyone else. */
export function partyOnRide(actor: Actor, facts: Pick<RideFacts, 'riderUserId' | 'driverUserId'>): Party | null {
  const viewer = viewerOfRide({ id: actor.userId, userType: actor.role }, facts);
  return viewer === 'admin' ? null : viewer;
}
