import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bidIdFor, bidStreamId, type BidEvent } from '../../domain/bid/index.js';
import { readModelRows } from '../runner/readModelRows.js';
import { rebuildProjection } from '../runner/rebuild.js';
import { ProjectionRunner } from '../runner/runner.js';
import { openTestBed, waitForApplied, type TestBed } from '../../tests/support/projectionTestKit.js';
import type { BidsByRideTables } from './bidsByRide.table.js';
import { bidsByRideProjection } from './projection.js';
import { bidsForRide, findBid } from './queries.js';

const minute = (n: number) => new Date(Date.UTC(2025, 0, 15, 8, n)).toISOString();

function placed(rideId: string, driverId: string, amountNgwee: number, at: number): BidEvent {
  return {
    type: 'BidPlaced',
    data: {
      bidId: bidIdFor(rideId, driverId),
      rideId,
      driverId,
      driverUserId: `user-${driverId}`,
      amountNgwee,
      message: `${driverId} is close by`,
      estimatedArrivalMinutes: 4,
      expiresAt: minute(at + 2),
      placedAt: minute(at),
    },
  };
}

const ids = (rideId: string, driverId: string) => ({ bidId: bidIdFor(rideId, driverId), rideId, driverId });

describe('bids by ride: the bids a rider chooses from', () => {
  let bed: TestBed;
  let db: Kysely<BidsByRideTables>;
  let appended = 0;
  beforeEach(async () => {
    bed = await openTestBed('bidsbyride');
    db = bed.db;
    appended = 0;
    await bed.migrate(bidsByRideProjection);
  });
  afterEach(async () => {
    await bed.dispose();
  });

  async function record(rideId: string, driverId: string, ...events: BidEvent[]) {
    await bed.store.appendToStream(
      bidStreamId(bidIdFor(rideId, driverId)),
      events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data })),
    );
    appended += events.length;
  }

  async function project(batchSize: number) {
    const runner = new ProjectionRunner({ pool: bed.pool, store: bed.store, projections: [bidsByRideProjection], batchSize });
    runner.start();
    await waitForApplied(bed.db, bidsByRideProjection.name, appended);
    await runner.stop();
  }

  it('lists a ride’s bids oldest first, each with its latest status', async () => {
    const ride = `ride-${randomUUID()}`;
    await record(ride, 'driver-a', placed(ride, 'driver-a', 4_500, 0));
    await record(ride, 'driver-b', placed(ride, 'driver-b', 4_200, 1));
    await record(ride, 'driver-c', placed(ride, 'driver-c', 5_000, 2), { type: 'BidWithdrawn', data: { ...ids(ride, 'driver-c'), withdrawnAt: minute(3) } });
    await project(2);
    await record(ride, 'driver-b', { type: 'BidMarkedAccepted', data: { ...ids(ride, 'driver-b'), acceptedAt: minute(4) } });
    await record(ride, 'driver-a', { type: 'BidMarkedRejected', data: { ...ids(ride, 'driver-a'), reason: 'another_bid_accepted', rejectedAt: minute(4) } });
    await record(`other-${ride}`, 'driver-a', placed(`other-${ride}`, 'driver-a', 3_900, 5));
    await project(2);

    const bids = await bidsForRide(db, ride);
    expect(bids.map((bid) => [bid.driver_id, bid.amount_ngwee, bid.status])).toEqual([
      ['driver-a', 4_500, 'rejected'],
      ['driver-b', 4_200, 'accepted'],
      ['driver-c', 5_000, 'withdrawn'],
    ]);
    expect(bids[1]).toEqual({
      bid_id: bidIdFor(ride, 'driver-b'),
      ride_id: ride,
      driver_id: 'driver-b',
      driver_user_id: 'user-driver-b',
      amount_ngwee: 4_200,
      message: 'driver-b is close by',
      estimated_arrival_min: 4,
      status: 'accepted',
      placed_at: new Date(minute(1)),
      expires_at: new Date(minute(3)),
      updated_at: new Date(minute(4)),
    });
    expect((await bidsForRide(db, ride, { status: 'accepted' })).map((bid) => bid.driver_id)).toEqual(['driver-b']);
  });

  it('a driver’s new bid after an expiry replaces the old one', async () => {
    const ride = `ride-${randomUUID()}`;
    await record(ride, 'driver-a', placed(ride, 'driver-a', 4_500, 0), { type: 'BidExpired', data: { ...ids(ride, 'driver-a'), expiredAt: minute(2) } });
    await project(10);
    expect(await findBid(db, bidIdFor(ride, 'driver-a'))).toMatchObject({ status: 'expired', amount_ngwee: 4_500 });
    await record(ride, 'driver-a', placed(ride, 'driver-a', 4_000, 3));
    await project(10);
    expect(await findBid(db, bidIdFor(ride, 'driver-a'))).toMatchObject({ status: 'placed', amount_ngwee: 4_000, placed_at: new Date(minute(3)) });
  });

  it('gives the same rows whatever the batch size, and after a rebuild', async () => {
    for (let i = 0; i < 6; i++) {
      const ride = `ride-${i}`;
      await record(ride, 'driver-a', placed(ride, 'driver-a', 4_000 + i, i), { type: 'BidWithdrawn', data: { ...ids(ride, 'driver-a'), withdrawnAt: minute(i + 1) } });
      await record(ride, 'driver-a', placed(ride, 'driver-a', 4_100 + i, i + 1));
      await record(ride, 'driver-b', placed(ride, 'driver-b', 4_200 + i, i), { type: 'BidExpired', data: { ...ids(ride, 'driver-b'), expiredAt: minute(i + 2) } });
    }
    await project(1);
    const oneByOne = await readModelRows(db, 'rm_bids_by_ride');
    const rebuilt = await rebuildProjection({ pool: bed.pool, store: bed.store, projection: bidsByRideProjection, batchSize: 1000 });
    expect(rebuilt.eventsReplayed).toBe(appended);
    expect(await readModelRows(db, 'rm_bids_by_ride')).toEqual(oneByOne);
    expect(oneByOne.filter((row) => row.status === 'placed')).toHaveLength(6);
  });
});
