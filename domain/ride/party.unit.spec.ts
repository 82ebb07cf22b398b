import { describe, expect, it } from 'vitest';
import { viewerOfRide } from './party.js';

describe('who a user is on a ride', () => {
  const people = { riderUserId: 'rider-1', driverUserId: 'driver-1' };

  it('is the rider or the driver by their kind of account and id, or an admin for every ride', () => {
    expect(viewerOfRide({ id: 'rider-1', userType: 'passenger' }, people)).toBe('rider');
    expect(viewerOfRide({ id: 'driver-1', userType: 'driver' }, people)).toBe('driver');
    expect(viewerOfRide({ id: 'anyone', userType: 'admin' }, people)).toBe('admin');
  });

  it('is nobody for another passenger, another driver, staff, or anyone before a driver is assigned', () => {
    expect(viewerOfRide({ id: 'rider-2', userType: 'passenger' }, people)).toBeNull();
    expect(viewerOfRide({ id: 'driver-2', userType: 'driver' }, people)).toBeNull();
    expect(viewerOfRide({ id: 'rider-1', userType: 'staff' }, people)).toBeNull();
    expect(viewerOfRide({ id: 'driver-1', userType: 'driver' }, { riderUserId: 'rider-1', driverUserId: null })).toBeNull();
  });
});
