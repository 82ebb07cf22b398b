import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { START, type Position } from '../../platform/eventStore/port.js';
import { appendEvents, openTestBed, type TestBed } from '../../tests/support/projectionTestKit.js';
import { createPostgresLagProbe } from './postgresLagProbe.js';

describe('the Postgres lag probe', () => {
  let bed: TestBed;
  beforeEach(async () => {
    bed = await openTestBed('lag_probe');
  });
  afterEach(async () => {
    await bed.dispose();
  });

  it('answers every checkpoint in one statement, in order, counting only what each filter matches after it', async () => {
    const ride = `ride-${randomUUID()}`;
    const bid = `bid-${randomUUID()}`;
    await appendEvents(bed.store, ride, ['RideRequested', 'DriverAssigned']);
    await appendEvents(bed.store, bid, ['BidPlaced']);
    const middle: Position = (await bed.store.readAll({ maxCount: 3 })).nextPosition;
    await appendEvents(bed.store, ride, ['RideCompleted']);
    await appendEvents(bed.store, bid, ['BidAccepted', 'BidExpired']);
    const end = (await bed.store.readAll({ maxCount: 100 })).nextPosition;

    const probe = createPostgresLagProbe(bed.pool);
    const queries = vi.spyOn(bed.pool, 'query');
    const lags = await probe([
      { checkpoint: START, filter: undefined },
      { checkpoint: START, filter: { streamNamePrefixes: ['ride-'] } },
      { checkpoint: middle, filter: { eventTypePrefixes: ['Bid'] } },
      { checkpoint: middle, filter: { anyOf: [{ streamNamePrefixes: ['ride-'] }, { eventTypePrefixes: ['BidExp'] }] } },
      { checkpoint: end, filter: undefined },
    ]);
    // (The store's own polling shares the pool: count the probe's statements only.)
    expect(queries.mock.calls.filter(([text]) => String(text).includes('events_behind'))).toHaveLength(1);
    expect(lags.map((lag) => lag.eventsBehind)).toEqual([6, 3, 2, 2, 0]);
    expect(lags[0]!.msBehind).toBeGreaterThanOrEqual(0);
    expect(lags[4]!.msBehind).toBe(0);
    expect(await probe([])).toEqual([]);
  });
});
