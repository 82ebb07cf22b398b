import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { EventStore } from '../../platform/eventStore/port.js';
import type { CheckpointDatabase } from '../../projections/runner/checkpoints.js';
import type { Projection } from '../../projections/runner/projection.js';
import { ProjectionRunner } from '../../projections/runner/runner.js';

/**
 * Runs the projection from its checkpoint until it has applied `events` events in all, then stops
 * it. (Waiting on the checkpoint rather than on caught-up: see waitForApplied in tests/support.)
 */
export async function projectUntilApplied(options: {
  pool: pg.Pool;
  store: EventStore;
  db: Kysely<CheckpointDatabase>;
  projection: Projection;
  events: number;
  batchSize?: number;
}): Promise<void> {
  const { projection } = options;
  const runner = new ProjectionRunner({ pool: options.pool, store: options.store, projections: [projection], batchSize: options.batchSize });
  runner.start();
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const row = await options.db
        .selectFrom('projection_checkpoints')
        .select('events_processed')
        .where('name', '=', projection.name)
        .executeTakeFirst();
      const applied = Number(row?.events_processed ?? 0);
      if (applied === options.events) return;
      const failed = runner.status().find((slot) => slot.status === 'failed');
      if (failed) throw new Error(`${projection.name} failed: ${failed.error}`);
      if (applied > options.events || Date.now() > deadline) {
        throw new Error(`${projection.name} applied ${applied} events, expected ${options.events}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await runner.stop();
  }
}
