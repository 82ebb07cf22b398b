import type { AllSubscriptionMessage, Position, RecordedEvent } from '../../platform/eventStore/port.js';

export interface Batch {
  events: RecordedEvent[];
  /** The checkpoint to store once the batch is applied (past its last event with a filter). */
  position: Position;
  /** The subscription had delivered everything committed when this batch was cut. */
  caughtUp: boolean;
}

/**
 * Groups a subscription's messages into batches of at most `maxEvents`. A batch is also cut when
 * the subscription says `caughtUp` or `checkpoint` (which can give an empty batch that only moves
 * the checkpoint), and when no further message is ready at once: events that arrive while live
 * are applied promptly instead of waiting for a batch to fill (unless `fill`: a rebuild wants
 * big batches, is cut only by `maxEvents` and the end of `$all`, and ends there).
 */
export async function* inBatches(
  messages: AsyncIterable<AllSubscriptionMessage>,
  maxEvents: number,
  options: { fill?: boolean } = {},
): AsyncGenerator<Batch> {
  const iterator = messages[Symbol.asyncIterator]();
  const turns = new EventLoopTurns();
  let events: RecordedEvent[] = [];
  let position: Position | undefined;
  const cut = (caughtUp: boolean): Batch => {
    const batch = { events, position: position!, caughtUp };
    events = [];
    return batch;
  };

  // One message is always requested ahead, so the next page is read while a batch commits.
  // Marked as handled at once: a failed read rejects while a batch commits, and is thrown when
  // awaited below rather than reported as an unhandled rejection.
  const requestNext = () => {
    const request = iterator.next();
    request.catch(() => {});
    return request;
  };
  let pending = requestNext();
  for (;;) {
    // `fill` (a rebuild): wait for the batch to fill rather than cut it when a read is under way.
    const next = events.length > 0 && !options.fill ? await Promise.race([pending, turns.next()]) : await pending;
    if (next === IDLE) {
      yield cut(false);
      continue;
    }
    if (next.done) return;
    const message = next.value;
    // `fill` ends at the end of `$all`: nothing is asked past it (a live subscription would start
    // waiting for news, holding a listening connection for a reader that has finished).
    if (options.fill && message.kind === 'caughtUp') {
      position = message.position;
      yield cut(true);
      return;
    }
    pending = requestNext();
    switch (message.kind) {
      case 'event':
        events.push(message.event);
        position = message.event.position;
        if (events.length >= maxEvents) yield cut(false);
        break;
      case 'checkpoint':
        position = message.position;
        yield cut(false);
        break;
      case 'caughtUp':
        position = message.position;
        yield cut(true);
        break;
      default: {
        const unknown: never = message;
        throw new Error(`Unknown subscription message ${JSON.stringify(unknown)}`);
      }
    }
  }
}

const IDLE = Symbol('idle');

/**
 * Resolves at the next turn of the event loop. Messages already buffered by the subscription
 * arrive through microtasks, before it; a message that needs I/O arrives after it. One shared
 * promise per turn, so racing it against every message stays cheap.
 */
class EventLoopTurns {
  private turn: Promise<typeof IDLE> | undefined;

  next(): Promise<typeof IDLE> {
    this.turn ??= new Promise((resolve) =>
      setImmediate(() => {
        this.turn = undefined;
        resolve(IDLE);
      }),
    );
    return this.turn;
  }
}
