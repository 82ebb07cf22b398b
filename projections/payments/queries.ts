import type { Kysely } from 'kysely';
import type { PaymentFailureRow, PaymentRefundRow, PaymentRow, PaymentsTables } from './payments.table.js';

type Db = Kysely<PaymentsTables>;

export interface Page {
  limit: number;
  /** Only rows older than this instant (the previous page's last one). */
  before?: Date;
}

export const paymentOfRide = (db: Db, rideId: string): Promise<PaymentRow | undefined> =>
  db.selectFrom('rm_payments').selectAll().where('ride_id', '=', rideId).executeTakeFirst();

/** A rider's payments, newest first. */
export function paymentsOfRider(db: Db, riderId: string, page: Page): Promise<PaymentRow[]> {
  let query = db.selectFrom('rm_payments').selectAll().where('rider_id', '=', riderId);
  if (page.before) query = query.where('requested_at', '<', page.before);
  return query.orderBy('requested_at', 'desc').orderBy('ride_id').limit(page.limit).execute();
}

/** Every payment, newest first, optionally of one status (the admins' list). */
export function listPayments(db: Db, filter: Page & { status?: PaymentRow['status'] }): Promise<PaymentRow[]> {
  let query = db.selectFrom('rm_payments').selectAll();
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.before) query = query.where('requested_at', '<', filter.before);
  return query.orderBy('requested_at', 'desc').orderBy('ride_id').limit(filter.limit).execute();
}

/** Attempts that collected nothing, newest first. */
export function listPaymentFailures(db: Db, page: Page): Promise<PaymentFailureRow[]> {
  let query = db.selectFrom('rm_payment_failures').selectAll();
  if (page.before) query = query.where('failed_at', '<', page.before);
  return query.orderBy('failed_at', 'desc').orderBy('ride_id').orderBy('attempt').limit(page.limit).execute();
}

export function listRefunds(db: Db, page: Page): Promise<PaymentRefundRow[]> {
  let query = db.selectFrom('rm_payment_refunds').selectAll();
  if (page.before) query = query.where('requested_at', '<', page.before);
  return query.orderBy('requested_at', 'desc').orderBy('refund_reference').limit(page.limit).execute();
}

/** The payments that settled a driver's rides between two instants (the ledger's input). */
export function settledPaymentsOfDriver(db: Db, driverId: string, range: { from: Date; to: Date }): Promise<PaymentRow[]> {
  return db
    .selectFrom('rm_payments')
    .selectAll()
    .where('driver_id', '=', driverId)
    .where('settled_at', '>=', range.from)
    .where('settled_at', '<', range.to)
    .orderBy('settled_at')
    .execute();
}
