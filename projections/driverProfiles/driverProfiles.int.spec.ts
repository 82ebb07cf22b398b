import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useScenarioBed } from '../../tests/support/projectionTestKit.js';
import { readModelRows } from '../runner/readModelRows.js';
import { rebuildProjection } from '../runner/rebuild.js';
import { projectUntilApplied } from '../../tests/support/projectUntilApplied.js';
import type { TestDriver } from '../../tests/support/rideScenarios.js';
import { streamPrefixes } from '../shared/storedEvents.js';
import type { DriverProfilesTables } from './driverProfiles.table.js';
import { driverProfilesProjection } from './projection.js';
import { availableDrivers, driverById, driverByUserId, driversForAdmin } from './queries.js';

const mwila: TestDriver = { driverId: 'driver-mwila', userId: 'user-mwila', vehicleType: 'car' };
const banda: TestDriver = { driverId: 'driver-banda', userId: 'user-banda', vehicleType: 'car' };
const tembo: TestDriver = { driverId: 'driver-tembo', userId: 'user-tembo', vehicleType: 'motorcycle' };
const lungu: TestDriver = { driverId: 'driver-lungu', userId: 'user-lungu', vehicleType: 'truck' };
const rider = (userId: string) => ({ userId, role: 'passenger' as const });

describe('driver profiles: application, decision, duty and riders\' ratings per driver', () => {
  const { bed, db, scenario } = useScenarioBed('driverprofiles', { projections: [driverProfilesProjection], start: '2026-03-02T06:00:00Z' });

  const project = (batchSize = 100) =>
    projectUntilApplied({
      ...bed,
      projection: driverProfilesProjection,
      events: scenario.appendedTo(streamPrefixes.driverVerification, streamPrefixes.driverDuty, streamPrefixes.ride),
      batchSize,
    });

  it('follows a driver from application through rejection, resubmission, approval, duty, suspension and reinstatement', async () => {
    await scenario.apply(mwila, 'baf 4521');
    await project();
    expect(await driverById(db, mwila.driverId)).toMatchObject({
      user_id: mwila.userId, verification_status: 'pending', licence_number: 'ZL-driver-mwila', vehicle_make: 'Toyota',
      vehicle_model: 'Corolla', vehicle_year: 2016, vehicle_colour: 'Silver', plate_number: 'BAF 4521', vehicle_type: 'car',
      applications: 1, submitted_at: new Date('2026-03-02T06:00:00Z'), online: false, rating: null, completed_rides: 0,
      created_at: new Date('2026-03-02T06:00:00Z'),
    });
    expect((await driverById(db, mwila.driverId))!.documents).toContainEqual({ kind: 'insurance', reference: 'INSURANCE-6', expiresOn: '2028-12-31' });

    await scenario.later(60).review(mwila, 'RejectDriver', 'police clearance unreadable');
    await project();
    expect(await driverById(db, mwila.driverId)).toMatchObject({
      verification_status: 'rejected', decided_by: 'admin-phiri', decision_reason: 'police clearance unreadable',
      decided_at: new Date('2026-03-02T07:00:00Z'),
    });

    await scenario.later(60).apply(mwila, 'BAF 4521');
    await scenario.later(30).review(mwila, 'ApproveDriver');
    await scenario.goOnline(mwila);
    await project();
    expect(await driverByUserId(db, mwila.userId)).toMatchObject({
      driver_id: mwila.driverId, verification_status: 'approved', applications: 2, decision_reason: null,
      online: true, on_duty_vehicle_type: 'car', online_since: new Date('2026-03-02T08:30:00Z'), engaged_ride_id: null,
      created_at: new Date('2026-03-02T06:00:00Z'),
    });
    expect((await availableDrivers(db, 'car')).map((driver) => driver.driver_id)).toEqual([mwila.driverId]);
    expect(await availableDrivers(db, 'truck')).toEqual([]);

    await scenario.requestRide('r1', { riderId: 'user-chanda' });
    await scenario.acceptRide('r1', mwila);
    await project();
    expect(await driverById(db, mwila.driverId)).toMatchObject({ engaged_ride_id: 'r1', online: true });
    expect(await availableDrivers(db, 'car')).toEqual([]);

    await scenario.cancel('r1', rider('user-chanda'));
    await scenario.release(mwila, 'r1', 'ride_cancelled');
    await scenario.review(mwila, 'SuspendDriver', 'complaints under review');
    await project();
    expect(await driverById(db, mwila.driverId)).toMatchObject({ verification_status: 'suspended', engaged_ride_id: null, online: true });
    expect(await availableDrivers(db, 'car')).toEqual([]);

    await scenario.review(mwila, 'ReinstateDriver');
    await project();
    expect((await availableDrivers(db, 'car')).map((driver) => driver.driver_id)).toEqual([mwila.driverId]);
    await scenario.goOffline(mwila);
    await project();
    expect(await driverById(db, mwila.driverId)).toMatchObject({ online: false, online_since: null });
    expect(await availableDrivers(db, 'car')).toEqual([]);
  });

  it('averages the stars riders gave on the driver\'s own rides, to one decimal, and counts completed rides', async () => {
    for (const driver of [mwila, banda]) {
      await scenario.approvedDriver(driver);
      await scenario.goOnline(driver);
    }
    const stars = [5, 4, 4];
    for (const [index, given] of stars.entries()) {
      await scenario.completedRide(`m${index}`, `rider-${index}`, mwila);
      await scenario.rate(`m${index}`, rider(`rider-${index}`), given);
      await scenario.rate(`m${index}`, { userId: mwila.userId, role: 'driver' }, 1); // the driver rating the rider: not theirs
    }
    await scenario.completedRide('m3', 'rider-3', mwila); // completed, never rated
    await scenario.completedRide('b0', 'rider-0', banda);
    await scenario.rate('b0', rider('rider-0'), 2);
    await project(7); // batches cut across rides

    expect(await driverById(db, mwila.driverId)).toMatchObject({ rating: 4.3, rating_count: 3, rating_total: 13, completed_rides: 4 });
    expect(await driverById(db, banda.driverId)).toMatchObject({ rating: 2, rating_count: 1, completed_rides: 1 });
  });

  it('lists drivers for the admin with counts per status, by search, tab and matching users', async () => {
    await scenario.approvedDriver(mwila);
    await scenario.goOnline(mwila);
    await scenario.later(1).apply(banda, 'ALF 100');
    await scenario.later(1).apply(tembo, 'BCD 200');
    await scenario.review(tembo, 'RejectDriver', 'expired licence');
    await scenario.later(1).approvedDriver(lungu);
    await scenario.review(lungu, 'SuspendDriver', 'unsafe driving');
    await project();

    const all = await driversForAdmin(db);
    expect(all.counts).toEqual({ total: 4, pending: 1, approved: 1, rejected: 1, suspended: 1, onlineNow: 1 });
    expect(all.drivers.map((driver) => driver.driver_id)).toEqual([lungu.driverId, tembo.driverId, banda.driverId, mwila.driverId]);

    const pending = await driversForAdmin(db, { status: 'pending' });
    expect(pending.drivers.map((driver) => driver.driver_id)).toEqual([banda.driverId]);
    expect(pending.counts.total).toBe(4);

    const byPlate = await driversForAdmin(db, { search: 'alf 1' });
    expect(byPlate.drivers.map((driver) => driver.driver_id)).toEqual([banda.driverId]);
    expect(byPlate.counts).toEqual({ total: 1, pending: 1, approved: 0, rejected: 0, suspended: 0, onlineNow: 0 });

    const byUser = await driversForAdmin(db, { search: 'Mwila Phiri', matchingUserIds: [mwila.userId] });
    expect(byUser.drivers.map((driver) => driver.driver_id)).toEqual([mwila.driverId]);
    expect((await driversForAdmin(db, { search: '100%' })).drivers).toEqual([]);
  });

  it('gives the same rows from one batch, from one event per batch, and when the events are applied twice', async () => {
    await scenario.approvedDriver(mwila);
    await scenario.goOnline(mwila);
    await scenario.completedRide('m0', 'rider-0', mwila);
    await scenario.rate('m0', rider('rider-0'), 5);
    await scenario.apply(banda);
    await scenario.completedRide('m1', 'rider-1', mwila, 6_000);
    await scenario.rate('m1', rider('rider-1'), 3);
    await project(1_000);
    const profiles = await readModelRows(db, 'rm_driver_profiles');
    const links = await readModelRows(db, 'rm_driver_profile_rides');
    expect(profiles.find((row) => row.driver_id === mwila.driverId)).toMatchObject({ rating: 4, completed_rides: 2 });
    expect(links).toHaveLength(2);

    await rebuildProjection({ pool: bed.pool, store: bed.store, projection: driverProfilesProjection, batchSize: 1 });
    expect(await readModelRows(db, 'rm_driver_profiles')).toEqual(profiles);
    expect(await readModelRows(db, 'rm_driver_profile_rides')).toEqual(links);

    const again = await bed.store.readAll({ filter: driverProfilesProjection.filter });
    const readModel: Kysely<DriverProfilesTables> = db;
    await readModel.transaction().execute((trx) => driverProfilesProjection.handle(trx, again.events));
    expect(await readModelRows(db, 'rm_driver_profiles')).toEqual(profiles);
    expect(await readModelRows(db, 'rm_driver_profile_rides')).toEqual(links);
  });
});
