import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { AllPage, Position } from '../../platform/eventStore/port.js';
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

describe('ProjectionRunner: one reader for many projections', () => {
  let bed: TestBed;
  const runners: ProjectionRunner[] = [];
  beforeEach(async () => {
    bed = await openTestBed('group');
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

  /** Every page of `$all` the store hands out, with the position each read started from. */
  const recordReads = () => {
    const reads: Array<{ from: Position | undefined; page: AllPage }> = [];
    const original = bed.store.readAll.bind(bed.store);
    vi.spyOn(bed.store, 'readAll').mockImplementation(async (options) => {
      const page = await original(options);
      if (options?.filter !== undefined || !options?.maxCount || options.maxCount > 1) reads.push({ from: options?.fromPosition, page });
      return page;
    });
    return reads;
  };

  const endOfAll = async () => {
    const { rows } = await bed.pool.query<{ tx: string; pos: string }>(
      'SELECT transaction_id::text AS tx, global_position::text AS pos FROM es_events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
    );
    return { commit: BigInt(rows[0]!.tx), prepare: BigInt(rows[0]!.pos) };
  };

  it('reads each live page of $all once for every caught-up projection and commits them all in one transaction', async () => {
    const names = ['one', 'two', 'three', 'four', 'five', 'six'];
    const projections = names.map((name) => seenEventsProjection(name));
    await bed.migrate(...projections);
    const subject = runner({ projections });
    subject.start();
    await subject.waitUntilCaughtUp();
    const reads = recordReads();

    const ride = stream('ride');
    await appendEvents(bed.store, ride, ['RideRequested', 'DriverAssigned']);
    for (const name of names) await waitForApplied(bed.db, name, 2);

    // One page carried the two events, not one page per projection.
    const pagesWithThem = reads.filter(({ page }) => page.events.some((event) => event.streamName === ride));
    expect(pagesWithThem).toHaveLength(1);
    // The six checkpoints and the six read models' rows were written by one transaction.
    const { rows: checkpointTx } = await sql<{ tx: string }>`
      SELECT DISTINCT xmin::text AS tx FROM projection_checkpoints WHERE name IN (${sql.join(names)})`.execute(bed.db);
    expect(checkpointTx).toHaveLength(1);
    for (const name of names) {
      const { rows } = await sql<{ tx: string }>`SELECT DISTINCT xmin::text AS tx FROM ${sql.table(`test_seen_${name}`)}`.execute(bed.db);
      expect(rows).toEqual(checkpointTx);
    }
  });

  it('applies a reactor (a member with a transaction of its own) beside the shared transaction: the read models do not wait for it', async () => {
    const shared = ['one', 'two'].map((name) => seenEventsProjection(name));
    const seen = seenEventsProjection('slow');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow = { ...seen, ownTransaction: true, handle: async (...args: Parameters<typeof seen.handle>) => (await released, seen.handle(...args)) };
    await bed.migrate(...shared, slow);
    const subject = runner({ projections: [...shared, slow] });
    subject.start();
    await subject.waitUntilCaughtUp();
    const reads = recordReads();

    const ride = stream('ride');
    await appendEvents(bed.store, ride, ['RideRequested', 'DriverAssigned']);
    // The shared members commit while the reactor's handler is still busy with the same page.
    for (const name of ['one', 'two']) await waitForApplied(bed.db, name, 2);
    expect(await seenRows(bed.db, slow)).toEqual([]);
    release();
    await waitForApplied(bed.db, 'slow', 2);

    expect(reads.filter(({ page }) => page.events.some((event) => event.streamName === ride))).toHaveLength(1);
    const { rows } = await sql<{ name: string; tx: string }>`
      SELECT name, xmin::text AS tx FROM projection_checkpoints WHERE name IN ('one', 'two', 'slow')`.execute(bed.db);
    const txOf = new Map(rows.map((row) => [row.name, row.tx]));
    expect(txOf.get('one')).toBe(txOf.get('two'));
    expect(txOf.get('slow')).not.toBe(txOf.get('one'));
    // Its rows and its checkpoint: one transaction of its own.
    const { rows: slowRows } = await sql<{ tx: string }>`SELECT DISTINCT xmin::text AS tx FROM test_seen_slow`.execute(bed.db);
    expect(slowRows).toEqual([{ tx: txOf.get('slow') }]);
  });

  it('opens at most half the pool’s connections in lanes at once, so reactors’ commands always find one', async () => {
    let open = 0;
    let most = 0;
    const reactors = Array.from({ length: 8 }, (_, index) => {
      const seen = seenEventsProjection(`reactor${index}`);
      return {
        ...seen,
        ownTransaction: true,
        handle: async (...args: Parameters<typeof seen.handle>) => {
          most = Math.max(most, ++open);
          await new Promise((resolve) => setTimeout(resolve, 30));
          open--;
          return seen.handle(...args);
        },
      };
    });
    await bed.migrate(...reactors);
    const subject = runner({ projections: reactors });
    subject.start();
    await subject.waitUntilCaughtUp();
    most = 0;
    await appendEvents(bed.store, stream('ride'), ['RideRequested']);
    for (const index of reactors.keys()) await waitForApplied(bed.db, `reactor${index}`, 1);
    // The test bed's pool holds 10 connections.
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(5);
  });

  it('applies the union of the projections’ filters in the store, and each projection only what its own filter matches', async () => {
    const rides = seenEventsProjection('rides', { filter: { streamNamePrefixes: ['ride-'] } });
    const bids = seenEventsProjection('bids', { filter: { eventTypePrefixes: ['Bid'] } });
    await bed.migrate(rides, bids);
    const subject = runner({ projections: [rides, bids] });
    subject.start();
    await subject.waitUntilCaughtUp();
    const reads = recordReads();

    const ride = stream('ride');
    await appendEvents(bed.store, ride, ['RideRequested']);
    await appendEvents(bed.store, stream('bid'), ['BidPlaced']);
    await appendEvents(bed.store, stream('audit'), ['Noted', 'Noted', 'Noted']);
    await waitForApplied(bed.db, 'rides', 1);
    await waitForApplied(bed.db, 'bids', 1);
    const last = await endOfAll();
    await eventually(async () => {
      const checkpoints = await Promise.all(['rides', 'bids'].map((name) => checkpointOf(bed.db, name)));
      expect(checkpoints.every((checkpoint) => checkpoint?.position === `${last.commit}/${last.prepare}`)).toBe(true);
    });

    expect((await seenRows(bed.db, rides)).map((row) => row.stream_name)).toEqual([ride]);
    expect((await seenRows(bed.db, bids)).map((row) => row.event_type)).toEqual(['BidPlaced']);
    // The store sent no event of the audit stream: the union filter ran where it read.
    expect(reads.flatMap(({ page }) => page.events).filter((event) => event.type === 'Noted')).toEqual([]);
  });

  it('stops only the projection whose handler throws, naming the event; the others keep going; it resumes from its checkpoint once fixed', async () => {
    const healthy = seenEventsProjection('healthy');
    const broken = seenEventsProjection('fragile', { failOn: 'Indigestible' });
    await bed.migrate(healthy, broken);
    const errors: Array<{ details: object; message: string }> = [];
    const logger = { info() {}, warn() {}, error: (details: object, message: string) => errors.push({ details, message }) };
    const first = runner({ projections: [healthy, broken], logger, batchSize: 100 });
    first.start();
    await first.waitUntilCaughtUp();

    const ride = stream('ride');
    await appendEvents(bed.store, ride, ['RideRequested', 'DriverAssigned', 'Indigestible', 'TripStarted']);
    const [, , poison] = await bed.store.readStream(ride);

    await eventually(async () =>
      expect(first.status()).toEqual([
        { name: 'healthy', status: 'live' },
        { name: 'fragile', status: 'failed', error: expect.stringContaining('cannot digest Indigestible') },
      ]),
    );
    const error = first.status()[1]!.error!;
    expect(error).toContain(`${ride}@2 (Indigestible, position ${poison!.position.commit}/${poison!.position.prepare})`);
    expect(errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining(`Indigestible at ${poison!.position.commit}/${poison!.position.prepare}`),
        details: expect.objectContaining({ projection: 'fragile', event: expect.objectContaining({ type: 'Indigestible', streamName: ride }) }),
      }),
    ]);
    expect(await first.lag()).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'fragile', status: 'failed', error })]));
    await waitForApplied(bed.db, 'healthy', 4);
    // Nothing of the failed batch was written for the broken projection, and its checkpoint stayed.
    expect(await seenRows(bed.db, broken)).toEqual([]);
    expect(await checkpointOf(bed.db, 'fragile')).toMatchObject({ events_processed: '0' });

    // The healthy one keeps following $all.
    await appendEvents(bed.store, stream('ride'), ['RideRequested']);
    await waitForApplied(bed.db, 'healthy', 5);
    await first.stop();

    const fixed = seenEventsProjection('fragile');
    const second = runner({ projections: [healthy, fixed] });
    second.start();
    await waitForApplied(bed.db, 'fragile', 5);
    expect((await seenRows(bed.db, fixed)).every((row) => row.applied === 1)).toBe(true);
  });

  it('lets a projection far behind catch up alone while the others stay live, then takes it into the group', async () => {
    const ahead = seenEventsProjection('ahead');
    const behind = seenEventsProjection('behind');
    await bed.migrate(ahead, behind);
    for (let i = 0; i < 30; i++) await appendEvents(bed.store, stream('ride'), ['RideRequested', 'RideExpired']);
    const first = runner({ projections: [ahead] });
    first.start();
    await waitForApplied(bed.db, 'ahead', 60);
    await first.stop();

    const subject = runner({ projections: [ahead, behind], batchSize: 5 });
    subject.start();
    await subject.waitUntilCaughtUp();
    await waitForApplied(bed.db, 'behind', 60);

    await appendEvents(bed.store, stream('ride'), ['RideRequested']);
    await waitForApplied(bed.db, 'ahead', 61);
    await waitForApplied(bed.db, 'behind', 61);
    const { rows } = await sql<{ tx: string }>`
      SELECT DISTINCT xmin::text AS tx FROM projection_checkpoints WHERE name IN ('ahead', 'behind')`.execute(bed.db);
    expect(rows).toHaveLength(1);
    for (const projection of [ahead, behind]) {
      expect((await seenRows(bed.db, projection)).every((row) => row.applied === 1)).toBe(true);
    }
  });
});
