import {
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
  type JsonValue,
  type RecordedEvent,
} from '../../platform/eventStore/port.js';
import type { DecideDeps, Decider, DomainEvent } from '../../domain/shared/index.js';
import { eventIdFor } from './eventIds.js';
import { readForFold, readsWholeStream } from './readForFold.js';

/** Who asks, and which request this is: recorded on every event the command appends. */
export interface CommandContext {
  /** Unique per logical command; a retry of the same request reuses it. */
  commandId: string;
  correlationId?: string;
  causationId?: string;
  actor: { userId: string; role: string };
}

export interface HandleOptions<Event> {
  /** Schema version stored with each event type (metadata.schemaVersion). */
  schemaVersionOf?: (type: string) => number;
  /** Turns a stored event of any schema version into the current shape before folding. */
  upcast?: (event: RecordedEvent) => Event;
  /** Attempts on a concurrency conflict before giving up with the conflict. */
  maxAttempts?: number;
  /**
   * The whole stream, forwards from its start, as the caller has just read it (an API's check of
   * who may act on it): the first attempt decides on it instead of reading again, and appends
   * after its last revision, so an append since is a conflict that re-reads as ever. Ignored for a
   * lifecycle whose fold resumes (it decides on its stretch, see readForFold).
   */
  alreadyRead?: readonly RecordedEvent[];
}

/** A stream the caller read (`alreadyRead`), when it is all of `streamName`'s own events: a copy to decide on, or undefined (read it). */
export function ownStream(alreadyRead: readonly RecordedEvent[] | undefined, streamName: string): RecordedEvent[] | undefined {
  return alreadyRead?.every((event) => event.streamName === streamName) ? [...alreadyRead] : undefined;
}

export interface HandleResult<State, Event> {
  /** What this command appended (or had appended, when it is a repeat). */
  events: Event[];
  state: State;
  nextExpectedRevision: bigint | undefined;
  /** True when the command had already been applied and nothing new was written. */
  repeated: boolean;
  /**
   * The whole stream as this command left it, its own append included, as the store recorded it:
   * what a read just after the command would answer, without that read. Absent when the command
   * folded only a stretch of the stream (`Decider.resumesAt`) or the store did not tell what it
   * recorded.
   */
  stream?: RecordedEvent[];
}

/**
 * Load the stream, fold it, decide, append with the expected revision: the write side's one
 * loop (Emmett's CommandHandler). A conflict means someone else appended first: re-read and
 * decide again, a bounded number of times. A refusal (DomainError) appends nothing. Where the
 * lifecycle lets a fold resume (`Decider.resumesAt`), only the stretch since is read: a repeat of
 * a command from before it is then answered by the lifecycle's own rules (its events' ids, derived
 * from the command, would also meet the store's unique ids) rather than recognised by id.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamName: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: CommandContext,
  deps: DecideDeps,
  options: HandleOptions<Event> = {},
): Promise<HandleResult<State, Event>> {
  const maxAttempts = options.maxAttempts ?? 5;
  const toDomain = options.upcast ?? ((e: RecordedEvent) => ({ type: e.type, data: e.data }) as unknown as Event);
  const firstId = eventIdFor(context.commandId, streamName, 0);

  const whole = readsWholeStream(decider.resumesAt);
  let given = whole ? ownStream(options.alreadyRead, streamName) : undefined;

  for (let attempt = 1; ; attempt++) {
    const recorded = given ?? (await readForFold(store, streamName, decider.resumesAt));
    given = undefined;
    const stream = whole ? recorded : undefined;
    const stored = recorded.map(toDomain);
    let state = stored.reduce(decider.evolve, decider.initialState());
    const last = recorded.at(-1)?.revision;

    const already = recorded.findIndex((e) => e.id === firstId);
    if (already >= 0) {
      const mine = recorded.slice(already).filter((e) => e.metadata.commandId === context.commandId);
      return { events: mine.map(toDomain), state, nextExpectedRevision: last, repeated: true, stream };
    }

    const events = decider.decide(command, state, deps);
    if (events.length === 0) return { events, state, nextExpectedRevision: last, repeated: false, stream };

    const metadata: EventMetadata = {
      commandId: context.commandId,
      correlationId: context.correlationId ?? context.commandId,
      causationId: context.causationId ?? context.commandId,
      userId: context.actor.userId,
      role: context.actor.role,
    };
    try {
      const result = await store.appendToStream(
        streamName,
        events.map((event, index) => ({
          id: eventIdFor(context.commandId, streamName, index),
          type: event.type,
          data: event.data as JsonValue,
          metadata: { ...metadata, schemaVersion: options.schemaVersionOf?.(event.type) ?? 1 },
        })),
        { expectedRevision: last ?? 'no_stream' },
      );
      state = events.reduce(decider.evolve, state);
      const appended = result.recorded?.length === events.length ? result.recorded : undefined;
      return {
        events,
        state,
        nextExpectedRevision: result.nextExpectedRevision,
        repeated: false,
        stream: stream && appended ? [...stream, ...appended] : undefined,
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError && attempt < maxAttempts) continue;
      throw error;
    }
  }
}
