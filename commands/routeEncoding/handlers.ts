import { routeEncodingDecider, routeEncodingStream, type RouteEncodingCommand } from '../../domain/routeEncoding/index.js';
import type { Actor } from '../../domain/shared/command.js';
import { handleCommand, type CommandContext } from '../shared/handleCommand.js';
import { decideDeps, lifecycleOptions, type CommandServices } from '../shared/services.js';

type DataOf<Type extends RouteEncodingCommand['type']> = Extract<RouteEncodingCommand, { type: Type }>['data'];

export type SubmitRouteEncodingInput = DataOf<'SubmitRouteEncoding'>;
export type VerifyRouteEncodingInput = DataOf<'VerifyRouteEncoding'>;
export type ReviseRouteEncodingInput = DataOf<'ReviseRouteEncoding'>;

export function submitRouteEncoding(services: CommandServices, input: SubmitRouteEncodingInput, context: CommandContext) {
  return encode(services, { type: 'SubmitRouteEncoding', data: input, actor: context.actor as Actor }, context);
}

/** One contributor's vote; the vote that reaches a threshold settles the encoding in the same append. */
export function verifyRouteEncoding(services: CommandServices, input: VerifyRouteEncodingInput, context: CommandContext) {
  return encode(services, { type: 'VerifyRouteEncoding', data: input, actor: context.actor as Actor }, context);
}

export function reviseRouteEncoding(services: CommandServices, input: ReviseRouteEncodingInput, context: CommandContext) {
  return encode(services, { type: 'ReviseRouteEncoding', data: input, actor: context.actor as Actor }, context);
}

function encode(services: CommandServices, command: RouteEncodingCommand, context: CommandContext) {
  return handleCommand(
    services.store,
    routeEncodingStream(command.data.encodingId),
    routeEncodingDecider,
    command,
    context,
    decideDeps(services),
    lifecycleOptions(),
  );
}
