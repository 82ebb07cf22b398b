import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver, call, places, rideRequest, settled, type TestDriver } from '../../../tests/journeys/kit.js';

let bed: ApiTestBed;
let rider: SignedIn;
let otherRider: SignedIn;
let driver: TestDriver;
let otherDriver: TestDriver;
let motorcyclist: TestDriver;
let admin: SignedIn;
let staff: SignedIn;
let rideId: string;
let pendingRideId: string;
beforeAll(async () => {
  bed = await startApiTestBed();
  [rider, otherRider, driver, otherDriver, motorcyclist, admin, staff] = await Promise.all([
    bed.signIn('passenger', { fullName: 'Chanda Mulenga' }),
    bed.signIn('passenger'),
    approvedDriver(bed, { at: places.parklands, fullName: 'Mwila Tembo' }),
    approvedDriver(bed, { at: places.freedomPark }),
    approvedDriver(bed, { vehicleType: 'motorcycle' }),
    bed.signIn('admin'),
    bed.signIn('staff'),
  ]);
  // One ride taken by `driver`, one still looking for a driver.
  rideId = (await call(bed, rider, 'POST', '/api/rides', rideRequest({ notes: 'blue gate' }))).body.id;
  expect((await call(bed, driver, 'PATCH', `/api/rides/${rideId}`, { status: 'accepted' })).status).toBe(200);
  pendingRideId = (await call(bed, rider, 'POST', '/api/rides', rideRequest({ pricingMethod: 'bidding', proposedFare: 40 }))).body.id;
  await settled(bed);
});
afterAll(() => bed.close());

describe('GET /api/rides/:rideId', () => {
  it('shows the rider their PIN, driver card, driver position and ETA', async () => {
    const { status, body } = await call(bed, rider, 'GET', `/api/rides/${rideId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: rideId,
      status: 'accepted',
      progress: 25,
      passengerId: rider.user.id,
      notes: 'blue gate',
      pin: { status: 'issued', attemptsLeft: 5 },
      driver: { driverId: driver.driverId, fullName: 'Mwila Tembo', vehicle: { make: 'Toyota', model: 'Corolla', colour: 'Silver', plateNumber: 'ABZ 123' } },
      driverLocation: { lat: places.parklands.lat, lng: places.parklands.lng },
      eta: { to: 'pickup', basis: 'straight_line_30kmh' },
    });
    expect(body.pin.code).toMatch(/^[1-9]\d{3}$/);
    // About 1.1 km at 30 km/h.
    expect(body.eta.minutes).toBe(3);
  });

  it('shows the assigned driver and an admin the ride without the PIN', async () => {
    const { body: pinHolder } = await call(bed, rider, 'GET', `/api/rides/${rideId}`);
    for (const who of [driver, admin]) {
      const answer = await call(bed, who, 'GET', `/api/rides/${rideId}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 'accepted', pin: null, driver: { driverId: driver.driverId } });
      expect(answer.text).not.toContain(`"${pinHolder.pin.code}"`);
    }
    expect((await call(bed, driver, 'GET', `/api/rides/${rideId}`)).body.passengerId).toBeNull();
    expect((await call(bed, admin, 'GET', `/api/rides/${rideId}`)).body.passengerId).toBe(rider.user.id);
  });

  it('answers 404 to everyone else as for a ride that does not exist, 401 to a visitor, 400 to a malformed id', async () => {
    for (const who of [otherRider, otherDriver, staff]) {
      const answer = await call(bed, who, 'GET', `/api/rides/${rideId}`);
      expect([answer.status, answer.body.code]).toEqual([404, 'not_found']);
    }
    expect((await call(bed, rider, 'GET', '/api/rides/no-such-ride')).status).toBe(404);
    expect((await call(bed, null, 'GET', `/api/rides/${rideId}`)).status).toBe(401);
    const malformed = await call(bed, rider, 'GET', '/api/rides/bad%20id');
    expect([malformed.status, malformed.body.issues[0].field]).toEqual([400, 'params.rideId']);
  });

  it('answers from the ride stream when the read model has not taken the ride in yet', async () => {
    const { body: booked } = await call(bed, rider, 'POST', '/api/rides', rideRequest());
    await settled(bed);
    // As if the projection were still behind: the row is not there.
    await bed.db.deleteFrom('rm_rides').where('ride_id', '=', booked.id).execute();
    const { status, body } = await call(bed, rider, 'GET', `/api/rides/${booked.id}`);
    expect(status).toBe(200);
    expect(body).toEqual(booked);
    expect((await call(bed, otherRider, 'GET', `/api/rides/${booked.id}`)).status).toBe(404);
  });
});

describe('GET /api/rides/mine', () => {
  it("lists the rider's rides, newest first, page by page", async () => {
    const all = await call(bed, rider, 'GET', '/api/rides/mine');
    expect(all.status).toBe(200);
    expect(all.body.rides.every((ride: { passengerId: string; pin: unknown }) => ride.passengerId === rider.user.id && ride.pin === null)).toBe(true);
    expect(all.body.rides.map((ride: { id: string }) => ride.id)).toEqual(expect.arrayContaining([rideId, pendingRideId]));
    expect(all.body.rides.find((ride: { id: string }) => ride.id === rideId).driver.fullName).toBe('Mwila Tembo');

    const first = await call(bed, rider, 'GET', '/api/rides/mine?limit=1');
    expect(first.body.rides).toHaveLength(1);
    expect(first.body.nextBefore).toBe(first.body.rides[0].createdAt);
    expect((await call(bed, otherRider, 'GET', '/api/rides/mine')).body).toEqual({ rides: [], nextBefore: null });
  });

  it('refuses a visitor (401), a driver (403) and a bad page size (400)', async () => {
    expect((await call(bed, null, 'GET', '/api/rides/mine')).status).toBe(401);
    expect((await call(bed, driver, 'GET', '/api/rides/mine')).status).toBe(403);
    const bad = await call(bed, rider, 'GET', '/api/rides/mine?limit=0');
    expect([bad.status, bad.body.issues[0].field]).toEqual([400, 'querystring.limit']);
  });
});

describe('GET /api/rides/driver/:driverId', () => {
  it("lists a driver's rides for that driver and for an admin", async () => {
    for (const who of [driver, admin]) {
      const answer = await call(bed, who, 'GET', `/api/rides/driver/${driver.driverId}`);
      expect(answer.status).toBe(200);
      expect(answer.body.rides.map((ride: { id: string }) => ride.id)).toEqual([rideId]);
      expect(answer.body.rides[0].pin).toBeNull();
    }
  });

  it("refuses a visitor (401), another driver or a passenger (403), an admin asking for no one (404), a bad limit (400)", async () => {
    const url = `/api/rides/driver/${driver.driverId}`;
    expect((await call(bed, null, 'GET', url)).status).toBe(401);
    expect((await call(bed, otherDriver, 'GET', url)).body).toMatchObject({ code: 'forbidden', field: 'driverId' });
    expect((await call(bed, rider, 'GET', url)).status).toBe(403);
    expect((await call(bed, admin, 'GET', '/api/rides/driver/no-such-driver')).status).toBe(404);
    expect((await call(bed, driver, 'GET', `${url}?limit=500`)).status).toBe(400);
  });
});

describe('GET /api/rides/pending/:vehicleType', () => {
  it('lists rides looking for a driver of that type, with the distance to each pickup, never the rider', async () => {
    const { status, body } = await call(bed, otherDriver, 'GET', '/api/rides/pending/car');
    expect(status).toBe(200);
    const ids = body.rides.map((ride: { id: string }) => ride.id);
    expect(ids).toContain(pendingRideId);
    expect(ids).not.toContain(rideId);
    const listed = body.rides.find((ride: { id: string }) => ride.id === pendingRideId);
    expect(listed).toMatchObject({ status: 'pending', pricingMethod: 'bidding', offeredFare: 40, passengerId: null, pin: null, pickupDistanceKm: 0 });
  });

  it('refuses a visitor (401), a passenger (403), another vehicle type (403), an unverified driver (403), an unknown type (400)', async () => {
    expect((await call(bed, null, 'GET', '/api/rides/pending/car')).status).toBe(401);
    expect((await call(bed, rider, 'GET', '/api/rides/pending/car')).status).toBe(403);
    const otherType = await call(bed, motorcyclist, 'GET', '/api/rides/pending/car');
    expect(otherType.body).toMatchObject({ code: 'forbidden', field: 'vehicleType', yourVehicleType: 'motorcycle' });
    expect((await call(bed, motorcyclist, 'GET', '/api/rides/pending/motorcycle')).status).toBe(200);
    const applicant = await bed.signIn('driver');
    expect((await call(bed, applicant, 'GET', '/api/rides/pending/car')).body).toMatchObject({ code: 'forbidden', verificationStatus: 'not_applied' });
    const unknown = await call(bed, otherDriver, 'GET', '/api/rides/pending/spaceship');
    expect([unknown.status, unknown.body.issues[0].field]).toEqual([400, 'params.vehicleType']);
  });
});
