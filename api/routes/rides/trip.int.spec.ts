import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver, call, places, rideRequest, settled, type TestDriver } from '../../../tests/journeys/kit.js';

let bed: ApiTestBed;
let rider: SignedIn;
let otherRider: SignedIn;
let otherDriver: TestDriver;
let admin: SignedIn;
let staff: SignedIn;
beforeAll(async () => {
  bed = await startApiTestBed();
  [rider, otherRider, otherDriver, admin, staff] = await Promise.all([
    bed.signIn('passenger'),
    bed.signIn('passenger'),
    approvedDriver(bed),
    bed.signIn('admin'),
    bed.signIn('staff'),
  ]);
});
afterAll(() => bed.close());

type Stage = 'accepted' | 'arrived' | 'in_progress' | 'completed';

/** A fixed-price ride taken by a driver of its own, brought to `stage` over HTTP. */
async function rideAt(stage: Stage): Promise<{ rideId: string; driver: TestDriver }> {
  const driver = await approvedDriver(bed, { at: places.parklands });
  const { body: ride } = await call(bed, rider, 'POST', '/api/rides', rideRequest());
  expect((await call(bed, driver, 'PATCH', `/api/rides/${ride.id}`, { status: 'accepted' })).status).toBe(200);
  if (stage !== 'accepted') expect((await call(bed, driver, 'POST', `/api/rides/${ride.id}/arrive`)).status).toBe(200);
  if (stage === 'in_progress' || stage === 'completed') {
    const pin = await pinOf(ride.id);
    expect((await call(bed, driver, 'POST', `/api/rides/${ride.id}/start`, { pin })).status).toBe(200);
  }
  if (stage === 'completed') expect((await call(bed, driver, 'POST', `/api/rides/${ride.id}/complete`)).status).toBe(200);
  return { rideId: ride.id, driver };
}

/** The PIN as the rider's tracking screen reads it. */
async function pinOf(rideId: string): Promise<string> {
  await settled(bed);
  const { body } = await call(bed, rider, 'GET', `/api/rides/${rideId}`);
  return body.pin.code;
}

const wrong = (pin: string) => (pin === '1111' ? '2222' : '1111');

describe('POST /api/rides/:rideId/arrive', () => {
  it('moves the ride to arrived for its driver only', async () => {
    const { rideId, driver } = await rideAt('accepted');
    const url = `/api/rides/${rideId}/arrive`;
    expect((await call(bed, null, 'POST', url)).status).toBe(401);
    expect((await call(bed, rider, 'POST', url)).body.code).toBe('forbidden_role');
    expect((await call(bed, otherDriver, 'POST', url)).status).toBe(404);
    expect((await call(bed, driver, 'POST', '/api/rides/%20/arrive')).status).toBe(400);
    expect((await call(bed, driver, 'POST', '/api/rides/no-such-ride/arrive')).status).toBe(404);
    const arrived = await call(bed, driver, 'POST', url);
    expect(arrived.status).toBe(200);
    expect(arrived.body).toMatchObject({ status: 'arrived', progress: 50, bannerKey: 'ride.banner.driverArrived', eta: null, pin: null });
  });
});

describe('POST /api/rides/:rideId/start', () => {
  it("refuses a wrong PIN with the attempts left (409 pin_incorrect), then starts with the rider's", async () => {
    const { rideId, driver } = await rideAt('arrived');
    const pin = await pinOf(rideId);
    const url = `/api/rides/${rideId}/start`;
    const miss = await call(bed, driver, 'POST', url, { pin: wrong(pin) });
    expect(miss.status).toBe(409);
    expect(miss.body).toMatchObject({ code: 'pin_incorrect', attemptsLeft: 4 });
    const started = await call(bed, driver, 'POST', url, { pin });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'in_progress', progress: 75, eta: { to: 'dropoff' } });
  });

  it('locks after 5 wrong PINs until the rider reissues one (409 pin_locked)', async () => {
    const { rideId, driver } = await rideAt('arrived');
    const pin = await pinOf(rideId);
    const url = `/api/rides/${rideId}/start`;
    for (let attempt = 1; attempt < 5; attempt++) expect((await call(bed, driver, 'POST', url, { pin: wrong(pin) })).body.attemptsLeft).toBe(5 - attempt);
    const fifth = await call(bed, driver, 'POST', url, { pin: wrong(pin) });
    expect([fifth.status, fifth.body.code, fifth.body.attemptsLeft]).toEqual([409, 'pin_locked', 0]);
    const right = await call(bed, driver, 'POST', url, { pin });
    expect([right.status, right.body.code]).toEqual([409, 'pin_locked']);

    const reissued = await call(bed, rider, 'POST', `/api/rides/${rideId}/reissue-pin`);
    expect(reissued.body).toMatchObject({ pinLocked: false, pin: { status: 'issued', attemptsLeft: 5 } });
    expect(reissued.body.pin.code).toMatch(/^[1-9]\d{3}$/);
    expect((await call(bed, driver, 'POST', url, { pin: reissued.body.pin.code })).body.status).toBe('in_progress');
  });

  it('refuses a visitor (401), another driver (403), a malformed PIN (400), an unknown ride (404)', async () => {
    const { rideId, driver } = await rideAt('arrived');
    const url = `/api/rides/${rideId}/start`;
    expect((await call(bed, null, 'POST', url, { pin: '1234' })).status).toBe(401);
    expect((await call(bed, otherDriver, 'POST', url, { pin: '1234' })).status).toBe(404);
    const malformed = await call(bed, driver, 'POST', url, { pin: '12a4' });
    expect([malformed.status, malformed.body.issues[0].field]).toEqual([400, 'body.pin']);
    expect((await call(bed, driver, 'POST', '/api/rides/no-such-ride/start', { pin: '1234' })).status).toBe(404);
  });
});

describe('POST /api/rides/:rideId/complete', () => {
  it('completes the trip at the agreed fare, reported distance and duration shown', async () => {
    const { rideId, driver } = await rideAt('in_progress');
    const url = `/api/rides/${rideId}/complete`;
    expect((await call(bed, null, 'POST', url)).status).toBe(401);
    expect((await call(bed, otherDriver, 'POST', url)).status).toBe(404);
    const bad = await call(bed, driver, 'POST', url, { distanceKm: -1 });
    expect([bad.status, bad.body.issues[0].field]).toEqual([400, 'body.distanceKm']);
    expect((await call(bed, driver, 'POST', '/api/rides/no-such-ride/complete')).status).toBe(404);
    const done = await call(bed, driver, 'POST', url, { distanceKm: 4.2, durationMinutes: 11 });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', progress: 100, distance: 4.2, duration: 11, driverLocation: null, eta: null });
    expect(done.body.finalFareNgwee).toBe(done.body.agreedFareNgwee);
  });
});

describe('POST /api/rides/:rideId/rate', () => {
  it('takes one rating from each party; each sees the one they gave', async () => {
    const { rideId, driver } = await rideAt('completed');
    const url = `/api/rides/${rideId}/rate`;
    expect((await call(bed, null, 'POST', url, { stars: 5 })).status).toBe(401);
    expect((await call(bed, otherRider, 'POST', url, { stars: 5 })).status).toBe(404);
    const tooMany = await call(bed, rider, 'POST', url, { stars: 6 });
    expect([tooMany.status, tooMany.body.issues[0].field]).toEqual([400, 'body.stars']);
    expect((await call(bed, rider, 'POST', '/api/rides/no-such-ride/rate', { stars: 5 })).status).toBe(404);

    const byRider = await call(bed, rider, 'POST', url, { stars: 5, comment: 'Smooth ride' });
    expect(byRider.body.ratings).toEqual({ byRider: { stars: 5, comment: 'Smooth ride' }, byDriver: null });
    const byDriver = await call(bed, driver, 'POST', url, { stars: 4 });
    expect(byDriver.body.ratings).toEqual({ byRider: null, byDriver: { stars: 4, comment: null } });
    expect((await call(bed, rider, 'POST', url, { stars: 1 })).status).toBe(409);
  });
});

describe('POST /api/rides/:rideId/cancel', () => {
  it('lets the rider cancel before the trip starts, with the reason and stage recorded', async () => {
    const { rideId } = await rideAt('accepted');
    const url = `/api/rides/${rideId}/cancel`;
    expect((await call(bed, null, 'POST', url, { reason: 'changed plans' })).status).toBe(401);
    expect((await call(bed, otherRider, 'POST', url, { reason: 'changed plans' })).status).toBe(404);
    expect((await call(bed, staff, 'POST', url, { reason: 'changed plans' })).body.code).toBe('forbidden_role');
    const blank = await call(bed, rider, 'POST', url, { reason: '  ' });
    expect([blank.status, blank.body.issues[0].field]).toEqual([400, 'body.reason']);
    expect((await call(bed, rider, 'POST', '/api/rides/no-such-ride/cancel', { reason: 'x' })).status).toBe(404);
    const cancelled = await call(bed, rider, 'POST', url, { reason: 'changed plans' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', driver: null, pin: { status: 'void', code: null } });
    expect(cancelled.body.cancellation).toMatchObject({ by: 'rider', reason: 'changed plans', stage: 'accepted' });
  });

  it('lets an admin stop a trip in progress (the rider may not)', async () => {
    const { rideId } = await rideAt('in_progress');
    expect((await call(bed, rider, 'POST', `/api/rides/${rideId}/cancel`, { reason: 'too late' })).status).toBe(409);
    const stopped = await call(bed, admin, 'POST', `/api/rides/${rideId}/cancel`, { reason: 'safety review' });
    expect(stopped.body).toMatchObject({ status: 'cancelled', passengerId: rider.user.id, pin: null, cancellation: { by: 'admin', stage: 'in_progress' } });
  });
});

describe('POST /api/rides/:rideId/emergency', () => {
  it('raises an emergency for the rider or the driver, with or without a location', async () => {
    const { rideId, driver } = await rideAt('accepted');
    const url = `/api/rides/${rideId}/emergency`;
    expect((await call(bed, null, 'POST', url)).status).toBe(401);
    expect((await call(bed, otherRider, 'POST', url)).status).toBe(404);
    const offMap = await call(bed, rider, 'POST', url, { location: { lat: 200, lng: 28 } });
    expect([offMap.status, offMap.body.issues[0].field]).toEqual([400, 'body.location.lat']);
    expect((await call(bed, rider, 'POST', '/api/rides/no-such-ride/emergency')).status).toBe(404);
    const raised = await call(bed, rider, 'POST', url, { location: { lat: -12.8, lng: 28.21 } });
    expect(raised.body).toMatchObject({ emergencyActive: true, status: 'accepted' });
    expect((await call(bed, driver, 'POST', url)).body.emergencyActive).toBe(true);
  });
});

describe('POST /api/rides/:rideId/reissue-pin', () => {
  it('gives the rider, and only the rider, a new PIN', async () => {
    const { rideId, driver } = await rideAt('accepted');
    const url = `/api/rides/${rideId}/reissue-pin`;
    expect((await call(bed, null, 'POST', url)).status).toBe(401);
    expect((await call(bed, driver, 'POST', url)).body.code).toBe('forbidden_role');
    expect((await call(bed, otherRider, 'POST', url)).status).toBe(404);
    expect((await call(bed, rider, 'POST', '/api/rides/%2F/reissue-pin')).status).toBe(400);
    expect((await call(bed, rider, 'POST', '/api/rides/no-such-ride/reissue-pin')).status).toBe(404);
    const reissued = await call(bed, rider, 'POST', url);
    expect(reissued.status).toBe(200);
    expect(reissued.body.pin).toMatchObject({ status: 'issued', attemptsLeft: 5 });
  });
});
