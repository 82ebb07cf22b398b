import { replaceEqualDeep } from '@tanstack/react-query';

/**
 * A ride query's structural sharing that never goes back in time. A write answers with the ride
 * folded from its stream, while a refetch (woken by a live message) reads the read model, which may
 * not have taken that write in yet: without this, the stale read replaced the fresh answer and the
 * screen showed, say, the offer from before a counter-offer until the next change.
 */
export function keepNewerRide<Ride extends { revision: number }>(previous: unknown, next: unknown): Ride {
  const old = previous as Ride | undefined;
  const fresh = next as Ride;
  if (old && fresh && old.revision > fresh.revision) return old;
  return replaceEqualDeep(old, fresh);
}
