import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentStreamId, type PaymentEvent } from '../../../domain/payment/index.js';
import { schemaVersionOf } from '../../../domain/upcasting/index.js';
import type { JsonValue } from '../../../platform/eventStore/port.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import { awaiting, cashCollected, cashRequested, failed, momoRequested, refundCompleted, refundRequested, succeeded } from '../../../tests/support/fixtures/payment.js';
import { AnalyticsReport, PaymentsLine } from '../../../contract/analytics.js';

/**
 * The admin analytics' payments settled (analytics.payments_per_day through GET /api/admin/analytics
 * and payments.csv): payment streams appended as the write side records them, counted per Lusaka day
 * the payment settled and per method, less refunds; a declined attempt and a ride refunded in full
 * count nothing.
 */

const MWALE = 'driver-mwale';
const BANDA = 'driver-banda';

let bed: ApiTestBed;
let admin: SignedIn;
let rider: SignedIn;

/** Give an event another ride (and, for mobile money, a provider reference of that ride's own). */
const on = <E extends PaymentEvent>(event: E, data: Record<string, unknown>): E => ({ ...event, data: { ...event.data, ...data } }) as E;

/** A ride's payment by cash for `amountNgwee`, confirmed by the driver at `settledAt`. */
function cash(rideId: string, driverId: string, amountNgwee: number, settledAt: string, attempt = 1): PaymentEvent[] {
  return [on(cashRequested(attempt), { rideId, driverId, amountNgwee }), on(cashCollected(attempt), { rideId, amountNgwee, collectedAt: settledAt })];
}

/** A ride's MTN mobile money request, approved by the payer at `settledAt` or (`settledAt` null) declined. */
function momo(rideId: string, driverId: string, amountNgwee: number, settledAt: string | null): PaymentEvent[] {
  const providerReference = randomUUID();
  const asked = [on(momoRequested(), { rideId, driverId, amountNgwee, providerReference }), on(awaiting(), { rideId, providerReference })];
  if (settledAt === null) return [...asked, on(failed(1, 'declined'), { rideId })];
  return [...asked, on(succeeded(), { rideId, amountNgwee, providerReference, succeededAt: settledAt })];
}

function refunded(rideId: string, amountNgwee: number): PaymentEvent[] {
  const refundReference = randomUUID();
  return [on(refundRequested(amountNgwee), { rideId, refundReference }), on(refundCompleted(amountNgwee), { rideId, refundReference })];
}

async function append(rideId: string, events: PaymentEvent[]) {
  await bed.store.appendToStream(
    paymentStreamId(rideId),
    events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data as unknown as JsonValue, metadata: { schemaVersion: schemaVersionOf(event.type) } })),
  );
}

beforeAll(async () => {
  // 10:00 in Lusaka, Thursday 5 March 2026: the default 30 days reach back to 4 February.
  bed = await startApiTestBed({ startAt: new Date('2026-03-05T08:00:00Z') });
  [admin, rider] = await Promise.all([bed.signIn('admin'), bed.signIn('passenger')]);
  // 23:59 in Lusaka on the 3rd, and a minute later (00:00 on the 4th): two days.
  await append('cash-late', cash('cash-late', MWALE, 5_000, '2026-03-03T21:59:00Z'));
  await append('cash-midnight', cash('cash-midnight', BANDA, 3_000, '2026-03-03T22:00:00Z'));
  // K40.00 by mobile money, K10.00 of it refunded: K30.00 taken.
  await append('momo-refunded', [...momo('momo-refunded', MWALE, 4_000, '2026-03-04T08:00:00Z'), ...refunded('momo-refunded', 1_000)]);
  // Refunded in full: nothing taken, no ride paid.
  await append('momo-given-back', [...momo('momo-given-back', BANDA, 2_000, '2026-03-04T09:00:00Z'), ...refunded('momo-given-back', 2_000)]);
  // Declined by the payer: nothing, ever.
  await append('momo-declined', momo('momo-declined', BANDA, 6_000, null));
  // Declined, then paid in cash (the second attempt): the cash counts, the declined request nothing.
  await append('declined-then-cash', [...momo('declined-then-cash', MWALE, 2_500, null), ...cash('declined-then-cash', MWALE, 2_500, '2026-03-04T10:00:00Z', 2)]);
  await bed.settle();
}, 120_000);
afterAll(() => bed?.close());

const get = (url: string, who: SignedIn = admin) => bed.app.inject({ method: 'GET', url, headers: who.headers });
const line = (day: string, method: string, figures: Omit<PaymentsLine, 'day' | 'method'>): PaymentsLine => ({ day, method, ...figures });

// 12 % commission rounded half up, the rest the drivers'; cash leaves the commission owed by the
// driver, mobile money the drivers' share owed by the platform.
const onThe3rd = [line('2026-03-03', 'cash', { paidRides: 1, revenueNgwee: 5_000, commissionNgwee: 600, driverEarningsNgwee: 4_400, owedToDriversNgwee: 0, owedByDriversNgwee: 600, driversPaid: 1 })];
const onThe4th = [
  // 3 000 (Banda at midnight) + 2 500 (Mwale's second attempt)
  line('2026-03-04', 'cash', { paidRides: 2, revenueNgwee: 5_500, commissionNgwee: 660, driverEarningsNgwee: 4_840, owedToDriversNgwee: 0, owedByDriversNgwee: 660, driversPaid: 2 }),
  // 4 000 less 1 000 refunded; the ride refunded in full and the declined one are not there.
  line('2026-03-04', 'mtn_money', { paidRides: 1, revenueNgwee: 3_000, commissionNgwee: 360, driverEarningsNgwee: 2_640, owedToDriversNgwee: 2_640, owedByDriversNgwee: 0, driversPaid: 1 }),
];

describe('GET /api/admin/analytics: payments settled', () => {
  it('counts the money taken per Lusaka day the payment settled and per method, less refunds, nothing for a declined attempt', async () => {
    const response = await get('/api/admin/analytics');
    expect(response.statusCode, response.body).toBe(200);
    const report = AnalyticsReport.parse(response.json());
    expect(report).toMatchObject({ from: '2026-02-04', to: '2026-03-05' });
    expect(report.payments).toEqual([...onThe3rd, ...onThe4th]);
    // Work done is another view: none of these rides was completed through the ride streams.
    expect(report.revenue).toEqual([]);
  });

  it('honours the range of days, and counts every city and vehicle type whatever the filters say', async () => {
    expect(AnalyticsReport.parse((await get('/api/admin/analytics?from=2026-03-04&to=2026-03-04')).json()).payments).toEqual(onThe4th);
    expect(AnalyticsReport.parse((await get('/api/admin/analytics?from=2026-03-01&to=2026-03-03')).json()).payments).toEqual(onThe3rd);
    expect(AnalyticsReport.parse((await get('/api/admin/analytics?from=2026-03-05&to=2026-03-31')).json()).payments).toEqual([]);
    expect(AnalyticsReport.parse((await get('/api/admin/analytics?city=ndola&vehicleType=truck')).json()).payments).toEqual([...onThe3rd, ...onThe4th]);
  });

  it('refuses a bad range with a 400 naming the field, and is for admins only', async () => {
    for (const [query, field] of [['from=2026-03-32', 'querystring.from'], ['from=2026-03-05&to=2026-03-04', 'querystring.from'], ['from=2025-01-01&to=2026-03-04', 'querystring.to']]) {
      const response = await get(`/api/admin/analytics?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toContain(field);
    }
    expect((await get('/api/admin/analytics', rider)).statusCode).toBe(403);
    expect((await bed.app.inject({ method: 'GET', url: '/api/admin/analytics' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/analytics/payments.csv', () => {
  it('downloads the payments per day and method, named after the days only (the city filter leaves them whole)', async () => {
    const response = await get('/api/admin/analytics/payments.csv?from=2026-03-01&to=2026-03-31&city=kitwe');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="tiyende-payments-2026-03-01-to-2026-03-31.csv"');
    expect(response.body.split('\r\n')).toEqual([
      'day,method,paidRides,revenueNgwee,commissionNgwee,driverEarningsNgwee,owedToDriversNgwee,owedByDriversNgwee,driversPaid',
      '2026-03-03,cash,1,5000,600,4400,0,600,1',
      '2026-03-04,cash,2,5500,660,4840,0,660,2',
      '2026-03-04,mtn_money,1,3000,360,2640,2640,0,1',
      '',
    ]);
    expect((await get('/api/admin/analytics/payments.csv?from=2026-03-05')).body).toBe(
      'day,method,paidRides,revenueNgwee,commissionNgwee,driverEarningsNgwee,owedToDriversNgwee,owedByDriversNgwee,driversPaid\r\n',
    );
  });

  it('refuses a bad filter naming the field, and strangers', async () => {
    const badDay = await get('/api/admin/analytics/payments.csv?to=2026-02-30');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().message).toContain('querystring.to');
    expect((await get('/api/admin/analytics/payments.csv', rider)).statusCode).toBe(403);
    expect((await bed.app.inject({ method: 'GET', url: '/api/admin/analytics/payments.csv' })).statusCode).toBe(401);
  });
});
