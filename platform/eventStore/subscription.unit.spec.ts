import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { START, type AllPage, type AllSubscriptionMessage, type Position, type RecordedEvent } from './port.js';
import { createAllSubscription, type PollingSubscriptionSource } from './subscription.js';

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });

const recorded = (n: number): RecordedEvent => ({
  id: `event-${n}`,
  type: 'Happened',
  data: { n },
  metadata: {},
  streamName: 'thing-1',
  revision: BigInt(n - 1),
  position: at(n),
  created: new Date(0),
});

/**
 * A store in memory whose wait for news never times out (no poll): a subscription that misses
 * news waits for ever, so the specs below fail by timing out rather than by a clock.
 */
function storeInMemory() {
  const events: RecordedEvent[] = [];
  let news = 0;
  let wake: (() => void) | undefined;
  let duringRead: (() => void) | undefined;
  let reads = 0;
  /** News that brings no event (another subscriber's, say): the next read finds nothing. */
  const poke = () => {
    news += 1;
    wake?.();
  };
  const append = () => {
    events.push(recorded(events.length + 1));
    poke();
  };
  const source = (signal: AbortSignal): PollingSubscriptionSource => ({
    async read(position): Promise<AllPage> {
      reads += 1;
      const page = events.filter((event) => event.position.commit > position.commit);
      // What a read on its way over the wire does: it answers what was committed when it started.
      const hook = duringRead;
      duringRead = undefined;
      hook?.();
      return { events: page, nextPosition: page.at(-1)?.position ?? position, isEndOfAll: true, heldBack: false };
    },
    newsSeen: () => news,
    waitForNews: (aborted, seen) =>
      new Promise<void>((resolve) => {
        if (news !== seen || aborted.aborted) return resolve();
        wake = resolve;
        aborted.addEventListener('abort', () => resolve(), { once: true });
      }),
    fromPosition: START,
    filter: undefined,
    signal,
  });
  return { append, poke, source, appendDuringNextRead: () => (duringRead = append), reads: () => reads };
}

async function collect(subscription: AsyncIterable<AllSubscriptionMessage>, events: RecordedEvent[]) {
  for await (const message of subscription) if (message.kind === 'event') events.push(message.event);
}

/** Turns of the event loop (never a timer) until `done`, at most `turns`. */
async function turnsUntil(done: () => boolean, turns = 200): Promise<void> {
  for (let turn = 0; turn < turns && !done(); turn++) await nextTurn();
}

describe('createAllSubscription', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads again at once when an append commits while its read is on its way (its news is not lost)', async () => {
    const store = storeInMemory();
    store.append();
    const controller = new AbortController();
    const subscription = createAllSubscription(store.source(controller.signal));
    const seen: RecordedEvent[] = [];
    // The first read finds event 1, and event 2 commits (with its news) before that read answers.
    store.appendDuringNextRead();
    const consuming = collect(subscription, seen);
    await expect.poll(() => seen.map((event) => event.id), { timeout: 2_000 }).toEqual(['event-1', 'event-2']);
    await subscription.stop();
    await consuming;
  });

  it('waits for news once caught up, and takes each new event once', async () => {
    const store = storeInMemory();
    const controller = new AbortController();
    const subscription = createAllSubscription(store.source(controller.signal));
    const seen: RecordedEvent[] = [];
    const consuming = collect(subscription, seen);
    for (let n = 1; n <= 3; n++) {
      store.append();
      await expect.poll(() => seen.length, { timeout: 2_000 }).toBe(n);
    }
    expect(seen.map((event) => event.id)).toEqual(['event-1', 'event-2', 'event-3']);
    await subscription.stop();
    await consuming;
  });

  it('reads again on news during its pause after an empty page, not when the pause is over', async () => {
    // Timers never fire here: only news can end the pause.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = storeInMemory();
    store.append();
    const controller = new AbortController();
    const subscription = createAllSubscription(store.source(controller.signal));
    const seen: RecordedEvent[] = [];
    const consuming = collect(subscription, seen);
    await turnsUntil(() => seen.length === 1);
    store.poke(); // the next read is empty: the subscription pauses before reading again
    await turnsUntil(() => store.reads() === 2);
    await turnsUntil(() => false, 20);
    store.append();
    await turnsUntil(() => seen.length === 2);
    expect(seen.map((event) => event.id)).toEqual(['event-1', 'event-2']);
    await subscription.stop();
    await consuming;
  });
});
