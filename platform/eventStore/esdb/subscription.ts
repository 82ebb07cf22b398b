import { compileFilter, splitFilter } from '../filter.js';
import {
  BACKWARDS,
  END,
  eventTypeFilter,
  excludeSystemEvents,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type EventStoreDBClient,
  type Filter,
} from '@eventstore/db-client';
import {
  START,
  UnavailableError,
  comparePositions,
  type AllFilter,
  type AllSubscription,
  type AllSubscriptionMessage,
  type Position,
} from '../port.js';
import {
  isSystemEvent,
  positionOf,
  toEsdbReadPosition,
  toRecordedEvent,
  validatePosition,
} from './conversions.js';
import { toPortError } from './errors.js';

export type SubscriptionClient = Pick<EventStoreDBClient, 'subscribeToAll' | 'readAll'>;

export interface EsdbAllSubscriptionOptions {
  fromPosition?: Position;
  filter?: AllFilter;
  signal?: AbortSignal;
  /** Called once when the subscription has ended, however it ended. */
  onClose?: () => void;
}

/** Items the library's subscription stream carries: its events, plus the markers we push into it. */
type Marker = { marker: 'caughtUp' } | { marker: 'checkpoint'; position: Position };
type Item = AllStreamResolvedEvent | Marker;

/** A slow consumer pauses the gRPC stream rather than buffer without bound. */
const PAUSE_AT = 256;
const RESUME_AT = 64;

/**
 * A catch-up subscription to `$all` on EventStoreDB's own subscription (server-side filter,
 * checkpoints of filtered subscriptions).
 *
 * caughtUp: the library emits 'caughtUp' when the server says so (EventStoreDB 23.10 and later).
 * Older servers never do, so the subscription also reads the head of `$all` when it starts and
 * declares itself caught up once an event or checkpoint reaches that head. With a filter on an
 * older server that depends on a checkpoint arriving, which the server sends as it scans.
 *
 * The library emits 'caughtUp' and calls checkpointReached while it transforms a server message,
 * possibly before events it transformed earlier have left its buffer. Pushing a marker into the
 * same stream keeps markers in order with the events around them.
 */
export function subscribeToEsdbAll(client: SubscriptionClient, options: EsdbAllSubscriptionOptions = {}): AllSubscription {
  const from = validatePosition('fromPosition', options.fromPosition ?? START);
  const matches = compileFilter(options.filter);
  const controller = new AbortController();
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort, { once: true });
  if (options.signal?.aborted) abort();
  const { signal } = controller;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    options.signal?.removeEventListener('abort', abort);
    options.onClose?.();
  };

  async function* messages(): AsyncGenerator<AllSubscriptionMessage> {
    let detach: (() => Promise<void>) | undefined;
    try {
      const head = await readHead(client, signal);
      if (signal.aborted) return;
      const reachedHead = (position: Position) => head === undefined || comparePositions(position, head) >= 0;
      const inbox = new Inbox<Item>();
      const subscription = client.subscribeToAll({
        fromPosition: toEsdbReadPosition(from),
        filter: toEsdbFilter(options.filter, (stream, position) => {
          stream.push({ marker: 'checkpoint', position: { commit: position.commit, prepare: position.prepare } });
        }),
      });
      detach = listen(subscription, inbox);

      let scanned = from; // the furthest point seen: events (also those left out) and checkpoints
      let delivered = from; // the furthest point the consumer was told about
      let lastEvent = from;
      let caughtUp = reachedHead(from);
      if (caughtUp) yield { kind: 'caughtUp', position: from };
      for (;;) {
        const item = await inbox.take(signal);
        if (item === undefined || signal.aborted) return;
        if (inbox.size <= RESUME_AT && subscription.isPaused()) subscription.resume();
        if ('marker' in item) {
          if (item.marker === 'checkpoint') {
            if (comparePositions(item.position, scanned) > 0) scanned = item.position;
            if (comparePositions(item.position, delivered) > 0) {
              delivered = item.position;
              yield { kind: 'checkpoint', position: item.position };
            }
          }
          if (!caughtUp && (item.marker === 'caughtUp' || reachedHead(scanned))) {
            caughtUp = true;
            yield { kind: 'caughtUp', position: scanned };
          }
          continue;
        }
        const eventPosition = positionOf(item);
        // fromPosition is exclusive, and an event is never delivered twice.
        if (!eventPosition || comparePositions(eventPosition, lastEvent) <= 0) continue;
        lastEvent = eventPosition;
        if (comparePositions(eventPosition, scanned) > 0) scanned = eventPosition;
        const event = toRecordedEvent(item);
        if (event && !isSystemEvent(event) && (!matches || matches(event))) {
          delivered = eventPosition;
          yield { kind: 'event', event };
        }
        if (signal.aborted) return;
        if (!caughtUp && reachedHead(scanned)) {
          caughtUp = true;
          yield { kind: 'caughtUp', position: scanned };
        }
      }
    } finally {
      await detach?.();
      close();
    }
  }

  const iterator = messages();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async stop() {
      controller.abort();
      await iterator.return(undefined);
      close();
    },
  };
}

/** Feeds the library's stream into the inbox; the returned function detaches and cancels it. */
function listen(subscription: AllStreamSubscription, inbox: Inbox<Item>): () => Promise<void> {
  const onData = (item: Item) => {
    inbox.put(item);
    if (inbox.size >= PAUSE_AT) subscription.pause();
  };
  const onCaughtUp = () => subscription.push({ marker: 'caughtUp' } satisfies Marker);
  const onError = (error: unknown) => inbox.fail(toPortError(error));
  const onEnd = () => inbox.fail(new UnavailableError('EventStoreDB ended the subscription'));
  // Stays after we detach: a late 'error' with no listener would crash the process.
  subscription.on('error', () => {});
  subscription.on('data', onData).on('caughtUp', onCaughtUp).on('error', onError).on('end', onEnd).on('close', onEnd);
  return async () => {
    subscription.off('data', onData).off('caughtUp', onCaughtUp).off('error', onError);
    subscription.off('end', onEnd).off('close', onEnd);
    await subscription.unsubscribe().catch(() => {});
    subscription.destroy();
  };
}

/** The last record in `$all` now, or undefined when `$all` is empty or the subscription stopped first. */
async function readHead(client: SubscriptionClient, signal: AbortSignal): Promise<Position | undefined> {
  const read = client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 });
  const head = (async () => {
    for await (const record of read) return positionOf(record);
    return undefined;
  })();
  // Reads have no deadline: a server that never answers must not keep stop() waiting.
  let onAbort = () => {};
  const stopped = new Promise<undefined>((resolve) => {
    onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  head.catch(() => {});
  try {
    return await Promise.race([head, stopped]);
  } catch (error) {
    throw toPortError(error);
  } finally {
    signal.removeEventListener('abort', onAbort);
    if (signal.aborted) read.destroy();
  }
}

/**
 * The server-side filter. Without one we still ask the server to leave out system events, which
 * also makes it send checkpoints. An empty prefix list matches nothing on the client side.
 */
export function toEsdbFilter(
  filter: AllFilter | undefined,
  checkpointReached: (subscription: AllStreamSubscription, position: Position) => void,
): Filter {
  if (!filter) return excludeSystemEvents({ checkpointReached });
  // A union of stream-name and event-type prefixes has no server-side form (the server filters on
  // one of the two): it scans without system events and the client applies the union.
  const { streamNamePrefixes, eventTypePrefixes } = splitFilter(filter);
  if (streamNamePrefixes.length > 0 && eventTypePrefixes.length > 0) return excludeSystemEvents({ checkpointReached });
  if (streamNamePrefixes.length > 0) return streamNameFilter({ prefixes: streamNamePrefixes, checkpointReached });
  if (eventTypePrefixes.length > 0) return eventTypeFilter({ prefixes: eventTypePrefixes, checkpointReached });
  return excludeSystemEvents({ checkpointReached });
}

/** A queue the generator awaits: items in order, then the failure, if any. */
class Inbox<T> {
  private readonly items: T[] = [];
  private ended = false;
  private failure: unknown;
  private wake: (() => void) | undefined;

  get size(): number {
    return this.items.length;
  }

  put(item: T): void {
    this.items.push(item);
    this.notify();
  }

  fail(error: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = error;
    this.notify();
  }

  /** The next item; undefined once aborted. Throws the failure after the items before it. */
  async take(signal: AbortSignal): Promise<T | undefined> {
    for (;;) {
      if (signal.aborted) return undefined;
      if (this.items.length > 0) return this.items.shift();
      if (this.ended) throw this.failure;
      await new Promise<void>((resolve) => {
        const done = () => {
          signal.removeEventListener('abort', done);
          this.wake = undefined;
          resolve();
        };
        this.wake = done;
        signal.addEventListener('abort', done, { once: true });
      });
    }
  }

  private notify(): void {
    this.wake?.();
  }
}
