import { sql, type Transaction } from 'kysely';
import { ledgerLine, paymentStatus, settledPaymentOf } from '../../domain/payment/index.js';
import { defineProjection } from '../runner/projection.js';
import { foldPayments, paymentRideIds, type FoldedPayment, type StoredPaymentState } from '../shared/paymentFold.js';
import { streamPrefixes } from '../shared/storedEvents.js';
import { anyOf, type JsonRow, upsertRows } from '../shared/upsert.js';
import type { DriverEarningsTables } from './driverEarnings.table.js';
import { driverEarningsMigrations } from './migrations.js';

type Trx = Transaction<DriverEarningsTables>;

/** A driver's Lusaka day: the key of a daily total. */
interface DayKey {
  driverId: string;
  day: string;
}

/** The ledger row of a folded payment: its state, and its line once it settled (zeros before, or when refunded in full). */
export function earningRowOf(folded: FoldedPayment): JsonRow<DriverEarningsTables['rm_driver_earning_rides']> | null {
  const { context } = folded.state;
  const status = paymentStatus(folded.state);
  if (status === null || context.driverId === null) return null;
  const settled = settledPaymentOf(folded.state);
  const line = settled ? ledgerLine(settled) : null;
  const counts = line !== null && line.grossNgwee > 0 ? line : null;
  return {
    ride_id: folded.rideId,
    driver_id: context.driverId,
    payment_status: status,
    payment_context: context,
    last_revision: folded.lastRevision,
    method: line?.method ?? null,
    settled_at: line ? new Date(line.settledAt) : null,
    day: counts?.day ?? null,
    gross_ngwee: counts?.grossNgwee ?? 0,
    commission_ngwee: counts?.commissionNgwee ?? 0,
    net_ngwee: counts?.netNgwee ?? 0,
    owed_to_driver_ngwee: counts?.owedToDriverNgwee ?? 0,
    owed_by_driver_ngwee: counts?.owedByDriverNgwee ?? 0,
  };
}

const inDays = (keys: readonly DayKey[]) => sql<boolean>`(driver_id, day) IN (${sql.join(keys.map((key) => sql`(${key.driverId}, ${key.day}::date)`))})`;

/**
 * The driver's earnings from settled payments (issue 12): each ride's payment folded through the
 * payment machine from the state kept in its row; once it settles (mobile money approved, cash
 * confirmed by the driver) its ledger line counts on the Lusaka day it settled, less any refund.
 * The daily totals of the days a page touched are summed again from the rows, so a refund, a
 * dispute or an event applied twice leaves them right.
 */
export const driverEarningsProjection = defineProjection<DriverEarningsTables>({
  name: 'driverEarnings',
  version: 2,
  filter: { streamNamePrefixes: [streamPrefixes.payment] },
  tables: ['rm_driver_earning_rides', 'rm_driver_earnings_daily'],
  migrations: driverEarningsMigrations,
  async handle(trx: Trx, events) {
    const rideIds = paymentRideIds(events);
    if (rideIds.length === 0) return;
    const before = await trx
      .selectFrom('rm_driver_earning_rides')
      .select(['ride_id', 'driver_id', 'payment_status', 'payment_context', 'last_revision', sql<string | null>`to_char(day, 'YYYY-MM-DD')`.as('day')])
      .where('ride_id', '=', anyOf(rideIds))
      .execute();
    const stored = new Map<string, StoredPaymentState>(
      before.map((row) => [row.ride_id, { ride_id: row.ride_id, status: row.payment_status, context: row.payment_context, last_revision: row.last_revision }]),
    );
    const rows = foldPayments(stored, events).map(earningRowOf).filter((row) => row !== null);
    if (rows.length === 0) return;
    await upsertRows(trx, 'rm_driver_earning_rides', rows, { key: ['ride_id'], onConflict: 'replace' });

    const touched = new Map<string, DayKey>();
    const touch = (driverId: string, day: string | null | undefined) => {
      if (day) touched.set(`${driverId}/${day}`, { driverId, day });
    };
    for (const row of before) touch(row.driver_id, row.day);
    for (const row of rows) touch(row.driver_id, row.day as string | null);
    const keys = [...touched.values()];
    if (keys.length === 0) return;
    await trx.deleteFrom('rm_driver_earnings_daily').where(inDays(keys)).execute();
    await trx
      .insertInto('rm_driver_earnings_daily')
      .columns(['driver_id', 'day', 'rides', 'gross_ngwee', 'commission_ngwee', 'net_ngwee', 'owed_to_driver_ngwee', 'owed_by_driver_ngwee'])
      .expression((eb) =>
        eb
          .selectFrom('rm_driver_earning_rides')
          .select([
            'driver_id',
            sql<string>`day`.as('day'),
            sql<number>`count(*)::int`.as('rides'),
            sql<number>`sum(gross_ngwee)`.as('gross_ngwee'),
            sql<number>`sum(commission_ngwee)`.as('commission_ngwee'),
            sql<number>`sum(net_ngwee)`.as('net_ngwee'),
            sql<number>`sum(owed_to_driver_ngwee)`.as('owed_to_driver_ngwee'),
            sql<number>`sum(owed_by_driver_ngwee)`.as('owed_by_driver_ngwee'),
          ])
          .where('day', 'is not', null)
          .where(inDays(keys))
          .groupBy(['driver_id', 'day']),
      )
      .execute();
  },
});
