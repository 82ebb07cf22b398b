import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver as approvedDriverOverHttp, kitweCentre } from '../../../tests/support/fixtures/apiDrivers.js';
import { call, places, rideRequest, settled } from '../../../tests/journeys/kit.js';

/**
 * One account, two roles: a rider takes up driving on the same account (and a driver riding).
 * Every route checks the roles the account holds, on the server; a two-role account acts on a
 * ride in the role it has there, and never takes its own booking.
 */
let bed: ApiTestBed;
let admin: SignedIn;
beforeAll(async () => {
  bed = await startApiTestBed();
  admin = await bed.signIn('admin');
});
afterAll(() => bed?.close());

const takeUp = (who: SignedIn, role: unknown) => call(bed, who, 'POST', '/api/auth/roles', { role });
const driverRides = (who: SignedIn) => call(bed, who, 'GET', `/api/rides/driver/${who.user.id}`);
const myRides = (who: SignedIn) => call(bed, who, 'GET', '/api/rides/mine');

describe('authorization by the roles an account holds', () => {
  it('refuses a rider-only account the driver routes, and a driver-only account the rider routes', async () => {
    const [rider, driver] = await Promise.all([bed.signIn('passenger'), bed.signIn('driver')]);

    expect((await myRides(rider)).status).toBe(200);
    const refusedDriving = await driverRides(rider);
    expect(refusedDriving.status).toBe(403);
    expect(refusedDriving.body).toMatchObject({ code: 'forbidden_role', requiredRoles: ['driver', 'admin'] });
    expect((await call(bed, rider, 'PATCH', `/api/drivers/${rider.user.id}/status`, { isOnline: true })).status).toBe(403);

    expect((await driverRides(driver)).status).toBe(200);
    const refusedRiding = await myRides(driver);
    expect(refusedRiding.status).toBe(403);
    expect(refusedRiding.body).toMatchObject({ code: 'forbidden_role', requiredRoles: ['passenger'] });
    expect((await call(bed, driver, 'POST', '/api/rides', rideRequest())).status).toBe(403);
  });

  it('lets a rider take up driving on the same account, which may then do both', async () => {
    const rider = await bed.signIn('passenger');
    const before = await call(bed, rider, 'GET', '/api/auth/session');
    expect(before.body.user.roles).toEqual(['passenger']);

    const taken = await takeUp(rider, 'driver');
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ id: rider.user.id, userType: 'passenger', roles: ['passenger', 'driver'] });
    expect((await call(bed, rider, 'GET', '/api/auth/session')).body.user.roles).toEqual(['passenger', 'driver']);

    // The same session, no new sign-in: both sides' routes now answer.
    expect((await driverRides(rider)).status).toBe(200);
    expect((await myRides(rider)).status).toBe(200);
    expect((await call(bed, rider, 'POST', '/api/rides', rideRequest())).status).toBe(201);

    // Taking it up again changes nothing.
    const again = await takeUp(rider, 'driver');
    expect(again.status).toBe(200);
    expect(again.body.roles).toEqual(['passenger', 'driver']);
  });

  it('lets a driver take up riding, and lists the account under both kinds for the admin', async () => {
    const driver = await bed.signIn('driver');
    expect((await takeUp(driver, 'passenger')).body.roles).toEqual(['driver', 'passenger']);
    expect((await myRides(driver)).status).toBe(200);

    const asDrivers = await call(bed, admin, 'GET', `/api/admin/users?type=driver&search=${encodeURIComponent(driver.email)}`);
    const asPassengers = await call(bed, admin, 'GET', `/api/admin/users?type=passenger&search=${encodeURIComponent(driver.email)}`);
    expect(asDrivers.body.users.map((user: { id: string }) => user.id)).toEqual([driver.user.id]);
    expect(asPassengers.body.users).toEqual([expect.objectContaining({ id: driver.user.id, userType: 'driver', roles: ['driver', 'passenger'] })]);
  });

  it('answers bad input with a 400 naming the field, and refuses admin and staff accounts', async () => {
    const rider = await bed.signIn('passenger');
    for (const role of ['admin', 'staff', 'pilot', 7, null]) {
      const refused = await takeUp(rider, role);
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('role');
    }
    expect((await call(bed, rider, 'POST', '/api/auth/roles', {})).status).toBe(400);
    expect((await call(bed, null, 'POST', '/api/auth/roles', { role: 'driver' })).status).toBe(401);
    const staff = await bed.signIn('staff');
    expect((await takeUp(admin, 'driver')).status).toBe(403);
    expect((await takeUp(staff, 'passenger')).status).toBe(403);
    expect((await call(bed, rider, 'GET', '/api/auth/session')).body.user.roles).toEqual(['passenger']);
  });

  it('makes an account one kind again when an admin changes its kind (and takes it off duty)', async () => {
    const rider = await bed.signIn('passenger');
    await takeUp(rider, 'driver');
    const edited = await call(bed, admin, 'PATCH', `/api/admin/users/${rider.user.id}`, { userType: 'driver' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ userType: 'driver', roles: ['driver'] });
    expect((await myRides(rider)).status).toBe(403);
  });
});

describe('a two-role account on rides', () => {
  it('drives other riders, rides as a rider, and never takes or hears of its own booking', async () => {
    // A rider who took up driving, applied and was approved, online in Kitwe.
    const both = await approvedDriverOverHttp(bed, admin, { fullName: 'Chanda Mulenga', location: kitweCentre, online: false });
    expect((await takeUp(both, 'passenger')).status).toBe(200);
    expect((await call(bed, both, 'PATCH', `/api/drivers/${both.user.id}/status`, { isOnline: true, location: kitweCentre })).status).toBe(200);
    await settled(bed);

    // Its own booking: a rider there (it cancels it as the rider), never on its list of rides to take.
    const own = await call(bed, both, 'POST', '/api/rides', rideRequest({ paymentMethod: 'cash' }));
    expect(own.status).toBe(201);
    const ownId = own.body.id as string;
    await settled(bed);
    const pending = await call(bed, both, 'GET', '/api/rides/pending/car');
    expect(pending.status).toBe(200);
    expect(pending.body.rides.map((ride: { id: string }) => ride.id)).not.toContain(ownId);
    const takeOwn = await call(bed, both, 'PATCH', `/api/rides/${ownId}`, { status: 'accepted' });
    expect(takeOwn.status).toBe(409);
    expect(takeOwn.body.code).toBe('own_ride');
    const cancelled = await call(bed, both, 'POST', `/api/rides/${ownId}/cancel`, { reason: 'Changed my plans' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');

    // Someone else's booking: it takes it as a driver, and acts on it as the driver.
    const rider = await bed.signIn('passenger');
    const theirs = await call(bed, rider, 'POST', '/api/rides', rideRequest({ pickupLocation: places.parklands, paymentMethod: 'cash' }));
    const rideId = theirs.body.id as string;
    await settled(bed);
    expect((await call(bed, both, 'GET', '/api/rides/pending/car')).body.rides.map((ride: { id: string }) => ride.id)).toContain(rideId);
    expect((await call(bed, both, 'PATCH', `/api/rides/${rideId}`, { status: 'accepted' })).status).toBe(200);
    const arrived = await call(bed, both, 'POST', `/api/rides/${rideId}/arrive`);
    expect(arrived.status).toBe(200);
    expect(arrived.body.status).toBe('arrived');
    // It is the driver on this ride, not its rider: the rider's own steps stay the rider's, and a
    // step open to both sides is taken as the driver (the route would otherwise pick riding first).
    expect((await call(bed, both, 'POST', `/api/rides/${rideId}/reissue-pin`)).status).toBe(403);
    await settled(bed);
    expect((await call(bed, both, 'GET', `/api/rides/${rideId}`)).body.driverId).toBe(both.user.id);
    const driverCancels = await call(bed, both, 'POST', `/api/rides/${rideId}/cancel`, { reason: 'Flat tyre' });
    expect(driverCancels.status).toBe(200);
    expect(driverCancels.body.status).toBe('cancelled');
    await settled(bed);
    const drivenList = await driverRides(both);
    expect(drivenList.body.rides.map((ride: { id: string }) => ride.id)).toContain(rideId);
    const riddenList = await myRides(both);
    expect(riddenList.body.rides.map((ride: { id: string }) => ride.id)).toEqual([ownId]);
  });
});
