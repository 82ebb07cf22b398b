import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/index.js';
import { paymentDecider } from './decider.js';
import { cashCollected, cashPending, paidByMomo, parties, refundCompleted, refundRequested, succeeded } from '../../tests/support/fixtures/payment.js';
import { ledgerLine, ledgerTotals, settledPaymentOf, weeklyStatement, type SettledPayment } from './ledger.js';

const payment = (overrides: Partial<SettledPayment> = {}): SettledPayment => ({
  rideId: 'ride-1',
  driverId: 'driver-mwale',
  method: 'mtn_money',
  amountNgwee: 5_000,
  refundedNgwee: 0,
  settledAt: '2026-03-04T10:00:00.000Z', // a Wednesday
  ...overrides,
});

describe('a ledger line', () => {
  it('mobile money reaches the platform, which owes the driver 88 %', () =>
    expect(ledgerLine(payment())).toEqual({
      rideId: 'ride-1',
      day: '2026-03-04',
      settledAt: '2026-03-04T10:00:00.000Z',
      method: 'mtn_money',
      grossNgwee: 5_000,
      commissionNgwee: 600,
      netNgwee: 4_400,
      owedToDriverNgwee: 4_400,
      owedByDriverNgwee: 0,
    }));

  it('cash stays with the driver, who owes the platform its 12 %', () =>
    expect(ledgerLine(payment({ method: 'cash' }))).toMatchObject({
      grossNgwee: 5_000,
      commissionNgwee: 600,
      owedToDriverNgwee: 0,
      owedByDriverNgwee: 600,
    }));

  it('a refund lowers what the ride earned, and the commission with it', () =>
    expect(ledgerLine(payment({ refundedNgwee: 1_000 }))).toMatchObject({
      grossNgwee: 4_000,
      commissionNgwee: 480,
      netNgwee: 3_520,
      owedToDriverNgwee: 3_520,
    }));

  it('falls on the Lusaka day the payment settled', () =>
    expect(ledgerLine(payment({ settledAt: '2026-03-04T22:30:00.000Z' })).day).toBe('2026-03-05'));
});

describe('the settled payment of a payment stream', () => {
  it('is none until an attempt paid the ride', () => expect(settledPaymentOf(fold(paymentDecider, cashPending))).toBeNull());

  it('tells the method, the fare, what went back and when it settled', () => {
    expect(settledPaymentOf(fold(paymentDecider, [...paidByMomo, refundRequested(1_000), refundCompleted(1_000)]))).toEqual({
      rideId: parties.rideId,
      driverId: parties.driverId,
      method: 'mtn_money',
      amountNgwee: 4_550,
      refundedNgwee: 1_000,
      settledAt: succeeded().data.succeededAt,
    });
    expect(settledPaymentOf(fold(paymentDecider, [...cashPending, cashCollected()]))).toMatchObject({ method: 'cash', refundedNgwee: 0 });
  });
});

describe('a weekly statement', () => {
  const week = [
    payment({ rideId: 'monday-momo', settledAt: '2026-03-01T22:10:00.000Z' }), // Monday 00:10 in Lusaka
    payment({ rideId: 'wednesday-cash', method: 'cash', amountNgwee: 3_000 }),
    payment({ rideId: 'sunday-airtel', method: 'airtel_money', amountNgwee: 1_234, settledAt: '2026-03-08T21:59:00.000Z' }),
    payment({ rideId: 'refunded', refundedNgwee: 5_000 }),
    payment({ rideId: 'next-monday', settledAt: '2026-03-08T22:00:00.000Z' }),
    payment({ rideId: 'the-sunday-before', settledAt: '2026-03-01T21:59:00.000Z' }),
    payment({ rideId: 'another-driver', driverId: 'driver-banda' }),
  ];

  it('adds up the Lusaka week Monday to Sunday: earnings, commission, cash against mobile money, and who owes whom', () => {
    const statement = weeklyStatement('driver-mwale', '2026-03-02', week);
    expect(statement.lines.map((line) => line.rideId)).toEqual(['monday-momo', 'wednesday-cash', 'sunday-airtel']);
    expect(statement).toMatchObject({
      driverId: 'driver-mwale',
      weekStartsOn: '2026-03-02',
      weekEndsOn: '2026-03-08',
      rides: 3,
      grossNgwee: 9_234,
      commissionNgwee: 600 + 360 + 148,
      netNgwee: 4_400 + 2_640 + 1_086,
      cash: { rides: 1, grossNgwee: 3_000, commissionNgwee: 360 },
      mobileMoney: { rides: 2, grossNgwee: 6_234, netNgwee: 5_486 },
      owedToDriverNgwee: 5_486,
      owedByDriverNgwee: 360,
      balanceNgwee: 5_126,
    });
    expect(statement.days.map(({ day, rides }) => [day, rides])).toEqual([
      ['2026-03-02', 1],
      ['2026-03-03', 0],
      ['2026-03-04', 1],
      ['2026-03-05', 0],
      ['2026-03-06', 0],
      ['2026-03-07', 0],
      ['2026-03-08', 1],
    ]);
  });

  it('shows a driver who only took cash owing the platform', () =>
    expect(weeklyStatement('driver-mwale', '2026-03-02', [payment({ method: 'cash' })]).balanceNgwee).toBe(-600));

  it.each(['2026-03-04', '2026-02-30', 'last week'])('refuses a week starting %s, naming the field', (day) =>
    expect(() => weeklyStatement('driver-mwale', day, week)).toThrow(/^weekStartsOn: /),
  );

  it('its days add up to the week, and every ride’s commission and net add up to its fare', () => {
    const method = fc.constantFrom('cash' as const, 'mtn_money' as const, 'airtel_money' as const, 'zamtel_kwacha' as const);
    const settled = fc.record({
      rideId: fc.uuid(),
      driverId: fc.constantFrom('driver-mwale', 'driver-banda'),
      method,
      amountNgwee: fc.integer({ min: 1_200, max: 200_000 }),
      refundedNgwee: fc.constant(0),
      settledAt: fc
        .integer({ min: Date.parse('2026-02-28T00:00:00Z'), max: Date.parse('2026-03-10T00:00:00Z') })
        .map((ms) => new Date(ms).toISOString()),
    });
    fc.assert(
      fc.property(fc.array(settled, { maxLength: 30 }), (payments) => {
        const statement = weeklyStatement('driver-mwale', '2026-03-02', payments);
        expect(ledgerTotals(statement.days.flatMap((day) => statement.lines.filter((line) => line.day === day.day)))).toEqual(
          ledgerTotals(statement.lines),
        );
        for (const key of ['rides', 'grossNgwee', 'commissionNgwee', 'netNgwee', 'balanceNgwee'] as const) {
          expect(statement.days.reduce((sum, day) => sum + day[key], 0)).toBe(statement[key]);
        }
        expect(statement.commissionNgwee + statement.netNgwee).toBe(statement.grossNgwee);
        expect(statement.cash.grossNgwee + statement.mobileMoney.grossNgwee).toBe(statement.grossNgwee);
        expect(statement.balanceNgwee).toBe(statement.mobileMoney.netNgwee - statement.cash.commissionNgwee);
      }),
    );
  });
});
