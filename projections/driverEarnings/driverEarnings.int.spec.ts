import { describe, expect, it } from 'vitest';
import { useScenarioBed } from '../../tests/support/projectionTestKit.js';
import { readModelRows } from '../runner/readModelRows.js';
import { rebuildProjection } from '../runner/rebuild.js';
import { projectUntilApplied } from '../../tests/support/projectUntilApplied.js';
import type { TestDriver } from '../../tests/support/rideScenarios.js';
import { streamPrefixes } from '../shared/storedEvents.js';
import type { DriverEarningsTables } from './driverEarnings.table.js';
import { driverEarningsProjection } from './projection.js';
import { earningsByDay, earningsSummary, rideEarnings } from './queries.js';

const mwale: TestDriver = { driverId: 'driver-mwale', userId: 'user-mwale', vehicleType: 'car' };
const banda: TestDriver = { driverId: 'driver-banda', userId: 'user-banda', vehicleType: 'car' };
const TRIP_MINUTES = 20; // Scenario.completedRide: request → completion

describe('driver earnings: completed rides, gross, 12 % commission and net per driver per Lusaka day', () => {
  const { bed, db, scenario } = useScenarioBed<DriverEarningsTables>('driverearnings', { projections: [driverEarningsProjection], start: '2026-02-20T06:00:00Z', onlineDrivers: [mwale, banda] });

  const project = (batchSize = 100) =>
    projectUntilApplied({ ...bed, projection: driverEarningsProjection, events: scenario.appendedTo(streamPrefixes.ride), batchSize });
  /** A whole ride for the driver that completes exactly at `completedAt`. */
  const completedAt = (completed: string, rideId: string, driver: TestDriver, fareNgwee: number) =>
    scenario.at(new Date(Date.parse(completed) - TRIP_MINUTES * 60_000).toISOString()).completedRide(rideId, `rider-${rideId}`, driver, fareNgwee);

  it('books each ride on the Lusaka day it was completed, and sums today, this week from Monday and all time', async () => {
    await completedAt('2026-03-01T21:59:00Z', 'sun-late', mwale, 5_000); // Sunday 23:59 in Lusaka
    await completedAt('2026-03-01T22:00:00Z', 'mon-midnight', mwale, 4_321); // Monday 00:00 in Lusaka
    await completedAt('2026-03-04T10:00:00Z', 'wed', mwale, 1_234);
    await completedAt('2026-03-08T21:30:00Z', 'sun-night', mwale, 2_000); // Sunday 23:30: still this week
    await completedAt('2026-03-08T22:10:00Z', 'next-mon', mwale, 1_000); // Monday 00:10: a new week
    await completedAt('2026-03-04T11:00:00Z', 'other-driver', banda, 9_900);
    await project();

    const day = (rides: number, grossNgwee: number, commissionNgwee: number, netNgwee: number) => ({ rides, grossNgwee, commissionNgwee, netNgwee });
    expect(await earningsByDay(db, mwale.driverId, { from: '2026-02-28', to: '2026-03-09' })).toEqual([
      { day: '2026-03-01', ...day(1, 5_000, 600, 4_400) },
      { day: '2026-03-02', ...day(1, 4_321, 519, 3_802) },
      { day: '2026-03-04', ...day(1, 1_234, 148, 1_086) },
      { day: '2026-03-08', ...day(1, 2_000, 240, 1_760) },
      { day: '2026-03-09', ...day(1, 1_000, 120, 880) },
    ]);
    const total = day(5, 13_555, 1_627, 11_928);

    expect(await earningsSummary(db, mwale.driverId, new Date('2026-03-01T22:30:00Z'))).toEqual({
      day: '2026-03-02', weekStartsOn: '2026-03-02', today: day(1, 4_321, 519, 3_802), thisWeek: day(1, 4_321, 519, 3_802), total,
    });
    expect(await earningsSummary(db, mwale.driverId, new Date('2026-03-08T21:45:00Z'))).toEqual({
      day: '2026-03-08', weekStartsOn: '2026-03-02', today: day(1, 2_000, 240, 1_760), thisWeek: day(3, 7_555, 907, 6_648), total,
    });
    expect(await earningsSummary(db, mwale.driverId, new Date('2026-03-09T06:00:00Z'))).toEqual({
      day: '2026-03-09', weekStartsOn: '2026-03-09', today: day(1, 1_000, 120, 880), thisWeek: day(1, 1_000, 120, 880), total,
    });
    expect(await earningsSummary(db, 'driver-nobody', new Date('2026-03-09T06:00:00Z'))).toMatchObject({ total: day(0, 0, 0, 0) });
    expect((await earningsByDay(db, banda.driverId, { from: '2026-03-01', to: '2026-03-31' })).map((row) => row.grossNgwee)).toEqual([9_900]);

    const lines = await rideEarnings(db, mwale.driverId, { limit: 2 });
    expect(lines).toEqual([
      { rideId: 'next-mon', day: '2026-03-09', completedAt: new Date('2026-03-08T22:10:00Z'), grossNgwee: 1_000, commissionNgwee: 120, netNgwee: 880 },
      { rideId: 'sun-night', day: '2026-03-08', completedAt: new Date('2026-03-08T21:30:00Z'), grossNgwee: 2_000, commissionNgwee: 240, netNgwee: 1_760 },
    ]);
    expect((await rideEarnings(db, mwale.driverId, { before: lines[1]!.completedAt })).map((line) => line.rideId)).toEqual(['wed', 'mon-midnight', 'sun-late']);
  });

  it('adds several rides of one day, counts only completed ones, and refuses a bad range', async () => {
    await completedAt('2026-03-04T08:00:00Z', 'a', mwale, 3_000);
    await completedAt('2026-03-04T09:00:00Z', 'b', mwale, 4_000);
    await scenario.requestRide('cancelled', { riderId: 'rider-c' });
    await scenario.acceptRide('cancelled', mwale);
    await scenario.cancel('cancelled', { userId: 'rider-c', role: 'passenger' });
    await project(1);
    expect(await earningsByDay(db, mwale.driverId, { from: '2026-03-04', to: '2026-03-04' })).toEqual([
      { day: '2026-03-04', rides: 2, grossNgwee: 7_000, commissionNgwee: 840, netNgwee: 6_160 },
    ]);
    await expect(earningsByDay(db, mwale.driverId, { from: '2026-03-05', to: '2026-03-04' })).rejects.toThrow('from');
    await expect(earningsByDay(db, mwale.driverId, { from: '2026-02-30', to: '2026-03-04' })).rejects.toThrow('from');
    await expect(earningsByDay(db, mwale.driverId, { from: '2025-01-01', to: '2026-03-04' })).rejects.toThrow('to');
  });

  it('gives the same rows from one batch, from one event per batch, and when the events are applied twice', async () => {
    await completedAt('2026-03-04T08:00:00Z', 'a', mwale, 3_000);
    await completedAt('2026-03-04T09:00:00Z', 'b', mwale, 4_000);
    await completedAt('2026-03-04T09:30:00Z', 'c', banda, 2_500);
    await project(1_000);
    const ledger = await readModelRows(db, 'rm_driver_earning_rides');
    const daily = await readModelRows(db, 'rm_driver_earnings_daily');
    expect(ledger).toHaveLength(3);
    expect(daily.map((row) => [row.driver_id, row.completed_rides, row.gross_ngwee])).toEqual([
      [banda.driverId, 1, '2500'],
      [mwale.driverId, 2, '7000'],
    ]);

    await rebuildProjection({ pool: bed.pool, store: bed.store, projection: driverEarningsProjection, batchSize: 1 });
    expect(await readModelRows(db, 'rm_driver_earning_rides')).toEqual(ledger);
    expect(await readModelRows(db, 'rm_driver_earnings_daily')).toEqual(daily);

    const again = await bed.store.readAll({ filter: driverEarningsProjection.filter });
    await db.transaction().execute((trx) => driverEarningsProjection.handle(trx, again.events));
    expect(await readModelRows(db, 'rm_driver_earnings_daily')).toEqual(daily);
  });
});
