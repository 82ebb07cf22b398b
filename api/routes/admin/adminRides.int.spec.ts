import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBid } from '../../../commands/bid/index.js';
import { acceptBid, requestRide } from '../../../commands/ride/index.js';
import type { CommandContext } from '../../../commands/shared/handleCommand.js';
import { serializePosition, START } from '../../../platform/eventStore/port.js';
import { projections } from '../../../projections/registry.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver, copperbeltUniversity, kitweCentre, settled, type TestDriver } from '../../../tests/support/fixtures/apiDrivers.js';
import { readModelStates, STALLED_AFTER_MS, systemHealthOf } from '../../services/readModelHealth.js';

let bed: ApiTestBed;
let admin: SignedIn;
let rider: SignedIn;
let driver: TestDriver;
let rideId: string;
let pin: string;
let riderCorrelationId: string;
beforeAll(async () => {
  bed = await startApiTestBed();
  [admin, rider] = await Promise.all([bed.signIn('admin'), bed.signIn('passenger')]);
  driver = await approvedDriver(bed, admin, { location: kitweCentre });
  const quote = await bed.app.inject({
    method: 'POST',
    url: '/api/fares/quote',
    payload: { vehicleType: 'car', pickup: kitweCentre, dropoff: copperbeltUniversity, pricingMethod: 'bidding' },
  });
  const offer = quote.json().totalNgwee as number;
  riderCorrelationId = `req-${randomUUID()}`;
  const as = (who: SignedIn, correlationId: string = randomUUID()): CommandContext => ({
    commandId: randomUUID(),
    correlationId,
    actor: { userId: who.user.id, role: who.user.userType },
  });
  const booked = await requestRide(
    bed.commands,
    {
      vehicleType: 'car',
      pickup: { ...kitweCentre, address: 'Kitwe CBD' },
      dropoff: { ...copperbeltUniversity, address: 'Copperbelt University' },
      pricingMethod: 'bidding',
      proposedFareNgwee: offer,
      paymentMethod: 'cash',
      passengerCount: 1,
    },
    as(rider, riderCorrelationId),
  );
  rideId = booked.rideId;
  await settled(bed);
  const bid = await placeBid(
    bed.commands,
    { rideId, driverId: driver.driverId, amountNgwee: offer, message: 'Five minutes away', estimatedArrivalMinutes: 5 },
    as(driver),
  );
  const accepted = await acceptBid(bed.commands, { rideId, bidId: bid.bidId }, as(rider));
  pin = accepted.state.context.pin!;
  await settled(bed);
});
afterAll(() => bed.close());

const get = (url: string, who?: SignedIn) => bed.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

/** Every value held under a `pin` key, anywhere. */
function pinsIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(pinsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'pin' ? [inner] : pinsIn(inner)));
}

describe("a ride's audit trail", () => {
  it('joins the ride, its bids, its dispatch search (and its incidents, none here) in the order things happened, PINs masked', async () => {
    const response = await get(`/api/admin/rides/${rideId}/events`, admin);
    expect(response.statusCode).toBe(200);
    const trail = response.json();
    expect(trail.streams).toEqual([`ride-${rideId}`, expect.stringMatching(/^bid-/), `dispatch-${rideId}`, `incident-${rideId}`]);
    const types = trail.events.map((event: { type: string }) => event.type);
    expect(types[0]).toBe('RideRequested');
    expect(types.indexOf('BidPlaced')).toBeLessThan(types.indexOf('BidAccepted'));
    expect(types).toContain('PinIssued');
    expect(trail.events.some((event: { streamName: string }) => event.streamName === `dispatch-${rideId}`)).toBe(true);
    expect(trail.events.some((event: { streamName: string }) => event.streamName.startsWith('bid-'))).toBe(true);

    const issued = trail.events.find((event: { type: string }) => event.type === 'PinIssued');
    expect(issued.data.pin).toBe('••••');
    expect(pin).toMatch(/^\d{4}$/);
    expect(pinsIn(trail.events)).toEqual(pinsIn(trail.events).map(() => '••••'));

    const requested = trail.events[0];
    expect(requested).toMatchObject({
      streamName: `ride-${rideId}`,
      revision: '0',
      metadata: { userId: rider.user.id, role: 'passenger', correlationId: riderCorrelationId },
    });
    expect(Date.parse(requested.time)).not.toBeNaN();
    const times = trail.events.map((event: { time: string }) => Date.parse(event.time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('is for admins only, and 404 for a ride that never was', async () => {
    expect((await get(`/api/admin/rides/${rideId}/events`, rider)).statusCode).toBe(403);
    expect((await get(`/api/admin/rides/${rideId}/events`, driver)).statusCode).toBe(403);
    expect((await get(`/api/admin/rides/${rideId}/events`)).statusCode).toBe(401);
    expect((await get(`/api/admin/rides/ride-${randomUUID()}/events`, admin)).statusCode).toBe(404);
  });
});

describe('GET /api/admin/rides', () => {
  it('filters by status, city, vehicle type and booking time', async () => {
    const ids = async (query: string) =>
      (await get(`/api/admin/rides${query}`, admin)).json().rides.map((ride: { rideId: string }) => ride.rideId);
    expect(await ids('?status=accepted')).toEqual([rideId]);
    expect(await ids('?status=completed')).toEqual([]);
    expect(await ids('?city=kitwe&vehicleType=car')).toEqual([rideId]);
    expect(await ids('?city=ndola')).toEqual([]);
    expect(await ids('?from=2026-11-30T00:00:00Z&to=2026-12-02T00:00:00Z')).toEqual([rideId]);
    expect(await ids('?from=2026-12-02T00:00:00Z')).toEqual([]);

    const ride = (await get('/api/admin/rides', admin)).json().rides[0];
    expect(ride).toMatchObject({
      riderId: rider.user.id,
      driverId: driver.driverId,
      status: 'accepted',
      pricingMethod: 'bidding',
      pickup: { address: 'Kitwe CBD' },
    });
    expect(ride.agreedFareNgwee).toBeGreaterThan(0);

    const backwards = await get('/api/admin/rides?from=2026-12-02T00:00:00Z&to=2026-12-01T00:00:00Z', admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().issues[0].field).toBe('querystring.from');
    expect((await get('/api/admin/rides?from=yesterday', admin)).json().issues[0].field).toBe('querystring.from');
    expect((await get('/api/admin/rides', rider)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/dashboard-stats', () => {
  it('counts users from the accounts, rides and drivers from the read models, and reports the read models healthy', async () => {
    const response = await get('/api/admin/dashboard-stats', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      totalUsers: 3,
      users: { passengers: 1, drivers: 1, admins: 1 },
      totalDrivers: 1,
      approvedDrivers: 1,
      pendingDrivers: 0,
      verifyDriversUrgent: false,
      activeRides: 1,
      todayRides: 1,
      systemHealth: 'good',
    });
    expect(response.json().readModels.map((model: { name: string }) => model.name)).toEqual(
      projections.map((projection) => projection.name),
    );
    expect((await get('/api/admin/dashboard-stats?days=0', admin)).json().issues[0].field).toBe('querystring.days');
    expect((await get('/api/admin/dashboard-stats', rider)).statusCode).toBe(403);
  });

  it('calls a read model that never ran missing, and one left behind for a minute stalled', async () => {
    const [model] = projections;
    const never = { ...model!, name: `never-${randomUUID()}` };
    const stuck = { ...model!, name: `stuck-${randomUUID()}` };
    await bed.db
      .insertInto('projection_checkpoints')
      .values({ name: stuck.name, position: serializePosition(START), version: 1 })
      .execute();
    const now = Date.now();
    const states = await readModelStates(bed.db, bed.store, [model!, never, stuck], now);
    expect(states).toEqual([
      { name: model!.name, state: 'current' },
      { name: never.name, state: 'missing' },
      { name: stuck.name, state: 'catching_up' },
    ]);
    const later = await readModelStates(bed.db, bed.store, [stuck], now + STALLED_AFTER_MS + 60_000);
    expect(later).toEqual([{ name: stuck.name, state: 'stalled' }]);
    expect(systemHealthOf(states)).toBe('issues');
    expect(systemHealthOf([{ state: 'current' }, { state: 'catching_up' }])).toBe('good');
  });
});
