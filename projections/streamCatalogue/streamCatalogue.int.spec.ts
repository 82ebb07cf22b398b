import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { readModelRows } from '../runner/readModelRows.js';
import { rebuildProjection } from '../runner/rebuild.js';
import { ProjectionRunner } from '../runner/runner.js';
import { appendEvents, openTestBed, waitForApplied, type TestBed } from '../../tests/support/projectionTestKit.js';
import { streamCatalogueProjection } from './projection.js';
import { findStream, listStreams, summariseCategories } from './queries.js';
import type { StreamCatalogueTables } from './streamCatalogue.table.js';

describe('stream catalogue: which streams exist, of which category, how busy', () => {
  let bed: TestBed;
  let db: Kysely<StreamCatalogueTables>;
  beforeEach(async () => {
    bed = await openTestBed('catalogue');
    db = bed.db;
    await bed.migrate(streamCatalogueProjection);
  });
  afterEach(async () => {
    await bed.dispose();
  });

  async function project(batchSize: number, events: number) {
    const runner = new ProjectionRunner({ pool: bed.pool, store: bed.store, projections: [streamCatalogueProjection], batchSize });
    runner.start();
    await waitForApplied(bed.db, streamCatalogueProjection.name, events);
    await runner.stop();
  }

  it('given events in several streams, lists each stream with its count, last event and times', async () => {
    const ride = `ride-${randomUUID()}`;
    const bid = `bid-${randomUUID()}`;
    await appendEvents(bed.store, ride, ['RideRequested', 'DriverAssigned']);
    await appendEvents(bed.store, bid, ['BidPlaced']);
    await appendEvents(bed.store, ride, ['TripStarted']);
    await appendEvents(bed.store, 'fareSettings-copperbelt', ['SurgeTurnedOn']);

    await project(2, 5);

    const [first, , last] = await bed.store.readStream(ride);
    expect(await findStream(db, ride)).toEqual({
      stream_name: ride,
      category: 'ride',
      event_count: 3,
      last_event_type: 'TripStarted',
      last_revision: '2',
      first_event_at: first!.created,
      last_event_at: last!.created,
    });
    expect(await findStream(db, bid)).toMatchObject({ category: 'bid', event_count: 1, last_event_type: 'BidPlaced' });
    expect(await findStream(db, 'fareSettings-copperbelt')).toMatchObject({ category: 'fareSettings', event_count: 1 });
    expect(await findStream(db, 'ride-unknown')).toBeUndefined();
  });

  it('gives the same rows whatever the batch size, and after a rebuild', async () => {
    for (let i = 0; i < 15; i++) {
      await appendEvents(bed.store, `ride-${i}`, ['RideRequested', 'DriverAssigned']);
      await appendEvents(bed.store, `bid-${i % 4}`, ['BidPlaced']);
      await appendEvents(bed.store, `ride-${(i * 7) % 15}`, ['RideCompleted']);
    }
    await project(1, 60);
    const oneByOne = await readModelRows(db, 'rm_stream_catalogue');

    const rebuilt = await rebuildProjection({ pool: bed.pool, store: bed.store, projection: streamCatalogueProjection, batchSize: 1000 });

    expect(rebuilt.eventsReplayed).toBe(60);
    expect(await readModelRows(db, 'rm_stream_catalogue')).toEqual(oneByOne);
    expect(oneByOne.reduce((sum, row) => sum + Number(row.event_count), 0)).toBe(60);
  });

  it('keeps the highest revision as the last event even if an older one is applied after it', async () => {
    const stream = `ride-${randomUUID()}`;
    const recorded = (revision: number, type: string, created: string): RecordedEvent => ({
      id: randomUUID(), type, data: {}, metadata: {}, streamName: stream, revision: BigInt(revision),
      position: { commit: 1n, prepare: BigInt(revision) }, created: new Date(created),
    });
    await db.transaction().execute(async (trx) => {
      await streamCatalogueProjection.handle(trx, [recorded(1, 'DriverAssigned', '2026-01-01T10:01:00Z')]);
      await streamCatalogueProjection.handle(trx, [recorded(0, 'RideRequested', '2026-01-01T10:00:00Z')]);
    });

    expect(await findStream(db, stream)).toMatchObject({
      event_count: 2,
      last_event_type: 'DriverAssigned',
      last_revision: '1',
      first_event_at: new Date('2026-01-01T10:00:00Z'),
      last_event_at: new Date('2026-01-01T10:01:00Z'),
    });
  });

  it('answers by category, a page at a time, and summarises each category', async () => {
    for (const id of ['a', 'b', 'c']) await appendEvents(bed.store, `ride-${id}`, ['RideRequested', 'RideExpired']);
    await appendEvents(bed.store, 'driver-x', ['DriverWentOnline']);
    await project(50, 7);

    const firstPage = await listStreams(db, { category: 'ride', limit: 2 });
    expect(firstPage.map((row) => row.stream_name)).toEqual(['ride-a', 'ride-b']);
    const secondPage = await listStreams(db, { category: 'ride', limit: 2, after: 'ride-b' });
    expect(secondPage.map((row) => row.stream_name)).toEqual(['ride-c']);
    await expect(listStreams(db, { limit: 0 })).rejects.toThrow('limit');

    expect(await summariseCategories(db)).toEqual([
      { category: 'driver', streams: 1, events: 1, lastEventAt: expect.any(Date) },
      { category: 'ride', streams: 3, events: 6, lastEventAt: expect.any(Date) },
    ]);
  });
});
