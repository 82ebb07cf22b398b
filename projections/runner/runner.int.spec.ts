import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serializePosition } from '../../platform/eventStore/port.js';
import { createPostgresLagProbe } from './postgresLagProbe.js';
import { ProjectionHandlerError } from './projectionWorker.js';
import { ProjectionRunner, type ProjectionRunnerOptions } from './runner.js';
import {
  appendEvents,
  checkpointOf,
  eventually,
  openTestBed,
  seenEventsProjection,
  seenRows,
  waitForApplied,
  type TestBed,
} from '../../tests/support/projectionTestKit.js';

describe('ProjectionRunner', () => {
  let bed: TestBed;
  const runners: ProjectionRunner[] = [];
  beforeEach(async () => {
    bed = await openTestBed('runner');
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await bed.dispose();
  });

  const runner = (options: Partial<ProjectionRunnerOptions> & Pick<ProjectionRunnerOptions, 'projections'>) => {
    const created = new ProjectionRunner({ pool: bed.pool, store: bed.store, lockRetryMs: 50, retryDelayMs: 50, ...options });
    runners.push(created);
    return created;
  };
  const stream = (category: string) => `${category}-${randomUUID()}`;

  it('applies every event once, in batches, and stores the checkpoint with them', async () => {
    const projection = seenEventsProjection('seen');
    await bed.migrate(projection);
    const [a, b] = [stream('ride'), stream('bid')];
    await appendEvents(bed.store, a, ['RideRequested', 'DriverAssigned', 'TripStarted']);
    await appendEvents(bed.store, b, ['BidPlaced', 'BidAccepted']);

    const subject = runner({ projections: [projection], batchSize: 2 });
    subject.start();
    await waitForApplied(bed.db, 'seen', 5);

    const rows = await seenRows(bed.db, projection);
    expect(rows.map((row) => row.event_type).sort()).toEqual(
      ['BidAccepted', 'BidPlaced', 'DriverAssigned', 'RideRequested', 'TripStarted'],
    );
    expect(rows.every((row) => row.applied === 1)).toBe(true);
    const [last] = await bed.store.readStream(b, { direction: 'backwards', maxCount: 1 });
    expect(await checkpointOf(bed.db, 'seen')).toMatchObject({
      events_processed: '5',
      position: serializePosition(last!.position),
    });
    await eventually(async () => expect(subject.status()).toEqual([{ name: 'seen', status: 'live' }]));
  });

  it('follows live events after catching up', async () => {
    const projection = seenEventsProjection('seen');
    await bed.migrate(projection);
    const subject = runner({ projections: [projection] });
    subject.start();
    await subject.waitUntilCaughtUp();

    await appendEvents(bed.store, stream('ride'), ['RideRequested', 'RideCancelled']);
    await eventually(async () => expect(await seenRows(bed.db, projection)).toHaveLength(2));
    expect((await checkpointOf(bed.db, 'seen'))?.events_processed).toBe('2');
  });

  it('rolls back the whole batch when the handler throws: neither rows nor checkpoint move', async () => {
    const healthy = seenEventsProjection('seen');
    await bed.migrate(healthy);
    await appendEvents(bed.store, stream('ride'), ['RideRequested', 'DriverAssigned']);
    const first = runner({ projections: [healthy] });
    first.start();
    await waitForApplied(bed.db, 'seen', 2);
    await first.stop();
    const before = await checkpointOf(bed.db, 'seen');

    await appendEvents(bed.store, stream('ride'), ['RideRequested', 'DriverAssigned', 'Indigestible', 'TripStarted']);
    const broken = seenEventsProjection('seen', { failOn: 'Indigestible' });
    const second = runner({ projections: [broken], batchSize: 100 });
    second.start();

    await eventually(async () =>
      expect(second.status()).toEqual([
        { name: 'seen', status: 'failed', error: expect.stringContaining('cannot digest Indigestible') },
      ]),
    );
    await expect(second.waitUntilCaughtUp()).rejects.toBeInstanceOf(ProjectionHandlerError);
    expect(await seenRows(bed.db, healthy)).toHaveLength(2);
    expect(await checkpointOf(bed.db, 'seen')).toEqual(before);
  });

  it('resumes from its checkpoint without applying anything twice', async () => {
    const projection = seenEventsProjection('seen');
    await bed.migrate(projection);
    await appendEvents(bed.store, stream('ride'), ['RideRequested', 'DriverAssigned', 'TripStarted']);
    const first = runner({ projections: [projection], batchSize: 1 });
    first.start();
    await waitForApplied(bed.db, 'seen', 3);
    await first.stop();

    await appendEvents(bed.store, stream('ride'), ['RideRequested', 'RideExpired']);
    const second = runner({ projections: [projection], batchSize: 1 });
    second.start();
    await waitForApplied(bed.db, 'seen', 5);

    const rows = await seenRows(bed.db, projection);
    expect(rows).toHaveLength(5);
    expect(rows.filter((row) => row.applied !== 1)).toEqual([]);
    expect((await checkpointOf(bed.db, 'seen'))?.events_processed).toBe('5');
  });

  it('sees only the events its filter matches, and its lag counts only those', async () => {
    const projection = seenEventsProjection('rides', { filter: { streamNamePrefixes: ['ride-'] } });
    await bed.migrate(projection);
    const ride = stream('ride');
    await appendEvents(bed.store, ride, ['RideRequested', 'RideCancelled']);
    await appendEvents(bed.store, stream('bid'), ['BidPlaced', 'BidWithdrawn', 'BidPlaced']);
    const subject = runner({ projections: [projection], lagProbe: createPostgresLagProbe(bed.pool) });

    await eventually(async () => expect((await subject.lag())[0]).toMatchObject({ eventsBehind: 2 }));
    subject.start();
    await waitForApplied(bed.db, 'rides', 2);

    const rows = await seenRows(bed.db, projection);
    expect(rows.map((row) => row.stream_name)).toEqual([ride, ride]);
    expect((await subject.lag())[0]).toMatchObject({ eventsBehind: 0, msBehind: 0 });
  });

  it('reports lag in events and milliseconds, then none once caught up', async () => {
    const projection = seenEventsProjection('seen');
    await bed.migrate(projection);
    for (let i = 0; i < 10; i++) await appendEvents(bed.store, stream('ride'), ['RideRequested', 'RideExpired']);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const subject = runner({ projections: [projection], lagProbe: createPostgresLagProbe(bed.pool) });

    const behind = await eventually(async () => {
      const [lag] = await subject.lag();
      expect(lag).toMatchObject({ name: 'seen', status: 'idle', eventsBehind: 20, eventsProcessed: 0, position: '-1/-1' });
      return lag!;
    });
    expect(behind.msBehind).toBeGreaterThanOrEqual(30);

    subject.start();
    await waitForApplied(bed.db, 'seen', 20);
    await eventually(async () =>
      expect((await subject.lag())[0]).toMatchObject({ status: 'live', eventsBehind: 0, msBehind: 0, eventsProcessed: 20 }),
    );
  });

  it('runs a projection in one runner at a time; another takes over when it stops', async () => {
    const projection = seenEventsProjection('seen');
    await bed.migrate(projection);
    const active = runner({ projections: [projection] });
    active.start();
    await active.waitUntilCaughtUp();
    const standbyLog: string[] = [];
    const logger = { info: (_: object, message: string) => standbyLog.push(message), warn() {}, error() {} };
    const standby = runner({ projections: [projection], logger });
    standby.start();
    await eventually(async () => expect(standbyLog).toContain('projection runs elsewhere: standing by'));

    await appendEvents(bed.store, stream('ride'), ['RideRequested']);
    await eventually(async () => expect(await seenRows(bed.db, projection)).toHaveLength(1));
    expect(standby.status()[0]?.status).toBe('standby');

    await active.stop();
    await standby.waitUntilCaughtUp();
    await appendEvents(bed.store, stream('ride'), ['RideRequested']);
    await eventually(async () => expect(await seenRows(bed.db, projection)).toHaveLength(2));
    expect((await seenRows(bed.db, projection)).every((row) => row.applied === 1)).toBe(true);
    expect(standby.status()[0]?.status).toBe('live');
  });

  it('stops writing when its lock connection drops, then takes the lock again and carries on', async () => {
    const projection = seenEventsProjection('seen');
    await bed.migrate(projection);
    const subject = runner({ projections: [projection] });
    subject.start();
    await subject.waitUntilCaughtUp();
    const lockHolders = async () =>
      (
        await bed.pool.query<{ pid: number }>(
          `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        )
      ).rows.map((row) => row.pid);
    const [holder] = await lockHolders();

    await bed.pool.query('SELECT pg_terminate_backend($1)', [holder]);

    await eventually(async () => {
      const holders = await lockHolders();
      expect(holders).toHaveLength(1);
      expect(holders).not.toContain(holder);
    });
    await appendEvents(bed.store, stream('ride'), ['RideRequested']);
    await eventually(async () => expect(await seenRows(bed.db, projection)).toHaveLength(1));
    await eventually(async () => expect(subject.status()).toEqual([{ name: 'seen', status: 'live' }]));
  });

  it('rebuilds from the start when the projection version changes', async () => {
    const v1 = seenEventsProjection('seen');
    await bed.migrate(v1);
    await appendEvents(bed.store, stream('ride'), ['RideRequested', 'RideExpired']);
    const first = runner({ projections: [v1] });
    first.start();
    await waitForApplied(bed.db, 'seen', 2);
    await first.stop();
    await sql`UPDATE test_seen_seen SET applied = 7`.execute(bed.db);

    const v2 = seenEventsProjection('seen', { version: 2 });
    const second = runner({ projections: [v2] });
    second.start();
    await waitForApplied(bed.db, 'seen', 2, 2);

    expect((await seenRows(bed.db, v2)).map((row) => row.applied)).toEqual([1, 1]);
  });
});
