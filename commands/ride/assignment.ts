import type { VehicleId } from '../../domain/catalogue/index.js';
import { rideDecider, type RideCommandOf, type RideCommand } from '../../domain/ride/index.js';
import { DomainError } from '../../domain/shared/index.js';
import { WrongExpectedVersionError, type RecordedEvent } from '../../platform/eventStore/port.js';
import { parseOrInvalid } from '../../domain/shared/command.js';
import type { BidState } from '../../domain/bid/index.js';
import { requireBidFacts } from '../bid/loadBid.js';
import type { CommandContext } from '../shared/handleCommand.js';
import { decideDeps, type CommandServices } from '../shared/services.js';
import { decideOnRide, type RideCommandResult } from './decideOnRide.js';
import { dispatcher, releaseLeftoverReservation, releaseUnlessAssigned, requireDriverFacts, reserveDriver } from './driverReservation.js';
import { rideInputSchemas, type RideInput } from './inputs.js';
import { alreadyApplied, loadRide } from './loadRide.js';

export interface AssignmentResult extends RideCommandResult {
  driverId: string;
}

/**
 * A driver takes a fixed-price ride at its quote. The driver's stream is reserved first, then
 * the ride is appended to; when the ride append is refused or loses the race, the reservation
 * is released again (see `assign`). Among drivers racing for one ride, every loser hears
 * 'not_allowed_in_state' ("… while the ride is accepted").
 */
export async function acceptRide(
  services: CommandServices,
  input: RideInput<'AcceptRide'>,
  context: CommandContext,
): Promise<AssignmentResult> {
  const { rideId, driverId } = parseOrInvalid(rideInputSchemas.AcceptRide, input);
  const driver = await requireDriverFacts(services, driverId, rideId, context);
  const command: RideCommandOf<'AcceptRide'> = { type: 'AcceptRide', data: { rideId, driver }, actor: asActor(context) };
  // The driver reserves themself: the duty stream checks again that it is theirs.
  return assign(services, command, driverId, context, context.actor);
}

/**
 * The rider picks a bid: the bid's state comes from its own stream, the driver's from theirs.
 * The platform reserves the chosen driver (the rider cannot act on a driver's stream), then the
 * ride records BidAccepted and DriverAssigned. Marking the bids accepted and rejected is the
 * settlement reactor's work, not this handler's. `alreadyRead` holds what the caller has just
 * read (the API's party check): the ride's whole stream and the bid's state, decided on, not read
 * again (a stale ride stream meets the append's conflict and is read anew).
 */
export async function acceptBid(
  services: CommandServices,
  input: RideInput<'AcceptBid'>,
  context: CommandContext,
  alreadyRead: { rideStream?: readonly RecordedEvent[]; bid?: BidState } = {},
): Promise<AssignmentResult> {
  const { rideId, bidId } = parseOrInvalid(rideInputSchemas.AcceptBid, input);
  const bid = await requireBidFacts(services.store, bidId, alreadyRead.bid);
  const driver = await requireDriverFacts(services, bid.driverId, rideId, context);
  const command: RideCommandOf<'AcceptBid'> = { type: 'AcceptBid', data: { rideId, bid, driver }, actor: asActor(context) };
  return assign(services, command, bid.driverId, context, dispatcher, alreadyRead.rideStream);
}

/**
 * Reserve the driver, then append to the ride; compensate if the ride append does not happen.
 * The ride is read here, unless the caller has just read it (`rideStream`).
 *
 * The decision is tried on the ride as it stands before the driver is touched, so an ordinary
 * refusal (wrong actor, ride taken, unfit driver) writes nothing anywhere; only a real race
 * leaves a reserve-and-release pair on a loser's stream. A retried request (same command id)
 * repeats each step: the reservation and the release have ids derived from the command's.
 *
 * Compensation runs only when the ride append certainly did not happen: a refusal or a conflict
 * that outlasted the retries. Any other failure (the store unreachable mid-append) leaves the
 * reservation, since the append may have landed; the caller's retry with the same command id
 * settles it either way (repeated if it landed, released if the ride went to someone else).
 */
async function assign(
  services: CommandServices,
  command: RideCommandOf<'AcceptRide' | 'AcceptBid'>,
  driverId: string,
  context: CommandContext,
  reserveAs: CommandContext['actor'],
  rideStream?: readonly RecordedEvent[],
): Promise<AssignmentResult> {
  const deps = decideDeps(services);
  const { rideId } = command.data;
  const ride = await loadRide(services.store, rideId, rideStream);
  if (!alreadyApplied(ride.recorded, context.commandId)) {
    try {
      rideDecider.decide(command, ride.state, deps);
    } catch (refusal) {
      await releaseLeftoverReservation(services, { driverId, rideId }, context, deps);
      throw refusal;
    }
  }
  const vehicleType = (ride.state.context.booking?.vehicleType ?? command.data.driver.vehicleType) as VehicleId;

  await reserveDriver(services, { driverId, rideId, vehicleType }, context, reserveAs, deps);
  try {
    // Decided on the ride as read above: an append to it since is a conflict, and the retry reads it anew.
    return { ...(await decideOnRide(services, command, context, { deps, rideStream: ride.recorded })), driverId };
  } catch (error) {
    if (error instanceof DomainError || error instanceof WrongExpectedVersionError) {
      await releaseUnlessAssigned(services, { driverId, rideId }, context, deps);
    }
    throw error;
  }
}

/** The deciders parse the actor (an unknown role is refused as invalid); the types follow. */
const asActor = (context: CommandContext) => context.actor as RideCommand['actor'];
