import type { ObjectStore } from './objectStore.js';

/** Audio recordings of rides are kept a week (issue 13), then deleted. */
export const RECORDING_RETENTION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionSweep {
  /** Whole segments ending in '/', e.g. 'recordings/'. */
  prefix: string;
  olderThanDays: number;
  now: Date;
}

/**
 * Deletes every object under the prefix stored more than `olderThanDays` before `now`, and names
 * them. Idempotent, so a durable timer may run it again after a crash; an object deleted between
 * the listing and the deletion is simply gone already.
 */
export async function deleteObjectsOlderThan(store: ObjectStore, sweep: RetentionSweep): Promise<string[]> {
  if (!(sweep.olderThanDays >= 0)) throw new RangeError(`olderThanDays must be zero or more, not ${sweep.olderThanDays}`);
  const cutoff = sweep.now.getTime() - sweep.olderThanDays * DAY_MS;
  const expired: string[] = [];
  for await (const object of store.list(sweep.prefix)) {
    if (object.storedAt.getTime() < cutoff) expired.push(object.key);
  }
  for (const key of expired) await store.delete(key);
  return expired;
}
