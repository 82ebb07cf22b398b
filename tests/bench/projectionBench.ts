import type pg from 'pg';
import { createKysely } from '../../platform/database/connect.js';
import type { EventStore } from '../../platform/eventStore/port.js';
import { projections } from '../../projections/registry.js';
import { migrateProjections, rebuildProjection, rebuildProjections } from '../../projections/runner/index.js';
import { streamCatalogueProjection } from '../../projections/streamCatalogue/index.js';

/**
 * (d) one real projection — the stream catalogue, a multi-row upsert per batch — replaying every
 * event in the store from the start into fresh tables, as `npm run projections:rebuild` does.
 */
export async function benchProjection(pool: pg.Pool, store: EventStore, expected: number) {
  await migrateProjections(createKysely(pool), [streamCatalogueProjection]);
  const result = await rebuildProjection({ pool, store, projection: streamCatalogueProjection, batchSize: 1_000 });
  if (result.eventsReplayed < expected) {
    throw new Error(`the projection applied ${result.eventsReplayed} events, expected at least ${expected}`);
  }
  return { events: result.eventsReplayed, seconds: result.seconds };
}

/**
 * (e) every projection of the registry rebuilt on ONE replay of `$all`, as `npm run
 * projections:rebuild` does with no name: events/s counts the events read from `$all`.
 */
export async function benchFullRebuild(pool: pg.Pool, store: EventStore) {
  await migrateProjections(createKysely(pool), projections);
  const result = await rebuildProjections({ pool, store, projections });
  return { events: result.eventsRead, seconds: result.seconds, projections: result.projections.length };
}
