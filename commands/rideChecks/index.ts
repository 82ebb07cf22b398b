import { z } from 'zod';
import type { LatLng } from '../../domain/catalogue/geography.js';
import { latLngSchema } from '../../domain/catalogue/schemas.js';
import { rideFactsOf, type RideEvent } from '../../domain/ride/index.js';
import {
  MAX_POSITIONS_PER_CHECK,
  rideChecksDecider,
  rideChecksStream,
  tripPositionSchema,
  type RideCheckCommand,
  type RideCheckEvent,
  type TripPlan,
} from '../../domain/rideChecks/index.js';
import { parseOrInvalid } from '../../domain/shared/command.js';
import { DomainError } from '../../domain/shared/index.js';
import { routeSources } from '../../platform/routing/index.js';
import { entityIdSchema } from '../ride/inputs.js';
import { loadRide } from '../ride/loadRide.js';
import { handleCommand, type CommandContext } from '../shared/handleCommand.js';
import { lifecycleCommands, type InputOf } from '../shared/lifecycleCommands.js';
import { decideDeps, lifecycleOptions, toDomainEvent, type CommandServices } from '../shared/services.js';

/** A ride's checks (stream `rideChecks-<rideId>`): the watcher looks, the rider answers, the timer marks silence. */

export const checkTripProgressInputSchema = z.object({
  rideId: entityIdSchema,
  /** The driver's positions since the trip started (the telemetry trail). */
  positions: z.array(tripPositionSchema).max(MAX_POSITIONS_PER_CHECK),
  /**
   * The route the trip should keep to. Left out, it is the road route the rider was quoted (the
   * line the booking screen drew); null, or a quote priced on the straight line, checks no corridor.
   */
  expectedRoute: z.array(latLngSchema).min(2).nullable().optional(),
});
export type CheckTripProgressInput = z.input<typeof checkTripProgressInputSchema>;

/** The duration the fare engine priced the trip with, if the quote's breakdown has one. */
const quotedDuration = z.object({ durationMin: z.number().positive() });

/** The route the quote kept (commands/ride/requestRide.ts: `breakdown.route`), if it has one. */
const quotedRoute = z.object({ route: z.object({ source: z.enum(routeSources), geometry: z.array(latLngSchema).min(2) }) });

/**
 * The road route a quote was priced on: what the rider saw drawn, and what a driver is expected to
 * keep within ROUTE_CORRIDOR_METRES of. A straight-line estimate (no road served some leg) is no
 * route to hold a driver to, so it gives none, as does a quote from before routes were kept.
 */
export function quotedRoadRoute(breakdown: unknown): LatLng[] | null {
  const parsed = quotedRoute.safeParse(breakdown);
  if (!parsed.success || parsed.data.route.source === 'great_circle') return null;
  return parsed.data.route.geometry.map(({ lat, lng }) => ({ lat, lng }));
}

/**
 * The watcher's look at a trip (system only): the ride's stream gives the rider, the status and
 * the plan (pickup, stops, dropoff, the quoted duration); the decider finds what to ask about.
 */
export async function checkTripProgress(services: CommandServices, input: CheckTripProgressInput, context: CommandContext) {
  const { rideId, positions, expectedRoute } = parseOrInvalid(checkTripProgressInputSchema, input);
  const { state, recorded } = await loadRide(services.store, rideId);
  const facts = rideFactsOf(recorded.map((event) => toDomainEvent<RideEvent>(event)));
  const booking = state.context.booking;
  if (facts === null || booking === null) throw new DomainError('not_found', `ride ${rideId} was not found`, { rideId });
  const estimate = quotedDuration.safeParse(booking.quote.breakdown);
  const plan: TripPlan = {
    // Before the trip starts there is nothing to watch: the decider refuses the ride's status.
    startedAt: facts.tripStartedAt ?? services.clock.now().toISOString(),
    pickup: { lat: booking.pickup.lat, lng: booking.pickup.lng },
    stops: booking.stops.map(({ lat, lng }) => ({ lat, lng })),
    dropoff: { lat: booking.dropoff.lat, lng: booking.dropoff.lng },
    expectedRoute: expectedRoute === undefined ? quotedRoadRoute(booking.quote.breakdown) : expectedRoute,
    estimatedDurationMinutes: estimate.success ? estimate.data.durationMin : null,
  };
  const command: RideCheckCommand = {
    type: 'CheckTripProgress',
    actor: context.actor as RideCheckCommand['actor'],
    data: { rideId, riderUserId: facts.riderUserId, rideStatus: facts.status, plan, positions },
  };
  return handleCommand(services.store, rideChecksStream(rideId), rideChecksDecider, command, context, decideDeps(services), lifecycleOptions<RideCheckEvent>());
}

export type AnswerRideCheckInput = InputOf<RideCheckCommand, 'AnswerRideCheck'>;
export type MarkRideCheckUnansweredInput = InputOf<RideCheckCommand, 'MarkRideCheckUnanswered'>;

const checks = lifecycleCommands(rideChecksDecider, (data) => rideChecksStream(data.rideId));

/** I'm Safe, Minor Issue or Need Help, by the ride's rider. */
export const answerRideCheck = checks('AnswerRideCheck');
/** The answer timer, RIDE_CHECK_ANSWER_SECONDS after the check. */
export const markRideCheckUnanswered = checks('MarkRideCheckUnanswered');
