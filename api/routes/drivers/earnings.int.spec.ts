import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver, completedRide, settled, type TestDriver } from '../../../tests/support/fixtures/apiDrivers.js';

let bed: ApiTestBed;
let admin: SignedIn;
let rider: SignedIn;
let driver: TestDriver;
let other: TestDriver;
const fares: number[] = [];
beforeAll(async () => {
  // Monday 1 December 2026, 10:00 in Lusaka.
  bed = await startApiTestBed({ startAt: new Date('2026-12-01T08:00:00Z') });
  [admin, rider] = await Promise.all([bed.signIn('admin'), bed.signIn('passenger')]);
  [driver, other] = await Promise.all([approvedDriver(bed, admin), approvedDriver(bed, admin)]);
  fares.push((await completedRide(bed, rider, driver, { collectCash: true })).fareNgwee);
  bed.clock.advance(24 * 60 * 60 * 1000); // Wednesday
  fares.push((await completedRide(bed, rider, driver, { collectCash: true })).fareNgwee);
  bed.clock.advance(60 * 60 * 1000);
  fares.push((await completedRide(bed, rider, driver, { collectCash: true })).fareNgwee);
});
afterAll(() => bed.close());

const earnings = (driverId: string, who?: SignedIn, query = '') =>
  bed.app.inject({ method: 'GET', url: `/api/drivers/${driverId}/earnings${query}`, headers: who?.headers ?? {} });

/** 12 % of the fare, rounded half up to the ngwee; the driver keeps the rest. */
const split = (fare: number) => {
  const commission = Math.round((fare * 12) / 100);
  return { grossNgwee: fare, commissionNgwee: commission, netNgwee: fare - commission };
};
const sum = (rides: number[]) =>
  rides.map(split).reduce((a, b) => ({
    grossNgwee: a.grossNgwee + b.grossNgwee,
    commissionNgwee: a.commissionNgwee + b.commissionNgwee,
    netNgwee: a.netNgwee + b.netNgwee,
  }));

describe('GET /api/drivers/:driverId/earnings', () => {
  it('adds up the paid rides: today, this week from Monday, all time, after the 12 % commission', async () => {
    const response = await earnings(driver.driverId, driver);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(fares.every((fare) => fare > 0)).toBe(true);
    expect(body.commissionPercent).toBe(12);
    expect(body.summary.day).toBe('2026-12-02');
    expect(body.summary.weekStartsOn).toBe('2026-11-30');
    expect(body.summary.today).toEqual({ rides: 2, ...sum(fares.slice(1)) });
    expect(body.summary.thisWeek).toEqual({ rides: 3, ...sum(fares) });
    expect(body.summary.total).toEqual({ rides: 3, ...sum(fares) });
    expect(body.byDay.days).toEqual([
      { day: '2026-12-01', rides: 1, ...sum(fares.slice(0, 1)) },
      { day: '2026-12-02', rides: 2, ...sum(fares.slice(1)) },
    ]);
    expect(body.rides).toHaveLength(3);
    expect(body.rides[0]).toMatchObject({ day: '2026-12-02', ...split(fares[2]!) });
  });

  it('narrows the day list to a range and pages the rides', async () => {
    const body = (await earnings(driver.driverId, driver, '?from=2026-12-02&to=2026-12-02&limit=1')).json();
    expect(body.byDay).toMatchObject({ from: '2026-12-02', to: '2026-12-02' });
    expect(body.byDay.days.map((day: { day: string }) => day.day)).toEqual(['2026-12-02']);
    expect(body.rides).toHaveLength(1);
    const older = (await earnings(driver.driverId, driver, `?limit=5&before=${encodeURIComponent(body.rides[0].settledAt)}`)).json();
    expect(older.rides).toHaveLength(2);
  });

  it('shows a driver with no rides zeros, and is for that driver and admins only', async () => {
    expect((await earnings(other.driverId, other)).json().summary.total).toEqual({
      rides: 0,
      grossNgwee: 0,
      commissionNgwee: 0,
      netNgwee: 0,
    });
    expect((await earnings(driver.driverId, admin)).json().summary.total.rides).toBe(3);
    expect((await earnings(driver.driverId, other)).statusCode).toBe(403);
    expect((await earnings(driver.driverId, rider)).json()).toMatchObject({ code: 'forbidden_role' });
    expect((await earnings(driver.driverId)).statusCode).toBe(401);
    expect((await earnings('driver-nobody', admin)).statusCode).toBe(404);
  });

  it('refuses a range that runs backwards or a malformed day, naming the field', async () => {
    const backwards = await earnings(driver.driverId, driver, '?from=2026-12-05&to=2026-12-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().issues[0].field).toBe('querystring.from');
    const malformed = await earnings(driver.driverId, driver, '?to=02-12-2026');
    expect(malformed.json().issues[0].field).toBe('querystring.to');
  });

  it('counts the completed rides into the admin dashboard too', async () => {
    const stats = (await bed.app.inject({ method: 'GET', url: '/api/admin/dashboard-stats', headers: admin.headers })).json();
    expect(stats).toMatchObject({
      completedRides: 3,
      totalRevenueNgwee: sum(fares).grossNgwee,
      commissionNgwee: sum(fares).commissionNgwee,
      todayRides: 2,
    });
  });

  it('counts a completed ride only once its payment settles: here, when the driver confirms the cash', async () => {
    const { rideId, fareNgwee } = await completedRide(bed, rider, other);
    expect((await earnings(other.driverId, other)).json().summary.total.rides).toBe(0);
    const collected = await bed.app.inject({ method: 'POST', url: `/api/rides/${rideId}/payment/cash-collected`, headers: { ...other.headers, 'content-type': 'application/json' }, payload: {} });
    expect(collected.statusCode).toBe(200);
    await settled(bed);
    expect((await earnings(other.driverId, other)).json().summary.total).toEqual({ rides: 1, ...split(fareNgwee) });
  });
});
