import { comparePositions, type AllFilter, type AllPage, type AllSubscription, type AllSubscriptionMessage, type Position } from './port.js';

export interface PollingSubscriptionSource {
  read(position: Position, filter: AllFilter | undefined): Promise<AllPage>;
  /** How much news (of appends) the source has heard so far: a count, noted before each read. */
  newsSeen(): number;
  /**
   * Resolves when new events may have been committed since the count was `seen` (at once if news
   * came meanwhile; else a notification, a poll tick — or `withinMs`, when given — or a stop).
   */
  waitForNews(signal: AbortSignal, seen: number, withinMs?: number): Promise<void>;
  fromPosition: Position;
  filter: AllFilter | undefined;
  signal: AbortSignal | undefined;
}

/**
 * A catch-up subscription to `$all` built from pages: reads until the end, says `caughtUp`,
 * then waits for news and reads again. Pull-based, so a slow consumer is never flooded.
 */
export function createAllSubscription(source: PollingSubscriptionSource): AllSubscription {
  const controller = new AbortController();
  source.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  if (source.signal?.aborted) controller.abort();
  const { signal } = controller;

  async function* messages(): AsyncGenerator<AllSubscriptionMessage> {
    let position = source.fromPosition;
    let live = false;
    let idleReads = 0;
    let heldReads = 0;
    while (!signal.aborted) {
      // Noted before the read: an append that commits while the read is on its way may be missing
      // from its page, and its news must still wake the wait below.
      const news = source.newsSeen();
      const page = await source.read(position, source.filter);
      for (const event of page.events) {
        if (signal.aborted) return;
        yield { kind: 'event', event };
      }
      // With a filter the page may have scanned past its last matching event: say so, so that a
      // checkpoint never lags behind what was already scanned.
      const lastDelivered = page.events.at(-1)?.position ?? position;
      position = page.nextPosition;
      if (comparePositions(position, lastDelivered) > 0) yield { kind: 'checkpoint', position };
      if (page.heldBack) {
        // Committed events wait behind an older transaction: not caught up yet; look again soon.
        heldReads += 1;
        await delay(Math.min(5 * 2 ** heldReads, 200), signal);
        continue;
      }
      heldReads = 0;
      if (!page.isEndOfAll) continue;
      if (!live) {
        live = true;
        yield { kind: 'caughtUp', position };
      }
      // A notification can arrive while an older transaction still holds the fence: after an
      // empty page, read again within a short while rather than a whole poll interval — or at
      // once on news (an append committing meanwhile must not wait out the pause).
      idleReads = page.events.length > 0 ? 0 : idleReads + 1;
      if (idleReads > 0 && idleReads <= 3) await source.waitForNews(signal, news, 10 * 2 ** idleReads);
      else {
        await source.waitForNews(signal, news);
        idleReads = 0;
      }
    }
  }

  const iterator = messages();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async stop() {
      controller.abort();
      await iterator.return(undefined);
    },
  };
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
