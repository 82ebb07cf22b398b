import { driverDutyDecider, driverStream, staleReservationReason, type DriverDutyEvent } from '../../domain/driverDuty/index.js';
import type { VehicleId } from '../../domain/catalogue/index.js';
import type { DriverFacts } from '../../domain/ride/index.js';
import type { Actor } from '../../domain/shared/command.js';
import { DomainError, type DecideDeps } from '../../domain/shared/index.js';
import { loadDriverFacts, loadState } from '../shared/driverFacts.js';
import { readForFold } from '../shared/readForFold.js';
import { uuidV5 } from '../shared/eventIds.js';
import { handleCommand, type CommandContext } from '../shared/handleCommand.js';
import { decideDeps, lifecycleOptions, type CommandServices } from '../shared/services.js';
import { loadRide } from './loadRide.js';

/** The platform itself, when it reserves a driver for a rider's choice or undoes a reservation. */
export const dispatcher: Actor = { userId: 'dispatch', role: 'system' };

/**
 * The driver's facts for a decision about `rideId`. The user behind the driver comes from the
 * driver's own verification stream, never from the caller, so the deciders' "is this actor
 * that driver?" check compares two independent things.
 *
 * A driver still engaged on a ride that is over (the release reactor has not caught up with its
 * last event yet) is released here first, so a driver who has just completed a trip can take the
 * next one at once instead of being told they are busy.
 */
export async function requireDriverFacts(services: CommandServices, driverId: string, rideId: string, context: CommandContext): Promise<DriverFacts> {
  const facts = await loadDriverFacts(services.store, driverId, rideId);
  if (facts.userId === '') throw new DomainError('not_found', `driver ${driverId} was not found`, { driverId });
  if (!facts.busy) return facts;
  // Read again whatever happened: released here, or by the reactor between the two reads (a
  // driver told "busy" by a fact one read old was the commonest refusal under load).
  await releaseStaleReservation(services, driverId, context);
  return loadDriverFacts(services.store, driverId, rideId);
}

/** Releases the driver from the ride they are engaged on when that ride no longer needs them. */
async function releaseStaleReservation(services: CommandServices, driverId: string, context: CommandContext): Promise<void> {
  const { state: duty } = await loadState(services.store, driverStream(driverId), driverDutyDecider);
  const engagedOn = duty.context.currentRideId;
  if (!engagedOn) return;
  const reason = staleReservationReason((await loadRide(services.store, engagedOn)).state, driverId);
  if (!reason) return;
  await handleCommand(
    services.store,
    driverStream(driverId),
    driverDutyDecider,
    { type: 'ReleaseDriver', data: { driverId, rideId: engagedOn, reason }, actor: dispatcher } as const,
    stepContext(context, `release-stale:${engagedOn}`, dispatcher),
    decideDeps(services),
    lifecycleOptions<DriverDutyEvent>(),
  );
}

/**
 * A step a command takes on another stream gets a command id derived from the original's, so
 * a retried request repeats the step instead of doing it twice.
 */
export function stepContext(context: CommandContext, step: string, actor: CommandContext['actor'] = context.actor): CommandContext {
  return {
    commandId: uuidV5(`${context.commandId}\u0000${step}`),
    correlationId: context.correlationId ?? context.commandId,
    causationId: context.commandId,
    actor,
  };
}

export interface Reservation {
  driverId: string;
  rideId: string;
  vehicleType: VehicleId;
}

/** Takes the driver for this ride on the driver's stream: the step before the ride append. */
export async function reserveDriver(
  services: CommandServices,
  reservation: Reservation,
  context: CommandContext,
  actor: CommandContext['actor'],
  deps: DecideDeps,
): Promise<void> {
  await handleCommand(
    services.store,
    driverStream(reservation.driverId),
    driverDutyDecider,
    { type: 'ReserveDriver', data: reservation, actor: actor as Actor },
    stepContext(context, 'reserve-driver', actor),
    deps,
    lifecycleOptions<DriverDutyEvent>(),
  );
}

/**
 * The compensation when the ride append was refused or lost the race: the reservation is
 * released, unless the ride did end up with this driver (a driver's double tap: the other
 * tap won, and its reservation is the same one).
 */
export async function releaseUnlessAssigned(
  services: CommandServices,
  { driverId, rideId }: Pick<Reservation, 'driverId' | 'rideId'>,
  context: CommandContext,
  deps: DecideDeps,
): Promise<void> {
  const { state } = await loadRide(services.store, rideId);
  if (state.context.driver?.driverId === driverId) return;
  await handleCommand(
    services.store,
    driverStream(driverId),
    driverDutyDecider,
    { type: 'ReleaseDriver', data: { driverId, rideId, reason: 'ride_append_lost' }, actor: dispatcher } as const,
    stepContext(context, 'release-driver', dispatcher),
    deps,
    lifecycleOptions<DriverDutyEvent>(),
  );
}

/**
 * A retried request whose earlier attempt reserved the driver and then failed without
 * compensating (the store went away mid-append) is refused before it reserves again; its
 * leftover reservation is released here. Only this command's own reservation is touched: a
 * reservation by another of the driver's requests may be on its way to winning.
 */
export async function releaseLeftoverReservation(
  services: CommandServices,
  reservation: Pick<Reservation, 'driverId' | 'rideId'>,
  context: CommandContext,
  deps: DecideDeps,
): Promise<void> {
  const reserveStep = stepContext(context, 'reserve-driver').commandId;
  // A reservation is made while on duty and held until released: it lies in the stretch a fold
  // reads (a long shift's books are closed only as a reservation is made, just before it).
  const duty = await readForFold(services.store, driverStream(reservation.driverId), driverDutyDecider.resumesAt);
  if (duty.some((event) => event.metadata.commandId === reserveStep)) await releaseUnlessAssigned(services, reservation, context, deps);
}
