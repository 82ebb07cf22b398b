import { settleWithin } from '../../platform/boundedConcurrency.js';

/** Rides a reactor works on at once within a page. */
export const REACTION_CONCURRENCY = 4;

/**
 * Applies a reaction to a page's events: one key's events (a ride's) in their order, different
 * keys side by side (at most `concurrency` at once), for a reactor whose reactions to one ride never
 * depend on another's. Each reaction's commands are round trips to the store; a page of twenty
 * rides then waits for the longest ride's, not for all twenty in turn. Events without a key are
 * left out. Every key settles before it returns, and the first failure is thrown then: the page's
 * transaction rolls back whole and is applied again (the reactions' commands have ids derived
 * from their events, so nothing is appended twice).
 */
export async function reactPerKey<Event>(
  events: readonly Event[],
  keyOf: (event: Event) => string | null,
  react: (event: Event) => Promise<void>,
  concurrency = REACTION_CONCURRENCY,
): Promise<void> {
  const byKey = new Map<string, Event[]>();
  for (const event of events) {
    const key = keyOf(event);
    if (key === null) continue;
    const queue = byKey.get(key);
    if (queue) queue.push(event);
    else byKey.set(key, [event]);
  }
  const reactions = [...byKey.values()].map((queue) => async () => {
    for (const event of queue) await react(event);
  });
  await settleWithin(reactions, concurrency, { stopOnFailure: true });
}
