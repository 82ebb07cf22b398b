import type { Stored } from './storedEvents.js';
import { isNewer } from './upsert.js';

/**
 * A batch folded onto the rows it touches, one row per stream: each row starts from its stored
 * version, takes its events in order in memory, and comes out once for a single upsert. An event
 * at or below the row's `last_revision` was applied before and is skipped, so applying the same
 * events twice leaves the rows as they were.
 */
export function foldRowsPerStream<Row extends { last_revision: string }, Event>(
  stored: ReadonlyMap<string, Row>,
  events: readonly Stored<Event>[],
  keyOf: (event: Event) => string,
  fold: (row: Row | undefined, item: Stored<Event>) => Row | undefined,
): Row[] {
  const touched = new Map<string, Row>();
  for (const item of events) {
    const key = keyOf(item.event);
    const row = touched.get(key) ?? stored.get(key);
    if (row && !isNewer(item.revision, row.last_revision)) continue;
    const next = fold(row, item);
    if (next) touched.set(key, next);
  }
  return [...touched.values()];
}
