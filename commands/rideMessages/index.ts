import { z } from 'zod';
import type { RideFacts } from '../../domain/ride/index.js';
import { rideMessagesDecider, rideMessagesStream, type RideMessageCommand, type RideMessageEvent } from '../../domain/rideMessages/index.js';
import { parseOrInvalid } from '../../domain/shared/command.js';
import { entityIdSchema } from '../ride/inputs.js';
import { requireRideFacts } from '../rideFacts/index.js';
import { handleCommand, type CommandContext } from '../shared/handleCommand.js';
import { decideDeps, lifecycleOptions, type CommandServices } from '../shared/services.js';

/** Messages between a ride's rider and driver (stream `rideMessages-<rideId>`). The text is checked by the decider. */
export const rideMessageInputSchemas = {
  SendRideMessage: z.object({ rideId: entityIdSchema, text: z.string() }),
  MarkRideMessagesRead: z.object({ rideId: entityIdSchema, upToMessageId: entityIdSchema }),
} as const;
export type RideMessageInput<Type extends keyof typeof rideMessageInputSchemas> = z.input<(typeof rideMessageInputSchemas)[Type]>;

async function decideOnConversation(services: CommandServices, rideId: string, build: (ride: RideFacts) => RideMessageCommand, context: CommandContext) {
  const ride = await requireRideFacts(services.store, rideId);
  return handleCommand(services.store, rideMessagesStream(rideId), rideMessagesDecider, build(ride), context, decideDeps(services), lifecycleOptions<RideMessageEvent>());
}

export async function sendRideMessage(services: CommandServices, input: RideMessageInput<'SendRideMessage'>, context: CommandContext) {
  const { rideId, text } = parseOrInvalid(rideMessageInputSchemas.SendRideMessage, input);
  return decideOnConversation(services, rideId, (ride) => ({ type: 'SendRideMessage', actor: context.actor as RideMessageCommand['actor'], data: { rideId, ride, text } }), context);
}

export async function markRideMessagesRead(services: CommandServices, input: RideMessageInput<'MarkRideMessagesRead'>, context: CommandContext) {
  const { rideId, upToMessageId } = parseOrInvalid(rideMessageInputSchemas.MarkRideMessagesRead, input);
  return decideOnConversation(
    services,
    rideId,
    (ride) => ({ type: 'MarkRideMessagesRead', actor: context.actor as RideMessageCommand['actor'], data: { rideId, ride, upToMessageId } }),
    context,
  );
}
