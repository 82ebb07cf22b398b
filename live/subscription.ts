import type { AllFilter, EventStore, Position, RecordedEvent } from '../platform/eventStore/port.js';

export interface FollowHandlers {
  /** Once: the end of `$all` was reached; from now on events are new. */
  caughtUp(): void;
  /** A new event (never one from before the end was reached), awaited before the next. */
  event(event: RecordedEvent): Promise<void>;
  failed(error: unknown, retryInMs: number): void;
}

const RETRY_MS = [100, 500, 2_000, 5_000] as const;

/**
 * Follows `$all` from `from` for as long as `signal` allows, skipping everything up to the end
 * (a live feed has no use for the past) and handing on each new event in order. When the store
 * fails it resubscribes after the last position seen, so no new event is skipped or repeated.
 */
export async function followAll(
  store: EventStore,
  from: Position,
  filter: AllFilter,
  signal: AbortSignal,
  handlers: FollowHandlers,
): Promise<void> {
  let position = from;
  let live = false;
  let failures = 0;
  while (!signal.aborted) {
    try {
      for await (const message of store.subscribeToAll({ fromPosition: position, filter, signal })) {
        if (message.kind === 'event') {
          position = message.event.position;
          failures = 0;
          if (live) await handlers.event(message.event);
          continue;
        }
        position = message.position;
        if (message.kind === 'caughtUp' && !live) {
          live = true;
          handlers.caughtUp();
        }
      }
      if (signal.aborted) return;
      throw new Error('the $all subscription ended by itself');
    } catch (error) {
      if (signal.aborted) return;
      const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
      failures += 1;
      handlers.failed(error, wait);
      await delay(wait, signal);
    }
  }
}

/** Waits, or stops waiting when aborted; the abort listener goes once the wait is over, so none pile up. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}
