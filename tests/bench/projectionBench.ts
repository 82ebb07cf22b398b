import type pg from 'pg';
import { createKysely } from '../../platform/database/connect.js';
import type { EventStore } from '../../platform/eventStore/port.js';
import { migrateProjections, rebuildProjection } from '../../projections/runner/index.js';
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
