import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import { approvedDriver, call, fixPinDraws, places, rideRequest, settled, withoutIdsAndInstants, type TestDriver } from '../../../tests/journeys/kit.js';
import { withoutPins } from './events.js';

/** Digits that appear nowhere else in these answers: finding them can only mean the PIN leaked. */
const PIN = '7359';

let bed: ApiTestBed;
let rider: SignedIn;
let otherRider: SignedIn;
let admin: SignedIn;
let staff: SignedIn;
let otherDriver: TestDriver;
beforeAll(async () => {
  bed = await startApiTestBed();
  fixPinDraws(bed, PIN);
  [rider, otherRider, admin, staff, otherDriver] = await Promise.all([
    bed.signIn('passenger'),
    bed.signIn('passenger'),
    bed.signIn('admin'),
    bed.signIn('staff'),
    approvedDriver(bed, { at: places.parklands, plateNumber: 'BCD 987' }),
  ]);
});
afterAll(() => bed.close());

/** A driver is engaged on one ride at a time: each case gets its own. */
const freshDriver = () => approvedDriver(bed, { at: places.parklands });

const eventsOf = (who: SignedIn | null, rideId: string) => call(bed, who, 'GET', `/api/rides/${rideId}/events`);

/** Every key anywhere in a JSON value. */
const keysIn = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(keysIn) : value && typeof value === 'object' ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysIn(inner)]) : [];

describe('GET /api/rides/:rideId/events', () => {
  it("answers the ride's own events in order, with their time, for the rider — the driver only once assigned", async () => {
    const driver = await freshDriver();
    const { body: ride } = await call(bed, rider, 'POST', '/api/rides', rideRequest());
    const requested = await eventsOf(rider, ride.id);
    expect(requested.status).toBe(200);
    expect(requested.body.rideId).toBe(ride.id);
    expect(requested.body.events.map((event: { type: string }) => event.type)).toEqual(['RideRequested']);
    expect(requested.body.events[0].data).toMatchObject({ rideId: ride.id, riderId: rider.user.id, vehicleType: 'car', pricingMethod: 'fixed' });
    expect(Number.isNaN(Date.parse(requested.body.events[0].time))).toBe(false);
    // A driver who may take the ride still cannot read its history before it is theirs.
    expect((await eventsOf(driver, ride.id)).status).toBe(404);

    expect((await call(bed, driver, 'PATCH', `/api/rides/${ride.id}`, { status: 'accepted' })).status).toBe(200);
    expect((await call(bed, driver, 'POST', `/api/rides/${ride.id}/arrive`)).status).toBe(200);
    expect((await call(bed, driver, 'POST', `/api/rides/${ride.id}/start`, { pin: PIN })).status).toBe(200);
    const asDriver = await eventsOf(driver, ride.id);
    expect(asDriver.status).toBe(200);
    expect(asDriver.body.events.map((event: { type: string }) => event.type)).toEqual([
      'RideRequested',
      'DriverAssigned',
      'PinIssued',
      'DriverArrived',
      'TripStarted',
    ]);
    const times = asDriver.body.events.map((event: { time: string }) => Date.parse(event.time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('leaves every PIN out, for the rider, the driver and an admin alike', async () => {
    const driver = await freshDriver();
    const { body: ride } = await call(bed, rider, 'POST', '/api/rides', rideRequest());
    expect((await call(bed, driver, 'PATCH', `/api/rides/${ride.id}`, { status: 'accepted' })).status).toBe(200);
    expect((await call(bed, driver, 'POST', `/api/rides/${ride.id}/arrive`)).status).toBe(200);
    const reissued = await call(bed, rider, 'POST', `/api/rides/${ride.id}/reissue-pin`);
    // The PIN really was issued (twice), and the rider reads it where it belongs.
    expect(reissued.body.pin.code).toBe(PIN);
    await settled(bed);

    for (const who of [rider, driver, admin]) {
      const answer = await eventsOf(who, ride.id);
      expect(answer.status).toBe(200);
      const issued = answer.body.events.filter((event: { type: string }) => event.type === 'PinIssued');
      expect(issued.map((event: { data: { reason: string } }) => event.data.reason)).toEqual(['driver_assigned', 'reissued_by_rider']);
      expect(keysIn(answer.body).filter((key) => key.toLowerCase() === 'pin')).toEqual([]);
      expect(withoutIdsAndInstants(answer.text)).not.toContain(PIN);
    }
  });

  it('is a 404 to everyone else, the same as for a ride that does not exist', async () => {
    const driver = await freshDriver();
    const { body: ride } = await call(bed, rider, 'POST', '/api/rides', rideRequest());
    expect((await call(bed, driver, 'PATCH', `/api/rides/${ride.id}`, { status: 'accepted' })).status).toBe(200);
    expect((await eventsOf(admin, ride.id)).status).toBe(200);
    for (const stranger of [otherRider, otherDriver, staff]) {
      const answer = await eventsOf(stranger, ride.id);
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('not_found');
    }
    const missing = await eventsOf(rider, 'no-such-ride');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe((await eventsOf(otherRider, ride.id)).body.message.replace(ride.id, 'no-such-ride'));
    expect((await eventsOf(null, ride.id)).status).toBe(401);
  });
});

describe('withoutPins', () => {
  it('drops a pin at any depth and keeps everything else', () => {
    expect(withoutPins({ rideId: 'r', pin: '1234', nested: [{ PIN: '5678', reason: 'x' }], count: 2 })).toEqual({
      rideId: 'r',
      nested: [{ reason: 'x' }],
      count: 2,
    });
  });
});
