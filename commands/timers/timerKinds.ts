import { z } from 'zod';
import { bidDecider, bidStreamId, type BidCommand } from '../../domain/bid/index.js';
import { rideDecider, rideStreamId, type RideCommand } from '../../domain/ride/index.js';
import type { Actor } from '../../domain/shared/command.js';
import { handleCommand, type CommandContext } from '../shared/handleCommand.js';
import { decideDeps, lifecycleOptions, type CommandServices } from '../shared/services.js';

/** Each kind of timer, with the payload it carries to the command it issues. */
export const timerPayloadSchemas = {
  /** No driver within the search window: ExpireRide. */
  ride_search_expiry: z.object({ rideId: z.string().min(1), searchWindowSeconds: z.int().positive() }),
  /** The bid's validity window closed: ExpireBid. */
  bid_expiry: z.object({ bidId: z.string().min(1) }),
  /** A booked ride's search starts, the lead time before its hour: DispatchScheduledRide. */
  scheduled_ride_dispatch: z.object({ rideId: z.string().min(1) }),
} as const;

export type TimerKind = keyof typeof timerPayloadSchemas;
export type TimerPayload<Kind extends TimerKind> = z.infer<(typeof timerPayloadSchemas)[Kind]>;
export const timerKinds = Object.keys(timerPayloadSchemas) as TimerKind[];

/** The platform's timekeeper, as the lifecycles see it in the metadata. */
export const timerActor: Actor = { userId: 'timer', role: 'system' };

/**
 * Issues the command a due timer stands for. The timer's id is the command id, so a timer fired
 * twice (a crash after the append, before the timer was marked done) appends nothing twice.
 * Throws the lifecycle's DomainError when it refuses.
 */
export async function fireTimer(services: CommandServices, timer: { kind: string; payload: unknown }, context: CommandContext) {
  const deps = decideDeps(services);
  switch (timer.kind as TimerKind) {
    case 'ride_search_expiry': {
      const data = timerPayloadSchemas.ride_search_expiry.parse(timer.payload);
      const command: RideCommand = { type: 'ExpireRide', data, actor: timerActor };
      return handleCommand(services.store, rideStreamId(data.rideId), rideDecider, command, context, deps, lifecycleOptions());
    }
    case 'scheduled_ride_dispatch': {
      const data = timerPayloadSchemas.scheduled_ride_dispatch.parse(timer.payload);
      const command: RideCommand = { type: 'DispatchScheduledRide', data, actor: timerActor };
      return handleCommand(services.store, rideStreamId(data.rideId), rideDecider, command, context, deps, lifecycleOptions());
    }
    case 'bid_expiry': {
      const data = timerPayloadSchemas.bid_expiry.parse(timer.payload);
      const command: BidCommand = { type: 'ExpireBid', data, actor: timerActor };
      return handleCommand(services.store, bidStreamId(data.bidId), bidDecider, command, context, deps, lifecycleOptions());
    }
    default:
      throw new UnknownTimerKindError(timer.kind);
  }
}

export class UnknownTimerKindError extends Error {
  override name = 'UnknownTimerKindError';
  constructor(readonly kind: string) {
    super(`kind: no timer kind "${kind}" (known: ${timerKinds.join(', ')})`);
  }
}
