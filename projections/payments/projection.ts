import type { Transaction } from 'kysely';
import { currentAttempt, duplicateAttempts, paymentStatus } from '../../domain/payment/index.js';
import { attemptNumbered, refundedNgwee, type PaymentAttempt } from '../../domain/payment/attempts.js';
import { defineProjection } from '../runner/projection.js';
import { foldPayments, paymentRideIds, type FoldedPayment, type StoredPaymentState } from '../shared/paymentFold.js';
import { streamPrefixes } from '../shared/storedEvents.js';
import { anyOf, type JsonRow, upsertRows } from '../shared/upsert.js';
import { paymentsMigrations } from './migrations.js';
import type { PaymentsTables } from './payments.table.js';

type Trx = Transaction<PaymentsTables>;

async function loadStates(trx: Trx, rideIds: string[]): Promise<Map<string, StoredPaymentState>> {
  if (rideIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('rm_payments')
    .select(['ride_id', 'status', 'context', 'last_revision'])
    .where('ride_id', '=', anyOf(rideIds))
    .execute();
  return new Map(rows.map((row) => [row.ride_id, row]));
}

function rowOf(folded: FoldedPayment): JsonRow<PaymentsTables['rm_payments']> | null {
  const { context } = folded.state;
  const status = paymentStatus(folded.state);
  const current = currentAttempt(context);
  if (status === null || current === null || context.riderId === null || context.driverId === null || context.driverUserId === null) return null;
  const first = context.attempts[0]!;
  const paid: PaymentAttempt | null = context.settlement ? attemptNumbered(context, context.settlement.attempt) : null;
  const updatedAt = folded.added.at(-1)!.created;
  return {
    ride_id: folded.rideId,
    rider_id: context.riderId,
    driver_id: context.driverId,
    driver_user_id: context.driverUserId,
    status,
    amount_ngwee: context.amountNgwee,
    attempt: current.attempt,
    method: current.method,
    gateway: current.gateway,
    provider_reference: (paid ?? current).providerReference,
    provider_transaction_id: (paid ?? current).providerTransactionId,
    failure_reason: current.failure?.reason ?? null,
    failure_detail: current.failure?.detail ?? null,
    expires_at: current.expiresAt === null ? null : new Date(current.expiresAt),
    settled_method: context.settlement?.method ?? null,
    settled_by: context.settlement?.confirmedBy ?? null,
    settled_at: context.settlement ? new Date(context.settlement.at) : null,
    refunded_ngwee: paid ? refundedNgwee(context, paid.attempt) : 0,
    owed_back_ngwee: duplicateAttempts(context).reduce((sum, attempt) => sum + attempt.amountNgwee - refundedNgwee(context, attempt.attempt), 0),
    requested_at: new Date(first.requestedAt),
    updated_at: updatedAt,
    context,
    last_revision: folded.lastRevision,
  };
}

/**
 * Payments as people read them: each ride's payment (riders, drivers, the receipt, admins), every
 * attempt that collected nothing (the admins' failures list) and every refund. Folded through
 * the payment machine itself, from the state kept in the row.
 */
export const paymentsProjection = defineProjection<PaymentsTables>({
  name: 'payments',
  filter: { streamNamePrefixes: [streamPrefixes.payment] },
  tables: ['rm_payments', 'rm_payment_failures', 'rm_payment_refunds'],
  migrations: paymentsMigrations,
  async handle(trx, events) {
    const stored = await loadStates(trx, paymentRideIds(events));
    const folded = foldPayments(stored, events);
    const rows = folded.map(rowOf).filter((row) => row !== null);
    await upsertRows(trx, 'rm_payments', rows, { key: ['ride_id'], onConflict: 'replace' });
    for (const payment of folded) {
      const { context } = payment.state;
      for (const { event, created } of payment.added) {
        switch (event.type) {
          case 'PaymentFailed':
          case 'PaymentExpired': {
            const attempt = attemptNumbered(context, event.data.attempt)!;
            const reason = event.type === 'PaymentFailed' ? event.data.reason : 'expired';
            const detail = event.type === 'PaymentFailed' ? event.data.detail : null;
            const failedAt = new Date(event.type === 'PaymentFailed' ? event.data.failedAt : event.data.expiredAt);
            await trx
              .insertInto('rm_payment_failures')
              .values({
                ride_id: payment.rideId,
                attempt: attempt.attempt,
                rider_id: context.riderId!,
                driver_id: context.driverId!,
                method: attempt.method,
                gateway: attempt.gateway,
                reason,
                detail,
                amount_ngwee: attempt.amountNgwee,
                failed_at: failedAt,
              })
              .onConflict((oc) => oc.columns(['ride_id', 'attempt']).doUpdateSet({ reason, detail, failed_at: failedAt }))
              .execute();
            break;
          }
          case 'RefundRequested':
            await trx
              .insertInto('rm_payment_refunds')
              .values({
                refund_reference: event.data.refundReference,
                ride_id: payment.rideId,
                attempt: event.data.attempt,
                rider_id: context.riderId!,
                amount_ngwee: event.data.amountNgwee,
                reason: event.data.reason,
                status: 'requested',
                detail: null,
                requested_at: new Date(event.data.requestedAt),
                updated_at: created,
              })
              .onConflict((oc) => oc.column('refund_reference').doNothing())
              .execute();
            break;
          case 'RefundCompleted':
          case 'RefundFailed':
            await trx
              .updateTable('rm_payment_refunds')
              .set({
                status: event.type === 'RefundCompleted' ? 'completed' : 'failed',
                detail: event.type === 'RefundFailed' ? event.data.detail : null,
                updated_at: created,
              })
              .where('refund_reference', '=', event.data.refundReference)
              .execute();
            break;
          default:
            break;
        }
      }
    }
  },
});
