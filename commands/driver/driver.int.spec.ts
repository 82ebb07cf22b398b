import { describe, expect, it } from 'vitest';
import { driverStream } from '../../domain/driverDuty/index.js';
import { suspendDriver } from '../driverVerification/index.js';
import { admin, context, driverOnDuty, eventTypes, expectRefused, onDriver, START, system, useWriteSideBed } from '../../tests/support/writeSideTestBed.js';
import { goOffline, goOnline } from './index.js';

const world = useWriteSideBed('driverduty', 'file');

describe('GoOnline', () => {
  it('puts an approved driver on duty with the vehicle from their verified application', async () => {
    const driver = await driverOnDuty(world.services, { vehicleType: 'car-xl', online: false });
    const result = await goOnline(world.services, { driverId: driver.driverId }, context(driver.actor));
    expect(result.events).toEqual([
      { type: 'DriverWentOnline', data: { driverId: driver.driverId, userId: driver.userId, vehicleType: 'car-xl', wentOnlineAt: START } },
    ]);
    expect(await eventTypes(world.services, driverStream(driver.driverId))).toEqual(['DriverWentOnline']);
  });

  it('refuses a driver still waiting for approval, and appends nothing', async () => {
    const driver = await driverOnDuty(world.services, { approved: false });
    await expectRefused(world.services, driverStream(driver.driverId), () => goOnline(world.services, { driverId: driver.driverId }, context(driver.actor)), 'driver_not_verified');
  });

  it('refuses a suspended driver', async () => {
    const driver = await driverOnDuty(world.services, { online: false });
    await suspendDriver(world.services, { driverId: driver.driverId, reason: 'complaints' }, context(admin));
    await expectRefused(world.services, driverStream(driver.driverId), () => goOnline(world.services, { driverId: driver.driverId }, context(driver.actor)), 'driver_not_verified');
  });

  it('refuses a user switching on somebody else’s driver', async () => {
    const driver = await driverOnDuty(world.services, { online: false });
    const impostor = { userId: 'user-impostor', role: 'driver' as const };
    await expectRefused(world.services, driverStream(driver.driverId), () => goOnline(world.services, { driverId: driver.driverId }, context(impostor)), 'forbidden');
  });
});

describe('GoOffline', () => {
  it('takes an online driver off duty', async () => {
    const driver = await driverOnDuty(world.services);
    const result = await goOffline(world.services, { driverId: driver.driverId }, context(driver.actor));
    expect(result.events).toEqual([{ type: 'DriverWentOffline', data: { driverId: driver.driverId, wentOfflineAt: START } }]);
    expect(await eventTypes(world.services, driverStream(driver.driverId))).toEqual(['DriverWentOnline', 'DriverWentOffline']);
  });

  it('refuses while the driver is engaged on a ride, and appends nothing', async () => {
    const driver = await driverOnDuty(world.services);
    await onDriver(world.services, { type: 'ReserveDriver', data: { driverId: driver.driverId, rideId: 'ride-1', vehicleType: 'car' }, actor: system });
    await expectRefused(world.services, driverStream(driver.driverId), () => goOffline(world.services, { driverId: driver.driverId }, context(driver.actor)), 'not_allowed_in_state');
  });

  it('refuses a passenger switching a driver off', async () => {
    const driver = await driverOnDuty(world.services);
    const passenger = { userId: 'user-passenger', role: 'passenger' as const };
    await expectRefused(world.services, driverStream(driver.driverId), () => goOffline(world.services, { driverId: driver.driverId }, context(passenger)), 'forbidden');
  });

  it('a repeated request (same command id) appends nothing the second time', async () => {
    const driver = await driverOnDuty(world.services);
    const once = context(driver.actor);
    await goOffline(world.services, { driverId: driver.driverId }, once);
    const again = await goOffline(world.services, { driverId: driver.driverId }, once);
    expect(again.repeated).toBe(true);
    expect(await eventTypes(world.services, driverStream(driver.driverId))).toEqual(['DriverWentOnline', 'DriverWentOffline']);
  });
});
