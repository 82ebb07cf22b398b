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

/**
 * How a read model folds a stream through a live state (a machine's snapshot) that its rows keep
 * in a serialized form: `resume` reads the kept state back (none for a new stream), `evolve` takes
 * one event (undefined: the stream has nothing to attach a row to yet, so the events so far are
 * dropped, as a row-by-row fold drops them), and `toRow` writes the row once, after the last event.
 */
export interface StateFold<Row, Event, State> {
  resume(row: Row | undefined): State;
  evolve(state: State, item: Stored<Event>): State | undefined;
  toRow(state: State, last: Stored<Event>): Row;
}

/**
 * {@link foldRowsPerStream} for rows that keep a state: within a batch each stream's state stays
 * live from one event to the next and is read back and written out once per stream, not once per
 * event (a rebuild folds a whole ride per batch). Gives the rows the row-by-row fold would.
 */
export function foldStatesPerStream<Row extends { last_revision: string }, Event, State>(
  stored: ReadonlyMap<string, Row>,
  events: readonly Stored<Event>[],
  keyOf: (event: Event) => string,
  fold: StateFold<Row, Event, State>,
): Row[] {
  const live = new Map<string, { state: State; last: Stored<Event> }>();
  for (const item of events) {
    const key = keyOf(item.event);
    const current = live.get(key);
    const lastApplied = current ? current.last.revision.toString() : stored.get(key)?.last_revision;
    if (!isNewer(item.revision, lastApplied)) continue;
    const state = fold.evolve(current ? current.state : fold.resume(stored.get(key)), item);
    if (state === undefined) live.delete(key);
    else live.set(key, { state, last: item });
  }
  return [...live.values()].map(({ state, last }) => fold.toRow(state, last));
}
