import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rideStreamId } from '../../../domain/ride/index.js';
import type { Actor } from '../../../domain/shared/command.js';
import type { EventStore } from '../../../platform/eventStore/port.js';
import { useAnalyticsHistory } from '../../../tests/support/analyticsHistory.js';
import { openTestBed, type TestBed } from '../../../tests/support/projectionTestKit.js';
import { projectUntilApplied } from '../../../tests/support/projectUntilApplied.js';
import { Scenario } from '../../../tests/support/rideScenarios.js';
import { rideFactsProjection } from '../rideFacts/index.js';
import { cancellations } from './queries.js';

describe('cancellations by reason code, stage and who cancelled', () => {
  const bed = useAnalyticsHistory('cancellations', [rideFactsProjection], { batchSize: 3 });

  it('counts each cancelled ride once, with the ride state it was cancelled in', async () => {
    const { rows } = await sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, city, vehicle_type, reason_code, stage, cancelled_by, cancellations
      FROM analytics.cancellations ORDER BY city, reason_code, stage`.execute(bed.db);
    expect(rows).toEqual([
      { day: '2026-03-04', city: 'kitwe', vehicle_type: 'car', reason_code: 'changed_plans', stage: 'pending', cancelled_by: 'rider', cancellations: 1 },
      { day: '2026-03-04', city: 'kitwe', vehicle_type: 'car', reason_code: 'other', stage: 'arrived', cancelled_by: 'driver', cancellations: 1 },
      { day: '2026-03-04', city: 'kitwe', vehicle_type: 'car', reason_code: 'wait_too_long', stage: 'accepted', cancelled_by: 'rider', cancellations: 1 },
      { day: '2026-03-04', city: 'ndola', vehicle_type: 'car', reason_code: 'changed_plans', stage: 'scheduled', cancelled_by: 'rider', cancellations: 1 },
    ]);
    const { rows: [rides] } = await sql<{ count: string }>`SELECT count(*) FROM rm_analytics_rides`.execute(bed.db);
    expect(rides!.count).toBe('11'); // every ride keeps its row (its city and vehicle type), cancelled or not
  });

  it('keeps the canceller’s own words beside the code, for reading one ride', async () => {
    const rows = await bed.db
      .selectFrom('rm_analytics_rides')
      .select(['ride_id', 'cancel_reason_code', 'cancel_reason'])
      .where('cancelled_at', 'is not', null)
      .orderBy('ride_id')
      .execute();
    expect(rows).toEqual([
      { ride_id: 'kitwe-car-3', cancel_reason_code: 'wait_too_long', cancel_reason: 'Waited too long' },
      { ride_id: 'kitwe-car-4', cancel_reason_code: 'changed_plans', cancel_reason: 'Zolinga zanga zasintha' },
      { ride_id: 'kitwe-scheduled', cancel_reason_code: 'other', cancel_reason: 'Rider not at pickup' },
      { ride_id: 'ndola-scheduled', cancel_reason_code: 'changed_plans', cancel_reason: 'My plans changed' },
    ]);
  });

  it('answers a slice, the most frequent first', async () => {
    expect(await cancellations(bed.db, { from: '2026-03-04', to: '2026-03-04', vehicleType: 'car' })).toEqual([
      { reasonCode: 'changed_plans', stage: 'pending', cancelledBy: 'rider', count: 1 },
      { reasonCode: 'changed_plans', stage: 'scheduled', cancelledBy: 'rider', count: 1 },
      { reasonCode: 'other', stage: 'arrived', cancelledBy: 'driver', count: 1 },
      { reasonCode: 'wait_too_long', stage: 'accepted', cancelledBy: 'rider', count: 1 },
    ]);
    expect(await cancellations(bed.db, { from: '2026-03-04', to: '2026-03-04', city: 'ndola' })).toEqual([
      { reasonCode: 'changed_plans', stage: 'scheduled', cancelledBy: 'rider', count: 1 },
    ]);
    expect(await cancellations(bed.db, { from: '2026-03-04', to: '2026-03-04', vehicleType: 'motorcycle' })).toEqual([]);
  });
});

/** A RideCancelled as riders' apps stored it before reason codes (schema v1: the text only). */
async function appendV1Cancellation(store: EventStore, rideId: string, reason: string, cancelledAt: string): Promise<void> {
  const stream = rideStreamId(rideId);
  const recorded = await store.readStream(stream);
  await store.appendToStream(
    stream,
    [
      {
        id: randomUUID(),
        type: 'RideCancelled',
        data: { rideId, by: 'rider', byUserId: `${rideId}-rider`, reason, stage: 'pending', cancelledAt },
        metadata: { correlationId: randomUUID(), userId: `${rideId}-rider`, role: 'passenger', schemaVersion: 1 },
      },
    ],
    { expectedRevision: recorded.at(-1)!.revision },
  );
}

describe('one group per reason code, whatever the language or the event version', () => {
  let bed: TestBed;
  beforeAll(async () => {
    bed = await openTestBed('cancellationcodes');
    await bed.migrate(rideFactsProjection);
    const scenario = new Scenario(bed.store, '2026-03-04T06:00:00Z');
    const riderOf = (rideId: string): Actor => ({ userId: `${rideId}-rider`, role: 'passenger' });
    const words = { en: 'My plans changed', fr: 'Mes projets ont changé', zh: '我的计划有变' };
    for (const [language, reason] of Object.entries(words)) {
      await scenario.later(1).requestRide(`plans-${language}`, { riderId: `plans-${language}-rider` });
      await scenario.later(2).cancel(`plans-${language}`, riderOf(`plans-${language}`), reason, 'changed_plans');
    }
    await scenario.later(1).requestRide('typed', { riderId: 'typed-rider' });
    await scenario.later(2).cancel('typed', riderOf('typed'), 'Ndapeza galimoto ina', 'other');
    await scenario.later(1).requestRide('v1-typed', { riderId: 'v1-typed-rider' });
    await appendV1Cancellation(bed.store, 'v1-typed', 'Nasintha malingaliro', '2026-03-04T06:40:00.000Z');
    await scenario.later(1).requestRide('v1-declined', { riderId: 'v1-declined-rider', pricingMethod: 'bidding' });
    await appendV1Cancellation(bed.store, 'v1-declined', 'declined_all_bids', '2026-03-04T06:45:00.000Z');
    await projectUntilApplied({ ...bed, projection: rideFactsProjection, events: scenario.appendedTo('ride-') + 2 });
  });
  afterAll(() => bed.dispose());

  it('counts the same choice made in English, French and Chinese as one line', async () => {
    const lines = await cancellations(bed.db, { from: '2026-03-04', to: '2026-03-04' });
    expect(lines).toEqual([
      { reasonCode: 'changed_plans', stage: 'pending', cancelledBy: 'rider', count: 3 },
      // One typed under "other" today, one v1 text upcast to `other`.
      { reasonCode: 'other', stage: 'pending', cancelledBy: 'rider', count: 2 },
      { reasonCode: 'declined_all_bids', stage: 'pending', cancelledBy: 'rider', count: 1 },
    ]);
  });

  it('reads a v1 cancellation through its upcaster: its text kept, its code derived', async () => {
    const rows = await bed.db
      .selectFrom('rm_analytics_rides')
      .select(['ride_id', 'cancel_reason_code', 'cancel_reason'])
      .where('ride_id', 'like', 'v1-%')
      .orderBy('ride_id')
      .execute();
    expect(rows).toEqual([
      { ride_id: 'v1-declined', cancel_reason_code: 'declined_all_bids', cancel_reason: 'declined_all_bids' },
      { ride_id: 'v1-typed', cancel_reason_code: 'other', cancel_reason: 'Nasintha malingaliro' },
    ]);
  });
});
