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
import type { RecordedEvent } from '../../platform/eventStore/port.js';
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
  /**
   * The ride's whole stream as the command left it, as the store recorded it (see
   * HandleResult.stream): the answer to the write folds it instead of reading again. Absent, read.
   */
  stream?: RecordedEvent[];
}

export interface DecideOnRideOptions {
  /** The clock, ids and randomness (taken from the services when not given). */
  deps?: DecideDeps;
  /** The ride's whole stream as the caller has just read it: decided on instead of read again (see HandleOptions.alreadyRead). */
  rideStream?: readonly RecordedEvent[];
}

/** The one write path to a ride stream: load, fold, decide, append (see handleCommand). */
export async function decideOnRide(
  services: CommandServices,
  command: RideCommand,
  context: CommandContext,
  { deps = decideDeps(services), rideStream }: DecideOnRideOptions = {},
): Promise<RideCommandResult> {
  const { rideId } = command.data;
  const result = await handleCommand(services.store, rideStreamId(rideId), rideDecider, command, context, deps, {
    ...lifecycleOptions<RideEvent>(),
    ...(rideStream ? { alreadyRead: rideStream } : {}),
  });
  const answer: RideCommandResult = { rideId, events: result.events, repeated: result.repeated, state: result.state, status: rideStatus(result.state) };
  if (result.stream) answer.stream = result.stream;
  return answer;
}
