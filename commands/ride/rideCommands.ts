import { refusalRecordedIn, type RideCommand } from '../../domain/ride/index.js';
import { parseOrInvalid } from '../../domain/shared/command.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import type { CommandContext } from '../shared/handleCommand.js';
import type { CommandServices } from '../shared/services.js';
import { decideOnRide, type RideCommandResult } from './decideOnRide.js';
import { rideInputSchemas, type RideInput } from './inputs.js';

/** The ride commands whose input is all the decider needs: parse it, decide, append. */
type PlainRideCommand = Exclude<keyof typeof rideInputSchemas, 'RequestRide' | 'AcceptRide' | 'AcceptBid' | 'ExpireRide'>;

/**
 * `rideStream`, when given, is the ride's whole stream as the caller has just read it (the API's
 * party check): the command decides on it rather than reading it again (see decideOnRide).
 */
export type RideHandler<Type extends keyof typeof rideInputSchemas> = (
  services: CommandServices,
  input: RideInput<Type>,
  context: CommandContext,
  rideStream?: readonly RecordedEvent[],
) => Promise<RideCommandResult>;

function plainRideCommand<Type extends PlainRideCommand>(type: Type): RideHandler<Type> {
  return async (services, input, context, rideStream) => {
    const data = parseOrInvalid(rideInputSchemas[type], input);
    return decideOnRide(services, { type, data, actor: context.actor } as RideCommand, context, { rideStream });
  };
}

/** The scheduler's timer: a scheduled ride starts its search (system only). */
export const dispatchScheduledRide = plainRideCommand('DispatchScheduledRide');
/** The rider raises (or lowers) the offer on a bidding ride, within the quote's bounds. */
export const counterOffer = plainRideCommand('CounterOffer');
/** The rider turns every bid down, which cancels the ride; the settlement reactor rejects the bids. */
export const declineAllBids = plainRideCommand('DeclineAllBids');
export const arriveAtPickup = plainRideCommand('ArriveAtPickup');
/** Only the rider sees the PIN, so only the rider replaces it (which also lifts a PIN lock). */
export const reissuePin = plainRideCommand('ReissuePin');
export const completeTrip = plainRideCommand('CompleteTrip');
/** Releasing the driver afterwards is a reactor's work. */
export const cancelRide = plainRideCommand('CancelRide');
export const raiseEmergency = plainRideCommand('RaiseEmergency');
export const rateRide = plainRideCommand('RateRide');

/**
 * The driver starts the trip with the rider's PIN. A wrong PIN is a refusal that is recorded
 * (PinAttemptFailed counts towards the lock), so it is appended first and then thrown:
 * 'pin_incorrect', or 'pin_locked' on the attempt that locks the start.
 */
export async function startTrip(
  services: CommandServices,
  input: RideInput<'StartTrip'>,
  context: CommandContext,
  rideStream?: readonly RecordedEvent[],
): Promise<RideCommandResult> {
  const data = parseOrInvalid(rideInputSchemas.StartTrip, input);
  const result = await decideOnRide(services, { type: 'StartTrip', data, actor: context.actor } as RideCommand, context, { rideStream });
  const refusal = refusalRecordedIn(result.events);
  if (refusal) throw refusal;
  return result;
}

/** The search timer fires: no driver within the admin-set search window (system only). */
export async function expireRide(
  services: CommandServices,
  input: RideInput<'ExpireRide'>,
  context: CommandContext,
): Promise<RideCommandResult> {
  const { rideId } = parseOrInvalid(rideInputSchemas.ExpireRide, input);
  const { searchWindowSeconds } = await services.settings.current();
  return decideOnRide(
    services,
    { type: 'ExpireRide', data: { rideId, searchWindowSeconds }, actor: context.actor } as RideCommand,
    context,
  );
}
