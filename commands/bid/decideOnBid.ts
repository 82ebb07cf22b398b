import {
  bidDecider,
  bidStatus,
  bidStreamId,
  type BidCommand,
  type BidEvent,
  type BidState,
  type BidStatus,
} from '../../domain/bid/index.js';
import type { DecideDeps } from '../../domain/shared/index.js';
import { handleCommand, type CommandContext } from '../shared/handleCommand.js';
import { decideDeps, lifecycleOptions, type CommandServices } from '../shared/services.js';

export interface BidCommandResult {
  bidId: string;
  /** Null only if the stream still has no bid, which no accepted command leaves behind. */
  rideId: string | null;
  events: BidEvent[];
  repeated: boolean;
  state: BidState;
  status: BidStatus | null;
}

/** The one write path to a bid stream: load, fold, decide, append (see handleCommand). */
export async function decideOnBid(
  services: CommandServices,
  command: BidCommand,
  context: CommandContext,
  deps: DecideDeps = decideDeps(services),
): Promise<BidCommandResult> {
  const { bidId } = command.data;
  const result = await handleCommand(services.store, bidStreamId(bidId), bidDecider, command, context, deps, lifecycleOptions<BidEvent>());
  return {
    bidId,
    rideId: result.state.context.bid?.rideId ?? null,
    events: result.events,
    repeated: result.repeated,
    state: result.state,
    status: bidStatus(result.state),
  };
}
