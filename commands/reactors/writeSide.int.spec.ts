import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { bidIdFor, bidStreamId } from '../../domain/bid/index.js';
import { dispatchStream } from '../../domain/dispatch/index.js';
import { rideStreamId } from '../../domain/ride/index.js';
import { eventually } from '../../tests/support/projectionTestKit.js';
import { recordDriverLocation } from '../dispatch/index.js';
import { migrateWriteSide, startWriteSideProcesses } from './index.js';
import { acceptBid, driverOnDuty, eventTypes, placeBid, requestRide, START, useWriteSideBed } from '../../tests/support/writeSideTestBed.js';

const world = useWriteSideBed('writeside');

it('startWriteSideProcesses runs every reactor and the timers until stopped', async () => {
  await migrateWriteSide(world.services); // already migrated by the bed: migrating again changes nothing
  const processes = await startWriteSideProcesses(world.services, world.bed.pool, undefined, { timerPollIntervalMs: 20 });
  try {
    const [chosen, other] = [await driverOnDuty(world.services), await driverOnDuty(world.services)];
    await recordDriverLocation(world.services.db, { driverId: chosen.driverId, lat: -12.801, lng: 28.2136, at: world.clock.now() });
    const rideId = await requestRide(world.services, { pricingMethod: 'bidding', proposedFareNgwee: 4_000 });
    await eventually(async () => expect(await eventTypes(world.services, dispatchStream(rideId))).toEqual(['RideOfferedToDrivers']));

    await placeBid(world.services, rideId, chosen);
    await placeBid(world.services, rideId, other);
    await acceptBid(world.services, rideId, chosen);
    await eventually(async () => {
      expect((await eventTypes(world.services, bidStreamId(bidIdFor(rideId, chosen.driverId)))).at(-1)).toBe('BidMarkedAccepted');
      expect((await eventTypes(world.services, bidStreamId(bidIdFor(rideId, other.driverId)))).at(-1)).toBe('BidMarkedRejected');
    });

    const lonely = await requestRide(world.services);
    await eventually(async () =>
      expect(await world.services.db.selectFrom('timers').select('id').where(sql<boolean>`payload->>'rideId' = ${lonely}`).execute()).toHaveLength(1),
    );
    world.clock.set(new Date(Date.parse(START) + 600_000));
    await eventually(async () => expect((await eventTypes(world.services, rideStreamId(lonely))).at(-1)).toBe('RideExpired'));
    // Bid settlement, driver duty, dispatch, timer scheduling, payment collection and the safety net (no payment wiring here: no request reactor).
    expect(processes.reactors.status().map((reactor) => reactor.status)).toEqual(['live', 'live', 'live', 'live', 'live', 'live']);
  } finally {
    await processes.stop();
  }
  expect(processes.reactors.status().every((reactor) => reactor.status === 'stopped')).toBe(true);
});
