import { DomainError, type Decider, type DomainErrorCode, type DomainEvent } from '../../domain/shared/index.js';
import type { Actor } from '../../domain/shared/command.js';
import { WrongExpectedVersionError, type RecordedEvent } from '../../platform/eventStore/port.js';
import type { ProjectionLogger } from '../../projections/runner/logger.js';
import { uuidV5 } from '../shared/eventIds.js';
import { handleCommand, type CommandContext, type HandleOptions } from '../shared/handleCommand.js';
import { decideDeps, lifecycleOptions, toDomainEvent, type CommandServices } from '../shared/services.js';

/** What every reactor works with: the write side's services and somewhere to say what it did. */
export interface ReactorDeps {
  services: CommandServices;
  logger: ProjectionLogger;
}

/** A command context whose actor is the platform itself, as the lifecycles' commands take it. */
export type ReactionContext = CommandContext & { actor: Actor };

/** The command a reactor issues in reaction to one event, and what became of it. */
export type ReactionOutcome = 'applied' | 'repeated' | 'refused';

/**
 * The context of a command a reactor issues because of `trigger`. Its id is derived from the
 * triggering event's id and the reaction, so a batch applied again after a crash (at-least-once
 * delivery) issues the very same commands, and handleCommand appends nothing twice.
 */
export function reactionContext(trigger: RecordedEvent, reaction: string, reactor: string): ReactionContext {
  return {
    commandId: uuidV5(`reaction\u0000${trigger.id}\u0000${reaction}`),
    correlationId: typeof trigger.metadata.correlationId === 'string' ? trigger.metadata.correlationId : trigger.id,
    causationId: trigger.id,
    actor: { userId: `reactor:${reactor}`, role: 'system' },
  };
}

/**
 * A refusal is an answer, not a failure: the bid was already settled, the driver already free.
 * It is logged and the reactor moves on. A concurrency conflict that outlasts the retries is
 * raised as a serialization failure (SQLSTATE 40001), which the runner treats as transient: the
 * batch rolls back and is tried again, instead of the reactor stopping for good.
 */
export async function react<State, Command, Event extends DomainEvent>(
  deps: ReactorDeps,
  target: { stream: string; decider: Decider<State, Command, Event>; command: Command },
  context: CommandContext,
  options: HandleOptions<Event> = lifecycleOptions<Event>(),
): Promise<ReactionOutcome> {
  return reactThrough(deps, { stream: target.stream, context }, () =>
    handleCommand(deps.services.store, target.stream, target.decider, target.command, context, decideDeps(deps.services), {
      maxAttempts: 20,
      ...options,
    }),
  );
}

/**
 * The same handling of refusals and conflicts for a command issued through its handler (one
 * that reads other streams first, as NotifyTrustedContacts reads the rider's contacts).
 */
export async function reactThrough(
  deps: ReactorDeps,
  target: { stream: string; context: CommandContext },
  issue: () => Promise<{ repeated: boolean }>,
): Promise<ReactionOutcome> {
  const { context } = target;
  try {
    const result = await issue();
    return result.repeated ? 'repeated' : 'applied';
  } catch (error) {
    if (error instanceof DomainError) {
      const details = { reactor: context.actor.userId, stream: target.stream, code: error.code, correlationId: context.correlationId, causationId: context.causationId };
      // The state moved on (a bid already final, a driver already free): expected. Anything else
      // means the reactor asked for something the lifecycle never allows, which deserves a look.
      if (EXPECTED_REFUSALS.has(error.code)) deps.logger.info(details, `reaction refused: ${error.message}`);
      else deps.logger.warn(details, `reaction refused unexpectedly: ${error.message}`);
      return 'refused';
    }
    if (error instanceof WrongExpectedVersionError) throw new ReactionConflictError(error);
    throw error;
  }
}

const EXPECTED_REFUSALS = new Set<DomainErrorCode>(['not_allowed_in_state', 'not_found']);

export class ReactionConflictError extends Error {
  override name = 'ReactionConflictError';
  /** SQLSTATE serialization_failure: "try the transaction again". */
  readonly code = '40001';
  constructor(cause: WrongExpectedVersionError) {
    super(`${cause.message}; retrying the reactor's batch`, { cause });
  }
}

/** A stored event as the lifecycles fold it (upcast to the current schema). */
export function domainEventOf<Event extends DomainEvent>(recorded: RecordedEvent): Event {
  return toDomainEvent<Event>(recorded);
}
