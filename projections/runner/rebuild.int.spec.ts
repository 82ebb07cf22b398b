import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { START } from '../../platform/eventStore/port.js';
import { LockHeldError } from './advisoryLock.js';
import { advanceCheckpoint, CheckpointMovedError, openCheckpoint } from './checkpoints.js';
import { readModelRows } from './readModelRows.js';
import { rebuildProjection } from './rebuild.js';
import { ProjectionRunner } from './runner.js';
import {
  appendEvents,
  checkpointOf,
  openTestBed,
  seenEventsProjection,
  waitForApplied,
  type TestBed,
} from '../../tests/support/projectionTestKit.js';

describe('rebuilding a projection', () => {
  let bed: TestBed;
  beforeEach(async () => {
    bed = await openTestBed('rebuild');
  });
  afterEach(async () => {
    await bed.dispose();
  });

  it('replays from the start into emptied tables and gives the same rows', async () => {
    const projection = seenEventsProjection('seen');
    await bed.migrate(projection);
    for (let i = 0; i < 20; i++) await appendEvents(bed.store, `ride-${randomUUID()}`, ['RideRequested', 'RideCompleted']);
    const runner = new ProjectionRunner({ pool: bed.pool, store: bed.store, projections: [projection], batchSize: 7 });
    runner.start();
    await waitForApplied(bed.db, 'seen', 40);
    await runner.stop();
    const live = await readModelRows(bed.db, 'test_seen_seen');
    await bed.db.insertInto('test_seen_seen').values({ event_id: randomUUID(), stream_name: 'stray', event_type: 'Stray', applied: 1 }).execute();

    const result = await rebuildProjection({ pool: bed.pool, store: bed.store, projection, batchSize: 3 });

    expect(result).toMatchObject({ name: 'seen', eventsReplayed: 40 });
    expect(await readModelRows(bed.db, 'test_seen_seen')).toEqual(live);
    expect((await checkpointOf(bed.db, 'seen'))?.events_processed).toBe('40');
  });

  it('refuses to rebuild while a runner holds the projection, naming the holder', async () => {
    const projection = seenEventsProjection('seen');
    await bed.migrate(projection);
    const runner = new ProjectionRunner({ pool: bed.pool, store: bed.store, projections: [projection] });
    runner.start();
    await runner.waitUntilCaughtUp();
    try {
      await expect(
        rebuildProjection({ pool: bed.pool, store: bed.store, projection, lockTimeoutMs: 200 }),
      ).rejects.toSatisfy((error) => error instanceof LockHeldError && typeof error.holderPid === 'number');
    } finally {
      await runner.stop();
    }
  });
});

describe('the checkpoint', () => {
  let bed: TestBed;
  beforeEach(async () => {
    bed = await openTestBed('checkpoint');
  });
  afterEach(async () => {
    await bed.dispose();
  });

  it('moves only from where the batch started: a second writer from the same place is refused', async () => {
    const projection = seenEventsProjection('seen');
    await bed.migrate(projection);
    await openCheckpoint(bed.db, projection);
    const next = { commit: 10n, prepare: 3n };

    await bed.db.transaction().execute((trx) => advanceCheckpoint(trx, 'seen', START, next, 3));
    await expect(
      bed.db.transaction().execute((trx) => advanceCheckpoint(trx, 'seen', START, { commit: 10n, prepare: 5n }, 5)),
    ).rejects.toBeInstanceOf(CheckpointMovedError);

    expect(await checkpointOf(bed.db, 'seen')).toMatchObject({ position: '10/3', events_processed: '3' });
  });
});
