import {
  rideDecider,
  rideStatus,
  rideStreamId,
  type RideCommand,
  type RideEvent,
  type RideState,
  type RideStatus,
} from '../../domain/ride/index.js';
import type { DecideDeps } from '../../domain/shared/index.js';
import { handleCommand, type CommandContext } from '../shared/handleCommand.js';
import { decideDeps, lifecycleOptions, type CommandServices } from '../shared/services.js';

/**
 * What every ride handler answers. `events` may hold a PinIssued, whose PIN is for the rider's
 * eyes only: whoever answers a driver strips it.
 */
export interface RideCommandResult {
  rideId: string;
  /** What the command appended; for a repeat (same command id), what it appended the first time. */
  events: RideEvent[];
  /** True when the command had already been applied and nothing new was written. */
  repeated: boolean;
  state: RideState;
  /** The wire status, progress and flags the tracking screen shows. */
  status: RideStatus | null;
}

/** The one write path to a ride stream: load, fold, decide, append (see handleCommand). */
export async function decideOnRide(
  services: CommandServices,
  command: RideCommand,
  context: CommandContext,
  deps: DecideDeps = decideDeps(services),
): Promise<RideCommandResult> {
  const { rideId } = command.data;
  const result = await handleCommand(
    services.store,
    rideStreamId(rideId),
    rideDecider,
    command,
    context,
    deps,
    lifecycleOptions<RideEvent>(),
  );
  return { rideId, events: result.events, repeated: result.repeated, state: result.state, status: rideStatus(result.state) };
}
