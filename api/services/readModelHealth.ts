import type { Kysely } from 'kysely';
import { readCheckpoints } from '../../projections/runner/checkpoints.js';
import { parsePosition, type EventStore } from '../../platform/eventStore/port.js';
import type { CheckpointDatabase, Projection } from '../../projections/runner/index.js';

/** An event left unapplied this long means the projection is stuck, not just busy. */
export const STALLED_AFTER_MS = 60_000;

export type ReadModelState = 'current' | 'catching_up' | 'stalled' | 'missing';

/**
 * How each read model stands, from the checkpoints table and the store alone (so any API
 * replica can tell, whichever one runs the projections): the first event its filter matches
 * after its checkpoint, if any, and how long ago that was stored. `nowMs` is wall-clock time,
 * because the store stamps events with the database's clock.
 */
export async function readModelStates(
  db: Kysely<CheckpointDatabase>,
  store: EventStore,
  projections: readonly Projection[],
  nowMs: number,
): Promise<Array<{ name: string; state: ReadModelState }>> {
  const checkpoints = await readCheckpoints(db);
  return Promise.all(
    projections.map(async ({ name, filter }) => {
      const position = checkpoints.get(name)?.position;
      if (position === undefined) return { name, state: 'missing' as const };
      const { events } = await store.readAll({ fromPosition: parsePosition(position), maxCount: 1, filter });
      const oldest = events[0];
      if (!oldest) return { name, state: 'current' as const };
      return { name, state: nowMs - oldest.created.getTime() > STALLED_AFTER_MS ? ('stalled' as const) : ('catching_up' as const) };
    }),
  );
}

/** 'good' while every read model is current or catching up; 'issues' when any is stalled or missing. */
export const systemHealthOf = (states: ReadonlyArray<{ state: ReadModelState }>): 'good' | 'issues' =>
  states.every(({ state }) => state === 'current' || state === 'catching_up') ? 'good' : 'issues';
