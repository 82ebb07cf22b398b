import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptRide, requestRide } from '../../../commands/ride/index.js';
import { findDriverLocation } from '../../../commands/dispatch/index.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver, copperbeltUniversity, driverApplication, kitweCentre, settled, type TestDriver } from '../../../tests/support/fixtures/apiDrivers.js';

let bed: ApiTestBed;
let admin: SignedIn;
let rider: SignedIn;
let stranger: SignedIn;
beforeAll(async () => {
  bed = await startApiTestBed();
  [admin, rider, stranger] = await Promise.all([
    bed.signIn('admin'),
    bed.signIn('passenger', { fullName: 'Chanda Mulenga' }),
    bed.signIn('passenger'),
  ]);
});
afterAll(() => bed.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, who?: SignedIn, payload?: object) =>
  bed.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

describe('a driver from application to available', () => {
  it('applies, is approved, goes online and shows up for riders nearby — first name, vehicle, rating, distance only', async () => {
    const driver = await bed.signIn('driver', { fullName: 'Mwila Banda' });
    const applied = await call('POST', '/api/drivers/register', driver, driverApplication('car', 'BAF 4521'));
    expect(applied.statusCode).toBe(201);
    expect(applied.json()).toMatchObject({ driverId: driver.user.id, verificationStatus: 'pending', applications: 1 });

    await settled(bed);
    const own = await call('GET', `/api/drivers/user/${driver.user.id}`, driver);
    expect(own.json()).toMatchObject({ verificationStatus: 'pending', vehicle: { plateNumber: 'BAF 4521', type: 'car' }, isOnline: false });
    expect(own.json().documents).toHaveLength(6);

    // Not approved yet: going online is refused.
    const early = await call('PATCH', `/api/drivers/${driver.user.id}/status`, driver, { isOnline: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('driver_not_verified');

    expect((await call('PATCH', `/api/admin/drivers/${driver.user.id}/verify`, admin, { verificationStatus: 'approved' })).statusCode).toBe(
      200,
    );
    const online = await call('PATCH', `/api/drivers/${driver.user.id}/status`, driver, { isOnline: true, location: kitweCentre });
    expect(online.json()).toMatchObject({
      driverId: driver.user.id,
      status: 'online',
      isOnline: true,
      location: { ...kitweCentre, h3Cell: expect.any(String) },
    });
    await settled(bed);

    const near = await call(
      'GET',
      `/api/drivers/available?vehicleType=car&lat=${copperbeltUniversity.lat}&lng=${copperbeltUniversity.lng}`,
      rider,
    );
    expect(near.statusCode).toBe(200);
    const listed = near.json().drivers.find((d: { driverId: string }) => d.driverId === driver.user.id);
    expect(listed).toEqual({
      driverId: driver.user.id,
      firstName: 'Mwila',
      vehicle: { make: 'Toyota', model: 'Corolla', colour: 'Silver', type: 'car' },
      rating: null,
      distanceKm: expect.closeTo(3.4, 0),
    });
    expect(near.json().count).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/api/drivers/available?vehicleType=motorcycle', rider)).json()).toMatchObject({ count: 0, drivers: [] });

    const offline = await call('PATCH', `/api/drivers/${driver.user.id}/status`, driver, { isOnline: false });
    expect(offline.json()).toMatchObject({ status: 'offline', isOnline: false, location: null });
    await settled(bed);
    const after = (await call('GET', '/api/drivers/available?vehicleType=car', rider)).json();
    expect(after.drivers.map((d: { driverId: string }) => d.driverId)).not.toContain(driver.user.id);
  });

  it('refuses applications from visitors and passengers, and incomplete ones naming what is wrong', async () => {
    expect((await call('POST', '/api/drivers/register', undefined, driverApplication())).statusCode).toBe(401);
    // The guard runs before validation: a stranger learns nothing from a 400 either.
    expect((await call('POST', '/api/drivers/register', undefined, {})).statusCode).toBe(401);
    expect((await call('POST', '/api/drivers/register', rider, {})).statusCode).toBe(403);
    expect((await call('POST', '/api/drivers/register', rider, driverApplication())).json()).toMatchObject({ code: 'forbidden_role' });

    const driver = await bed.signIn('driver');
    const { documents, ...rest } = driverApplication();
    const missing = await call('POST', '/api/drivers/register', driver, { ...rest, documents: documents.slice(1) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/driving licence is missing/);

    const badYear = await call('POST', '/api/drivers/register', driver, { ...rest, documents, vehicle: { ...rest.vehicle, year: 'new' } });
    expect(badYear.statusCode).toBe(400);
    expect(badYear.json().issues[0].field).toBe('body.vehicle.year');
  });
});

describe('who sees a driver', () => {
  let driver: TestDriver;
  beforeAll(async () => {
    driver = await approvedDriver(bed, admin, { fullName: 'Mutale Phiri' });
    expect((await call('PATCH', `/api/admin/users/${driver.driverId}`, admin, { phone: '0971 234 567' })).statusCode).toBe(200);
  });

  it("shows the rider of the driver's ride the name, phone, plate and vehicle; strangers get 403", async () => {
    const context = (who: SignedIn) => ({ commandId: randomUUID(), actor: { userId: who.user.id, role: who.user.userType } });
    const { rideId } = await requestRide(
      bed.commands,
      {
        vehicleType: 'car',
        pickup: { ...kitweCentre, address: 'Kitwe CBD' },
        dropoff: { ...copperbeltUniversity, address: 'CBU' },
        pricingMethod: 'fixed',
        paymentMethod: 'cash',
        passengerCount: 1,
      },
      context(rider),
    );
    await settled(bed);
    // Before the driver takes the ride, the rider is a stranger to them.
    expect((await call('GET', `/api/drivers/${driver.driverId}`, rider)).statusCode).toBe(403);

    await acceptRide(bed.commands, { rideId, driverId: driver.driverId }, context(driver));
    await settled(bed);
    const card = await call('GET', `/api/drivers/${driver.driverId}`, rider);
    expect(card.statusCode).toBe(200);
    expect(card.json()).toMatchObject({
      driverId: driver.driverId,
      fullName: 'Mutale Phiri',
      phoneNumber: '+260971234567',
      vehicle: { make: 'Toyota', model: 'Corolla', colour: 'Silver', plateNumber: expect.stringMatching(/^ABC /) },
    });
    expect((await call('GET', `/api/drivers/${driver.driverId}`, stranger)).statusCode).toBe(403);
    expect((await call('GET', `/api/drivers/${driver.driverId}`, driver)).statusCode).toBe(200);
    expect((await call('GET', `/api/drivers/${driver.driverId}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/drivers/${driver.driverId}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/drivers/${randomUUID()}`, admin)).statusCode).toBe(404);
  });

  it('shows a driver profile to its own user and to admins only', async () => {
    expect((await call('GET', `/api/drivers/user/${driver.driverId}`, admin)).json()).toMatchObject({ verificationStatus: 'approved' });
    expect((await call('GET', `/api/drivers/user/${driver.driverId}`, stranger)).statusCode).toBe(403);
    expect((await call('GET', `/api/drivers/user/${stranger.user.id}`, stranger)).statusCode).toBe(404);
    const notAnId = await call('GET', '/api/drivers/user/not-a-uuid', admin);
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().issues[0].field).toBe('params.userId');
  });
});

describe('duty and position', () => {
  let driver: TestDriver;
  let other: TestDriver;
  beforeAll(async () => {
    [driver, other] = await Promise.all([approvedDriver(bed, admin, { online: false }), approvedDriver(bed, admin)]);
  });

  it('keeps a position only while the driver is online, and only their own', async () => {
    const ping = (who: SignedIn, driverId: string, payload: object) => call('POST', `/api/drivers/${driverId}/location`, who, payload);
    expect((await ping(driver, driver.driverId, kitweCentre)).json()).toMatchObject({ code: 'driver_offline' });
    expect(await findDriverLocation(bed.db, driver.driverId)).toBeUndefined();

    const recorded = await ping(other, other.driverId, { lat: -12.81, lng: 28.22, heading: 90 });
    expect(recorded.json()).toMatchObject({ stored: true, h3Cell: expect.any(String) });
    expect(await findDriverLocation(bed.db, other.driverId)).toMatchObject({ lat: -12.81, lng: 28.22, heading: 90 });

    expect((await ping(driver, other.driverId, kitweCentre)).statusCode).toBe(403);
    expect((await ping(rider, rider.user.id, kitweCentre)).statusCode).toBe(403);
    const wrong = await ping(other, other.driverId, { lat: 100, lng: 28 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].field).toBe('body.lat');
  });

  it('lets drivers switch only themselves, and admins only take a driver off duty', async () => {
    expect((await call('PATCH', `/api/drivers/${other.driverId}/status`, driver, { isOnline: false })).statusCode).toBe(403);
    const noFlag = await call('PATCH', `/api/drivers/${driver.driverId}/status`, driver, { location: kitweCentre });
    expect(noFlag.statusCode).toBe(400);
    expect(noFlag.json().issues[0].field).toBe('body.isOnline');
    expect((await call('PATCH', `/api/drivers/${other.driverId}/status`, rider, { isOnline: false })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/drivers/${other.driverId}/status`, admin, { isOnline: true })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/drivers/${other.driverId}/status`, admin, { isOnline: false })).json()).toMatchObject({
      status: 'offline',
    });
    expect((await call('PATCH', `/api/drivers/${randomUUID()}/status`, admin, { isOnline: false })).statusCode).toBe(404);
  });

  it('makes a retried switch with the same Idempotency-Key one command, and refuses a malformed key', async () => {
    const headers = { ...driver.headers, 'idempotency-key': `online-${randomUUID()}` };
    const first = await bed.app.inject({
      method: 'PATCH',
      url: `/api/drivers/${driver.driverId}/status`,
      headers,
      payload: { isOnline: true },
    });
    const retry = await bed.app.inject({
      method: 'PATCH',
      url: `/api/drivers/${driver.driverId}/status`,
      headers,
      payload: { isOnline: true },
    });
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    const duty = await bed.store.readStream(`driver-${driver.driverId}`);
    expect(duty.filter((event) => event.type === 'DriverWentOnline')).toHaveLength(1);
    expect(duty.at(-1)!.metadata).toMatchObject({
      userId: driver.driverId,
      role: 'driver',
      correlationId: first.headers['x-correlation-id'],
    });

    const bad = await bed.app.inject({
      method: 'PATCH',
      url: `/api/drivers/${driver.driverId}/status`,
      headers: { ...driver.headers, 'idempotency-key': 'short' },
      payload: { isOnline: false },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].field).toBe('headers.idempotency-key');
  });
});
