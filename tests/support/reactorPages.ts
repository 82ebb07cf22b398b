/**
 * Spec support for a reactor's pages (not loaded by production code): everything recorded so far
 * handed to a reactor as one page, whatever the runner's batching would have cut; and a store
 * that holds one stream's call until another's has gone through, which proves that a page's
 * reactions to the two run side by side.
 */
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { START, type EventStore, type RecordedEvent } from '../../platform/eventStore/port.js';
import type { CheckpointDatabase } from '../../projections/runner/checkpoints.js';
import type { Projection } from '../../projections/runner/projection.js';

/**
 * Hands every event the reactor's filter lets through, from the start of `$all`, to its handler as
 * one page in one transaction (on a bed where the reactor has not run yet). The checkpoint is left
 * where it was. Returns the page.
 */
export async function applyAsOnePage(db: Kysely<CheckpointDatabase>, store: EventStore, reactor: Projection): Promise<readonly RecordedEvent[]> {
  // Read to the end of `$all`: a read stops short of it while an older transaction is still in
  // flight (the fence), and says so; it is read on until it ends.
  const events: RecordedEvent[] = [];
  let position = START;
  for (let attempt = 0; ; attempt++) {
    const page = await store.readAll({ fromPosition: position, filter: reactor.filter, maxCount: 1_000 });
    events.push(...page.events);
    position = page.nextPosition;
    if (page.isEndOfAll) break;
    expect(attempt, 'reading $all to its end').toBeLessThan(200);
    if (page.events.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await db.transaction().execute((trx) => reactor.handle(trx, events));
  return events;
}

export interface HoldingStore extends EventStore {
  /** The watched streams (`held`, `until`) in the order their held method went through. */
  readonly completed: string[];
}

/**
 * `store`, except that `method` on stream `held` waits until the same method on stream `until` has
 * gone through. Issued one after the other, held first, the held call would wait for ever: it
 * fails after `patienceMs` instead, saying so.
 */
export function holdingStore(
  store: EventStore,
  hold: { method: 'appendToStream' | 'readStream'; held: string; until: string; patienceMs?: number },
): HoldingStore {
  const completed: string[] = [];
  let arrived!: () => void;
  const untilDone = new Promise<void>((resolve) => (arrived = resolve));
  const gate = async <Result>(streamName: string, call: () => Promise<Result>): Promise<Result> => {
    if (streamName === hold.held) {
      let timer: NodeJS.Timeout | undefined;
      const patience = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${hold.method} on ${hold.held} waited ${hold.patienceMs ?? 3_000} ms for ${hold.until}'s, which never came`)),
          hold.patienceMs ?? 3_000,
        );
      });
      try {
        await Promise.race([untilDone, patience]);
      } finally {
        clearTimeout(timer);
      }
    }
    const result = await call();
    if (streamName === hold.held || streamName === hold.until) completed.push(streamName);
    if (streamName === hold.until) arrived();
    return result;
  };
  return {
    completed,
    appendToStream: (streamName, events, options) =>
      hold.method === 'appendToStream' ? gate(streamName, () => store.appendToStream(streamName, events, options)) : store.appendToStream(streamName, events, options),
    readStream: (streamName, options) => (hold.method === 'readStream' ? gate(streamName, () => store.readStream(streamName, options)) : store.readStream(streamName, options)),
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    deleteStream: (streamName, options) => store.deleteStream(streamName, options),
    tombstoneStream: (streamName, options) => store.tombstoneStream(streamName, options),
    close: () => store.close(),
  };
}
