import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { START, parsePosition } from '../../platform/eventStore/port.js';
import { drivers, recordAnalyticsHistory } from '../../tests/support/analyticsHistory.js';
import { projections } from '../registry.js';
import { createPostgresLagProbe } from './postgresLagProbe.js';
import { LockHeldError } from './advisoryLock.js';
import { advanceCheckpoint, CheckpointMovedError, openCheckpoint, readCheckpoints, type CheckpointDatabase } from './checkpoints.js';
import { readModelRows } from './readModelRows.js';
import { describeProgress, rebuildProjection, rebuildProjections, type RebuildProgress } from './rebuild.js';
import { ProjectionRunner } from './runner.js';
import {
  appendEvents,
  checkpointOf,
  eventually,
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
    await sql`INSERT INTO test_seen_seen (event_id, stream_name, event_type, applied) VALUES (${randomUUID()}, 'stray', 'Stray', 1)`.execute(bed.db);

    const result = await rebuildProjection({ pool: bed.pool, store: bed.store, projection, batchSize: 3 });

    expect(result).toMatchObject({ name: 'seen', eventsReplayed: 40 });
    expect(await readModelRows(bed.db, 'test_seen_seen')).toEqual(live);
    expect((await checkpointOf(bed.db, 'seen'))?.events_processed).toBe('40');
  });

  it('stops a projection that throws, naming it, while the others rebuild to the end; every connection goes back to the pool', async () => {
    const healthy = seenEventsProjection('healthy');
    const poisoned = seenEventsProjection('poisoned', { failOn: 'RidePoisoned' });
    await bed.migrate(healthy, poisoned);
    for (let i = 0; i < 10; i++) await appendEvents(bed.store, `ride-${randomUUID()}`, ['RideRequested', 'RideCompleted']);
    await appendEvents(bed.store, `ride-${randomUUID()}`, ['RidePoisoned']);
    for (let i = 0; i < 10; i++) await appendEvents(bed.store, `ride-${randomUUID()}`, ['RideRequested']);

    await expect(rebuildProjections({ pool: bed.pool, store: bed.store, projections: [healthy, poisoned], batchSize: 4 })).rejects.toThrow(
      /cannot digest RidePoisoned/,
    );

    // The poisoned one stopped at the page it throws on (the pages before it committed); the healthy
    // one, in a lane of its own, went on to the end. Each one's rows are what its checkpoint counts.
    expect(Number((await checkpointOf(bed.db, 'poisoned'))?.events_processed)).toBe(20);
    expect(await readModelRows(bed.db, 'test_seen_poisoned')).toHaveLength(20);
    expect(Number((await checkpointOf(bed.db, 'healthy'))?.events_processed)).toBe(31);
    expect(await readModelRows(bed.db, 'test_seen_healthy')).toHaveLength(31);
    // No client is left checked out (the locks' connections included): the pool can end.
    await eventually(async () => expect(bed.pool.totalCount - bed.pool.idleCount).toBe(0));
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

    const checkpoints: Kysely<CheckpointDatabase> = bed.db;
    await checkpoints.transaction().execute((trx) => advanceCheckpoint(trx, 'seen', START, next, 3));
    await expect(
      checkpoints.transaction().execute((trx) => advanceCheckpoint(trx, 'seen', START, { commit: 10n, prepare: 5n }, 5)),
    ).rejects.toBeInstanceOf(CheckpointMovedError);

    expect(await checkpointOf(bed.db, 'seen')).toMatchObject({ position: '10/3', events_processed: '3' });
  });
});

describe('rebuilding every projection on one replay', () => {
  let bed: TestBed;
  beforeEach(async () => {
    bed = await openTestBed('rebuildall');
  });
  afterEach(async () => {
    await bed.dispose();
  });

  const dump = async () => {
    const out: Record<string, unknown[]> = {};
    for (const table of projections.flatMap((projection) => projection.tables)) out[table] = await readModelRows(bed.db, table);
    return out;
  };

  it('reads $all once for all of them, reports its progress, and ends with the read models built live, row for row', async () => {
    await bed.migrate(...projections);
    // Half the history before the runner starts (caught up in batches), half while it is live.
    const { scenario } = await recordAnalyticsHistory(bed.store);
    const runner = new ProjectionRunner({ pool: bed.pool, store: bed.store, projections, batchSize: 7 });
    runner.start();
    await runner.waitUntilCaughtUp();
    await scenario.at('2026-03-05T08:00:00Z').completedRide('kitwe-live-1', 'rider-1', drivers.mwale, 4_500);
    await scenario.later(30).completedRide('kitwe-live-2', 'rider-2', drivers.banda, 6_000);
    await scenario.later(5).submitRoute('route-live-1', 'contributor-1');
    await scenario.later(5).verifyRoute('route-live-1', 'contributor-2', true);
    const total = Number((await bed.pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n);
    await waitForApplied(bed.db, 'streamCatalogue', total);
    const probe = createPostgresLagProbe(bed.pool);
    await eventually(async () => {
      const checkpoints = await readCheckpoints(bed.db);
      const behind = await probe(projections.map((projection) => ({ checkpoint: parsePosition(checkpoints.get(projection.name)!.position), filter: projection.filter })));
      expect(behind.map((lag) => lag.eventsBehind)).toEqual(projections.map(() => 0));
    });
    await runner.stop();
    const live = await dump();
    // Every table this scenario feeds has rows, so the comparison below means something. The safety
    // net's, payments' and drivers' earnings (from settled payments) get none here (no SOS, no payments in these rides): their
    // own specs compare a replay with the live build (projections/safety, api/routes/payments).
    const notFedHere = new Set(projections.filter((p) => ['safety', 'payments', 'driverEarnings'].includes(p.name)).flatMap((p) => p.tables));
    expect(Object.entries(live).filter(([table, rows]) => rows.length === 0 && !notFedHere.has(table)).map(([table]) => table)).toEqual([]);
    await bed.db.deleteFrom('rm_stream_catalogue').execute();

    let eventsFetched = 0;
    const readAll = bed.store.readAll.bind(bed.store);
    vi.spyOn(bed.store, 'readAll').mockImplementation(async (options) => {
      const page = await readAll(options);
      eventsFetched += page.events.length;
      return page;
    });
    const progress: RebuildProgress[] = [];
    const result = await rebuildProjections({
      pool: bed.pool,
      store: bed.store,
      projections,
      batchSize: 50,
      lagProbe: probe,
      onProgress: (step) => progress.push(step),
    });

    expect(await dump()).toEqual(live);
    expect(result.eventsRead).toBe(total);
    // One replay: each event was fetched from the store once, not once per projection.
    expect(projections.length).toBeGreaterThan(10);
    expect(eventsFetched).toBe(total);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.map((step) => step.eventsDone)).toEqual([...progress.map((step) => step.eventsDone)].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({ eventsDone: total, eventsTotal: total, secondsLeft: 0 });
    expect(progress.every((step) => step.eventsPerSecond > 0)).toBe(true);
    expect(describeProgress({ eventsDone: 120_000, eventsTotal: 480_000, eventsPerSecond: 31_500.4, secondsLeft: 10.2 })).toBe(
      '120,000 / 480,000 events · 31,500 events/s · 11 s left',
    );
    for (const projection of projections) {
      expect((await checkpointOf(bed.db, projection.name))?.events_processed, projection.name).toBe(String(result.projections.find((p) => p.name === projection.name)!.eventsReplayed));
    }
  });
});
