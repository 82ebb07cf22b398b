import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBid } from '../../../commands/bid/index.js';
import { acceptBid, acceptRide, arriveAtPickup, cancelRide, completeTrip, requestRide, startTrip } from '../../../commands/ride/index.js';
import type { CommandContext } from '../../../commands/shared/handleCommand.js';
import { splitFare } from '../../../domain/fare/index.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import { approvedDriver, copperbeltUniversity, kitweCentre, settled, type TestDriver } from '../../../tests/support/fixtures/apiDrivers.js';
import { AnalyticsReport } from '../../../contract/analytics.js';

const ndola = { lat: -12.9587, lng: 28.6366 };
const as = (who: SignedIn): CommandContext => ({ commandId: randomUUID(), correlationId: randomUUID(), actor: { userId: who.user.id, role: who.user.userType } });

let bed: ApiTestBed;
let admin: SignedIn;
let rider: SignedIn;
let driver: TestDriver;
let fixedFare: number;
let bidAmount: number;

/** 08:00 in Lusaka, Wednesday 4 March 2026. */
const start = new Date('2026-03-04T06:00:00Z');
const minutes = (n: number) => bed.clock.advance(n * 60_000);

beforeAll(async () => {
  bed = await startApiTestBed({ startAt: start });
  [admin, rider] = await Promise.all([bed.signIn('admin'), bed.signIn('passenger')]);
  driver = await approvedDriver(bed, admin, { location: kitweCentre });
  const booking = (pickup: { lat: number; lng: number }, pricingMethod: 'fixed' | 'bidding', proposedFareNgwee?: number) => ({
    vehicleType: 'car' as const,
    pickup: { ...pickup, address: 'Pickup' },
    dropoff: { ...copperbeltUniversity, address: 'Copperbelt University' },
    pricingMethod,
    proposedFareNgwee,
    paymentMethod: 'cash' as const,
    passengerCount: 1,
  });

  // Kitwe, fixed price: a driver takes it 90 s after the request, and completes it.
  const fixed = await requestRide(bed.commands, booking(kitweCentre, 'fixed'), as(rider));
  fixedFare = fixed.quote.totalNgwee;
  bed.clock.advance(90_000);
  const accepted = await acceptRide(bed.commands, { rideId: fixed.rideId, driverId: driver.driverId }, as(driver));
  await arriveAtPickup(bed.commands, { rideId: fixed.rideId }, as(driver));
  await startTrip(bed.commands, { rideId: fixed.rideId, pin: accepted.state.context.pin! }, as(driver));
  minutes(12);
  await completeTrip(bed.commands, { rideId: fixed.rideId, distanceKm: 3.4, durationMinutes: 12 }, as(driver));
  await settled(bed);

  // Ndola, at 09:00 Lusaka: the rider cancels twice while it is still looking for a driver, both
  // times because their plans changed, once on a Nyanja screen and once (through the API) on a French one.
  bed.clock.advance(start.getTime() + 60 * 60_000 - bed.clock.now().getTime());
  const cancelled = await requestRide(bed.commands, booking(ndola, 'fixed'), as(rider));
  await cancelRide(bed.commands, { rideId: cancelled.rideId, reasonCode: 'changed_plans', reason: 'Zolinga zanga zasintha' }, as(rider));
  const again = await requestRide(bed.commands, booking(ndola, 'fixed'), as(rider));
  const cancelledAgain = await bed.app.inject({
    method: 'POST',
    url: `/api/rides/${again.rideId}/cancel`,
    headers: rider.headers,
    payload: { reasonCode: 'changed_plans', reason: 'Mes projets ont changé' },
  });
  expect(cancelledAgain.statusCode, cancelledAgain.body).toBe(200);

  // Kitwe, bidding, at 10:00 Lusaka: one bid (valid for 2 minutes), accepted 3 minutes after the request.
  minutes(60);
  const quote = await bed.app.inject({ method: 'POST', url: '/api/fares/quote', payload: { vehicleType: 'car', pickup: kitweCentre, dropoff: copperbeltUniversity, pricingMethod: 'bidding' } });
  bidAmount = quote.json().totalNgwee as number;
  const bidding = await requestRide(bed.commands, booking(kitweCentre, 'bidding', bidAmount), as(rider));
  await settled(bed);
  minutes(2);
  const bid = await placeBid(bed.commands, { rideId: bidding.rideId, driverId: driver.driverId, amountNgwee: bidAmount, message: 'Close by', estimatedArrivalMinutes: 3 }, as(driver));
  minutes(1);
  await acceptBid(bed.commands, { rideId: bidding.rideId, bidId: bid.bidId }, as(rider));
  await settled(bed);
}, 120_000);
afterAll(() => bed.close());

const get = (url: string, who: SignedIn = admin) => bed.app.inject({ method: 'GET', url, headers: who.headers });

describe('GET /api/admin/analytics', () => {
  it('answers every dataset for the last 30 Lusaka days by default, in the documented shape', async () => {
    const response = await get('/api/admin/analytics');
    expect(response.statusCode).toBe(200);
    const report = AnalyticsReport.parse(response.json());
    const { commissionNgwee, netNgwee } = splitFare(fixedFare);
    expect(report).toEqual({
      from: '2026-02-03',
      to: '2026-03-04',
      ridesPerDay: [
        { day: '2026-03-04', city: 'kitwe', vehicleType: 'car', requested: 2, completed: 1, cancelled: 0, expired: 0 },
        { day: '2026-03-04', city: 'ndola', vehicleType: 'car', requested: 2, completed: 0, cancelled: 2, expired: 0 },
      ],
      // 90 s and 180 s: the median lies half-way, the 90th percentile 90 % of the way.
      timeToAssignment: [{ day: '2026-03-04', assigned: 2, medianSeconds: 135, p90Seconds: 171 }],
      bids: [{ day: '2026-03-04', ridesWithBids: 1, bidsPlaced: 1, bidsAccepted: 1, bidsRejected: 0, bidsWithdrawn: 0, bidsExpired: 0, bidsPerRide: 1, acceptanceRate: 1 }],
      // Two wordings of one choice: one line.
      cancellations: [{ reasonCode: 'changed_plans', stage: 'pending', cancelledBy: 'rider', count: 2 }],
      revenue: [{ day: '2026-03-04', completedRides: 1, revenueNgwee: fixedFare, driverEarningsNgwee: netNgwee, commissionNgwee }],
      // The cash was never confirmed: work done, no money taken (adminPaymentsAnalytics.int.spec.ts counts payments).
      payments: [],
      demand: [
        { cell: expect.any(String), lat: expect.any(Number), lng: expect.any(Number), hour: 8, requests: 1 },
        { cell: expect.any(String), lat: expect.any(Number), lng: expect.any(Number), hour: 9, requests: 2 },
        { cell: expect.any(String), lat: expect.any(Number), lng: expect.any(Number), hour: 10, requests: 1 },
      ],
    });
    const [kitweAt8, ndolaAt9, kitweAt10] = report.demand;
    expect(kitweAt10!.cell).toBe(kitweAt8!.cell);
    expect(ndolaAt9!.cell).not.toBe(kitweAt8!.cell);
    expect(ndolaAt9!.lat).toBeCloseTo(ndola.lat, 2);
  });

  it('narrows to a city, a vehicle type and a range of days', async () => {
    const ndolaOnly = AnalyticsReport.parse((await get('/api/admin/analytics?city=ndola&from=2026-03-01&to=2026-03-31')).json());
    expect(ndolaOnly.ridesPerDay.map((line) => line.city)).toEqual(['ndola']);
    expect(ndolaOnly.revenue).toEqual([]);
    expect(ndolaOnly.bids).toEqual([]);
    expect(ndolaOnly.timeToAssignment).toEqual([{ day: '2026-03-04', assigned: 0, medianSeconds: null, p90Seconds: null }]);
    expect(ndolaOnly.cancellations).toEqual([{ reasonCode: 'changed_plans', stage: 'pending', cancelledBy: 'rider', count: 2 }]);
    expect(ndolaOnly).toMatchObject({ from: '2026-03-01', to: '2026-03-31' });

    const trucks = AnalyticsReport.parse((await get('/api/admin/analytics?vehicleType=truck')).json());
    expect([trucks.ridesPerDay, trucks.timeToAssignment, trucks.bids, trucks.cancellations, trucks.revenue, trucks.demand]).toEqual([[], [], [], [], [], []]);

    const before = AnalyticsReport.parse((await get('/api/admin/analytics?from=2026-01-01&to=2026-03-03')).json());
    expect(before.ridesPerDay).toEqual([]);
    // Only `to`: the 30 days up to it.
    expect((await get('/api/admin/analytics?to=2026-03-10')).json()).toMatchObject({ from: '2026-02-09', to: '2026-03-10' });
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['from=2026-02-30', 'querystring.from'],
      ['from=yesterday', 'querystring.from'],
      ['to=2026-3-1', 'querystring.to'],
      ['from=2026-03-05&to=2026-03-04', 'querystring.from'],
      ['from=2024-01-01&to=2026-03-04', 'querystring.to'],
      ['city=lusaka', 'querystring.city'],
      ['vehicleType=spaceship', 'querystring.vehicleType'],
    ];
    for (const [query, field] of cases) {
      const response = await get(`/api/admin/analytics?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toContain(field);
    }
  });

  it('is for admins only', async () => {
    expect((await get('/api/admin/analytics', rider)).statusCode).toBe(403);
    expect((await bed.app.inject({ method: 'GET', url: '/api/admin/analytics' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/analytics/:dataset.csv', () => {
  it('downloads a dataset as CSV with a header row, filtered like the JSON', async () => {
    const response = await get('/api/admin/analytics/ridesPerDay.csv?from=2026-03-01&to=2026-03-31&city=kitwe');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="tiyende-ridesPerDay-2026-03-01-to-2026-03-31-kitwe.csv"');
    expect(response.body).toBe('day,city,vehicleType,requested,completed,cancelled,expired\r\n2026-03-04,kitwe,car,2,1,0,0\r\n');
  });

  it('writes every dataset, each with its own header, even when empty', async () => {
    const headers = {
      ridesPerDay: 'day,city,vehicleType,requested,completed,cancelled,expired',
      timeToAssignment: 'day,assigned,medianSeconds,p90Seconds',
      bids: 'day,ridesWithBids,bidsPlaced,bidsAccepted,bidsRejected,bidsWithdrawn,bidsExpired,bidsPerRide,acceptanceRate',
      cancellations: 'reasonCode,stage,cancelledBy,count',
      revenue: 'day,completedRides,revenueNgwee,driverEarningsNgwee,commissionNgwee',
      demand: 'cell,lat,lng,hour,requests',
    };
    for (const [dataset, header] of Object.entries(headers)) {
      const full = await get(`/api/admin/analytics/${dataset}.csv`);
      expect(full.statusCode, dataset).toBe(200);
      const lines = full.body.trimEnd().split('\r\n');
      expect(lines[0], dataset).toBe(header);
      expect(lines.length, dataset).toBeGreaterThan(1);
      expect(full.headers['content-disposition']).toBe(`attachment; filename="tiyende-${dataset}-2026-02-03-to-2026-03-04.csv"`);
      const empty = await get(`/api/admin/analytics/${dataset}.csv?vehicleType=truck`);
      expect(empty.body, dataset).toBe(`${header}\r\n`);
    }
    expect((await get('/api/admin/analytics/cancellations.csv')).body).toBe('reasonCode,stage,cancelledBy,count\r\nchanged_plans,pending,rider,2\r\n');
  });

  it('refuses an unknown dataset or a bad filter, naming the field, and strangers', async () => {
    const unknown = await get('/api/admin/analytics/passwords.csv');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('params.dataset');
    const badDay = await get('/api/admin/analytics/revenue.csv?from=2026-13-01');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().message).toContain('querystring.from');
    expect((await get('/api/admin/analytics/revenue.csv', rider)).statusCode).toBe(403);
  });
});
