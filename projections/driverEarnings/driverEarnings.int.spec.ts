import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentStreamId, type PaymentEvent } from '../../domain/payment/index.js';
import { schemaVersionOf } from '../../domain/upcasting/index.js';
import type { JsonValue } from '../../platform/eventStore/port.js';
import { cashCollected, cashRequested, momoRequested, awaiting, succeeded, failed, refundRequested, refundCompleted } from '../../tests/support/fixtures/payment.js';
import { useScenarioBed } from '../../tests/support/projectionTestKit.js';
import { projectUntilApplied } from '../../tests/support/projectUntilApplied.js';
import { readModelRows } from '../runner/readModelRows.js';
import { rebuildProjection } from '../runner/rebuild.js';
import type { DriverEarningsTables } from './driverEarnings.table.js';
import { driverEarningsProjection } from './projection.js';
import { earningsByDay, earningsSummary, rideEarnings } from './queries.js';

const MWALE = 'driver-mwale';
const BANDA = 'driver-banda';

/**
 * A ride's payment stream as the write side records it: requested by cash or mobile money for
 * `amountNgwee`, then (unless `settledAt` is null) settled at `settledAt` — cash confirmed by the
 * driver, mobile money approved by the payer.
 */
function payment(rideId: string, driverId: string, amountNgwee: number, method: 'cash' | 'mtn_money', settledAt: string | null): PaymentEvent[] {
  const on = <E extends PaymentEvent>(event: E, data: Record<string, unknown> = {}): E => ({ ...event, data: { ...event.data, rideId, ...data } }) as E;
  const requested = method === 'cash' ? on(cashRequested(), { driverId, amountNgwee }) : on(momoRequested(), { driverId, amountNgwee });
  const history: PaymentEvent[] = method === 'cash' ? [requested] : [requested, on(awaiting())];
  if (settledAt === null) return history;
  return [...history, method === 'cash' ? on(cashCollected(), { amountNgwee, collectedAt: settledAt }) : on(succeeded(), { amountNgwee, succeededAt: settledAt })];
}

describe('driver earnings: from settled payments, gross, 12 % commission and net per driver per Lusaka day', () => {
  const { bed, db } = useScenarioBed('driverearnings', { projections: [driverEarningsProjection], start: '2026-02-20T06:00:00Z' });
  let appended = 0;
  const append = async (rideId: string, events: PaymentEvent[]) => {
    await bed.store.appendToStream(
      paymentStreamId(rideId),
      events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data as unknown as JsonValue, metadata: { schemaVersion: schemaVersionOf(event.type) } })),
    );
    appended += events.length;
  };
  const project = (batchSize = 100) => projectUntilApplied({ ...bed, projection: driverEarningsProjection, events: appended, batchSize });
  const figures = (rides: number, grossNgwee: number, commissionNgwee: number, netNgwee: number) => ({ rides, grossNgwee, commissionNgwee, netNgwee });

  it('counts each ride on the Lusaka day its payment settled, and sums today, this week from Monday and all time', async () => {
    appended = 0;
    await append('sun-late', payment('sun-late', MWALE, 5_000, 'cash', '2026-03-01T21:59:00Z')); // Sunday 23:59 in Lusaka
    await append('mon-midnight', payment('mon-midnight', MWALE, 4_321, 'mtn_money', '2026-03-01T22:00:00Z')); // Monday 00:00
    await append('wed', payment('wed', MWALE, 1_234, 'cash', '2026-03-04T10:00:00Z'));
    await append('sun-night', payment('sun-night', MWALE, 2_000, 'mtn_money', '2026-03-08T21:30:00Z'));
    await append('next-mon', payment('next-mon', MWALE, 1_000, 'cash', '2026-03-08T22:10:00Z'));
    await append('other-driver', payment('other-driver', BANDA, 9_900, 'cash', '2026-03-04T11:00:00Z'));
    await project();

    expect(await earningsByDay(db, MWALE, { from: '2026-02-28', to: '2026-03-09' })).toEqual([
      { day: '2026-03-01', ...figures(1, 5_000, 600, 4_400) },
      { day: '2026-03-02', ...figures(1, 4_321, 519, 3_802) },
      { day: '2026-03-04', ...figures(1, 1_234, 148, 1_086) },
      { day: '2026-03-08', ...figures(1, 2_000, 240, 1_760) },
      { day: '2026-03-09', ...figures(1, 1_000, 120, 880) },
    ]);
    const total = figures(5, 13_555, 1_627, 11_928);
    expect(await earningsSummary(db, MWALE, new Date('2026-03-08T21:45:00Z'))).toEqual({
      day: '2026-03-08', weekStartsOn: '2026-03-02', today: figures(1, 2_000, 240, 1_760), thisWeek: figures(3, 7_555, 907, 6_648), total,
    });
    expect(await earningsSummary(db, 'driver-nobody', new Date('2026-03-09T06:00:00Z'))).toMatchObject({ total: figures(0, 0, 0, 0) });

    const lines = await rideEarnings(db, MWALE, { limit: 2 });
    expect(lines).toEqual([
      { rideId: 'next-mon', day: '2026-03-09', settledAt: new Date('2026-03-08T22:10:00Z'), method: 'cash', grossNgwee: 1_000, commissionNgwee: 120, netNgwee: 880 },
      { rideId: 'sun-night', day: '2026-03-08', settledAt: new Date('2026-03-08T21:30:00Z'), method: 'mtn_money', grossNgwee: 2_000, commissionNgwee: 240, netNgwee: 1_760 },
    ]);
    expect((await rideEarnings(db, MWALE, { before: lines[1]!.settledAt })).map((line) => line.rideId)).toEqual(['wed', 'mon-midnight', 'sun-late']);
  });

  it('counts nothing until the payment settles, nothing for a declined attempt, and takes a refund off', async () => {
    appended = 0;
    await append('unpaid', payment('unpaid', MWALE, 3_000, 'mtn_money', null));
    const declinedThenCash = [...payment('retry', MWALE, 4_000, 'mtn_money', null)];
    declinedThenCash.push({ ...failed(), data: { ...failed().data, rideId: 'retry' } } as PaymentEvent);
    await append('retry', declinedThenCash);
    await project(1);
    expect(await earningsByDay(db, MWALE, { from: '2026-03-01', to: '2026-03-31' })).toEqual([]);

    const cashAfterDecline = payment('retry', MWALE, 4_000, 'cash', '2026-03-04T09:00:00Z').map((event) => ({ ...event, data: { ...event.data, attempt: 2 } }) as PaymentEvent);
    await append('retry', cashAfterDecline);
    const refunded = payment('refunded', MWALE, 5_000, 'mtn_money', '2026-03-04T10:00:00Z');
    await append('refunded', [
      ...refunded,
      { ...refundRequested(1_000), data: { ...refundRequested(1_000).data, rideId: 'refunded' } } as PaymentEvent,
      { ...refundCompleted(1_000), data: { ...refundCompleted(1_000).data, rideId: 'refunded' } } as PaymentEvent,
    ]);
    await project(1);
    expect(await earningsByDay(db, MWALE, { from: '2026-03-04', to: '2026-03-04' })).toEqual([
      // 4 000 in cash, and 5 000 by mobile money less 1 000 refunded.
      { day: '2026-03-04', ...figures(2, 8_000, 480 + 480, 3_520 + 3_520) },
    ]);
    const owed = (await readModelRows(db, 'rm_driver_earnings_daily')).map((row) => [row.owed_to_driver_ngwee, row.owed_by_driver_ngwee]);
    expect(owed).toEqual([['3520', '480']]);
    await expect(earningsByDay(db, MWALE, { from: '2026-03-05', to: '2026-03-04' })).rejects.toThrow('from');
  });

  it('answers analysts per day and payment method, with what is owed each way (analytics.payments_per_day)', async () => {
    appended = 0;
    await append('cash-1', payment('cash-1', MWALE, 3_000, 'cash', '2026-03-04T08:00:00Z'));
    await append('cash-2', payment('cash-2', BANDA, 2_000, 'cash', '2026-03-04T09:00:00Z'));
    await append('momo-1', payment('momo-1', MWALE, 5_000, 'mtn_money', '2026-03-04T10:00:00Z'));
    await append('unpaid', payment('unpaid', BANDA, 9_000, 'mtn_money', null));
    await project();
    const { rows } = await bed.pool.query('SELECT to_char(day, \'YYYY-MM-DD\') AS day, method, paid_rides, revenue_ngwee, commission_ngwee, driver_earnings_ngwee, owed_to_drivers_ngwee, owed_by_drivers_ngwee, drivers_paid FROM analytics.payments_per_day ORDER BY method');
    expect(rows).toEqual([
      { day: '2026-03-04', method: 'cash', paid_rides: 2, revenue_ngwee: '5000', commission_ngwee: '600', driver_earnings_ngwee: '4400', owed_to_drivers_ngwee: '0', owed_by_drivers_ngwee: '600', drivers_paid: 2 },
      { day: '2026-03-04', method: 'mtn_money', paid_rides: 1, revenue_ngwee: '5000', commission_ngwee: '600', driver_earnings_ngwee: '4400', owed_to_drivers_ngwee: '4400', owed_by_drivers_ngwee: '0', drivers_paid: 1 },
    ]);
  });

  it('gives the same rows from one batch, from one event per batch, and when the events are applied twice', async () => {
    appended = 0;
    await append('a', payment('a', MWALE, 3_000, 'cash', '2026-03-04T08:00:00Z'));
    await append('b', payment('b', MWALE, 4_000, 'mtn_money', '2026-03-04T09:00:00Z'));
    await append('c', payment('c', BANDA, 2_500, 'cash', '2026-03-04T09:30:00Z'));
    await project(1_000);
    const ledger = await readModelRows(db, 'rm_driver_earning_rides');
    const daily = await readModelRows(db, 'rm_driver_earnings_daily');
    expect(ledger).toHaveLength(3);
    expect(daily.map((row) => [row.driver_id, row.rides, row.gross_ngwee])).toEqual([
      [BANDA, 1, '2500'],
      [MWALE, 2, '7000'],
    ]);

    await rebuildProjection({ pool: bed.pool, store: bed.store, projection: driverEarningsProjection, batchSize: 1 });
    expect(await readModelRows(db, 'rm_driver_earning_rides')).toEqual(ledger);
    expect(await readModelRows(db, 'rm_driver_earnings_daily')).toEqual(daily);

    const again = await bed.store.readAll({ filter: driverEarningsProjection.filter });
    const readModel: Kysely<DriverEarningsTables> = db;
    await readModel.transaction().execute((trx) => driverEarningsProjection.handle(trx, again.events));
    expect(await readModelRows(db, 'rm_driver_earnings_daily')).toEqual(daily);
  });
});
