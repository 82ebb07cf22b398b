import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useScenarioBed } from '../../tests/support/projectionTestKit.js';
import { readModelRows } from '../runner/readModelRows.js';
import { rebuildProjection } from '../runner/rebuild.js';
import { projectUntilApplied } from '../../tests/support/projectUntilApplied.js';
import type { TestDriver } from '../../tests/support/rideScenarios.js';
import { streamPrefixes } from '../shared/storedEvents.js';
import type { PlatformStatsTables } from './platformStats.table.js';
import { platformStatsProjection } from './projection.js';
import { dashboardStats } from './queries.js';

const driver = (name: string): TestDriver => ({ driverId: `driver-${name}`, userId: `user-${name}`, vehicleType: 'car' });
const [mwila, phiri, banda, tembo, lungu, kalaba] = ['mwila', 'phiri', 'banda', 'tembo', 'lungu', 'kalaba'].map(driver) as [
  TestDriver, TestDriver, TestDriver, TestDriver, TestDriver, TestDriver,
];
const now = new Date('2026-03-04T10:00:00Z'); // Wednesday, 12:00 in Lusaka

describe('platform stats: the admin dashboard\'s counters', () => {
  const { bed, db, scenario } = useScenarioBed('platformstats', { projections: [platformStatsProjection], start: '2026-03-01T06:00:00Z' });

  const project = (batchSize = 100) =>
    projectUntilApplied({
      ...bed,
      projection: platformStatsProjection,
      events: scenario.appendedTo(streamPrefixes.ride, streamPrefixes.driverVerification, streamPrefixes.driverDuty),
      batchSize,
    });

  async function aBusyDay() {
    for (const approved of [mwila, phiri, lungu, kalaba]) {
      await scenario.approvedDriver(approved);
      await scenario.goOnline(approved);
    }
    await scenario.apply(banda);
    await scenario.apply(tembo);
    await scenario.review(tembo, 'RejectDriver', 'blurred NRC');
    await scenario.apply(tembo);
    await scenario.goOffline(lungu);
    await scenario.review(lungu, 'SuspendDriver', 'complaints');
    await scenario.goOffline(kalaba);

    await scenario.at('2026-03-03T07:40:00Z').completedRide('yesterday', 'rider-1', mwila, 5_000);
    await scenario.at('2026-03-03T22:30:00Z').requestRide('after-midnight', { riderId: 'rider-2' }); // 00:30 on the 4th in Lusaka
    await scenario.at('2026-03-04T06:00:00Z').completedRide('today', 'rider-3', mwila, 4_321);
    await scenario.requestRide('accepted', { riderId: 'rider-4' });
    await scenario.acceptRide('accepted', phiri);
    await scenario.requestRide('cancelled', { riderId: 'rider-5' });
    await scenario.cancel('cancelled', { userId: 'rider-5', role: 'passenger' });
    await scenario.requestRide('expired', { riderId: 'rider-6' });
    await scenario.later(11).expire('expired');
    await scenario.requestRide('tomorrow', { riderId: 'rider-7', scheduledFor: '2026-03-05T06:00:00Z' });
    await scenario.requestRide('scheduled-cancelled', { riderId: 'rider-8', scheduledFor: '2026-03-05T07:00:00Z' });
    await scenario.cancel('scheduled-cancelled', { userId: 'rider-8', role: 'passenger' });
    await scenario.requestRide('dispatched', { riderId: 'rider-9', scheduledFor: '2026-03-04T09:00:00Z' });
    await scenario.at('2026-03-04T08:45:00Z').dispatch('dispatched');
  }

  it('counts rides today, live and scheduled rides, revenue, and drivers by status and on duty', async () => {
    await aBusyDay();
    await project();

    const stats = await dashboardStats(db, now, { days: 3 });
    expect(stats).toEqual({
      today: '2026-03-04',
      ridesToday: 6, // after-midnight, today, accepted, cancelled, expired, dispatched
      liveRides: 3, // after-midnight, accepted, dispatched
      scheduledRides: 1,
      totalRides: 7,
      completedRides: 2,
      revenueNgwee: 9_321,
      revenueTodayNgwee: 4_321,
      commissionNgwee: 600 + 519,
      totalDrivers: 6,
      pendingDrivers: 2,
      approvedDrivers: 3,
      rejectedDrivers: 0,
      suspendedDrivers: 1,
      activeDrivers: 2,
      daily: [
        { day: '2026-03-02', rides: 0, completed: 0, cancelled: 0, expired: 0, revenueNgwee: 0, commissionNgwee: 0 },
        { day: '2026-03-03', rides: 1, completed: 1, cancelled: 0, expired: 0, revenueNgwee: 5_000, commissionNgwee: 600 },
        { day: '2026-03-04', rides: 6, completed: 1, cancelled: 2, expired: 1, revenueNgwee: 4_321, commissionNgwee: 519 },
      ],
    });
    expect((await dashboardStats(db, new Date('2026-03-03T21:59:00Z'))).ridesToday).toBe(1);
    await expect(dashboardStats(db, now, { days: 0 })).rejects.toThrow('days');
  });

  it('answers zeros before anything happened', async () => {
    const stats = await dashboardStats(db, now, { days: 1 });
    expect(stats).toMatchObject({ ridesToday: 0, liveRides: 0, revenueNgwee: 0, totalDrivers: 0, activeDrivers: 0 });
    expect(stats.daily).toEqual([{ day: '2026-03-04', rides: 0, completed: 0, cancelled: 0, expired: 0, revenueNgwee: 0, commissionNgwee: 0 }]);
  });

  it('gives the same rows from one batch, from one event per batch, and when the events are applied twice', async () => {
    await aBusyDay();
    await project(1_000);
    const daily = await readModelRows(db, 'rm_platform_daily');
    const totals = await readModelRows(db, 'rm_platform_totals');
    expect(totals).toHaveLength(1);

    await rebuildProjection({ pool: bed.pool, store: bed.store, projection: platformStatsProjection, batchSize: 1 });
    expect(await readModelRows(db, 'rm_platform_daily')).toEqual(daily);
    expect(await readModelRows(db, 'rm_platform_totals')).toEqual(totals);

    const again = await bed.store.readAll({ filter: platformStatsProjection.filter });
    const readModel: Kysely<PlatformStatsTables> = db;
    await readModel.transaction().execute((trx) => platformStatsProjection.handle(trx, again.events));
    expect(await readModelRows(db, 'rm_platform_daily')).toEqual(daily);
    expect(await readModelRows(db, 'rm_platform_totals')).toEqual(totals);
  });
});
