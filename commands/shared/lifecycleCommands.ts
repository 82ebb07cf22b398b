import type { Actor } from '../../domain/shared/command.js';
import type { Decider, DomainEvent } from '../../domain/shared/index.js';
import { handleCommand, type CommandContext, type HandleResult } from './handleCommand.js';
import { decideDeps, lifecycleOptions, type CommandServices } from './services.js';

interface LifecycleCommand {
  type: string;
  data: unknown;
  actor: Actor;
}

/** What the caller passes for one command of a lifecycle: its data, the actor comes from the context. */
export type InputOf<Command extends LifecycleCommand, Type extends Command['type']> = Extract<Command, { type: Type }>['data'];

/**
 * Handlers for a lifecycle whose commands need nothing but their own data: each loads the
 * command's stream, folds it, decides and appends (handleCommand), the actor taken from the
 * request's context.
 *
 *   const verification = lifecycleCommands(driverVerificationDecider, (data) => driverVerificationStream(data.driverId));
 *   export const approveDriver = verification('ApproveDriver');
 */
export function lifecycleCommands<State, Command extends LifecycleCommand, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  streamOf: (data: Command['data']) => string,
) {
  return <Type extends Command['type']>(type: Type) =>
    (services: CommandServices, input: InputOf<Command, Type>, context: CommandContext): Promise<HandleResult<State, Event>> =>
      handleCommand(
        services.store,
        streamOf(input),
        decider,
        { type, data: input, actor: context.actor as Actor } as unknown as Command,
        context,
        decideDeps(services),
        lifecycleOptions<Event>(),
      );
}
