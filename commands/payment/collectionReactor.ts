import type { Transaction } from 'kysely';
import type { PaymentEvent } from '../../domain/payment/index.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { defineProjection, type Projection } from '../../projections/runner/projection.js';
import { isStreamOf, streamPrefix } from '../../domain/streams.js';
import { domainEventOf } from '../reactors/reaction.js';
import { paymentCollectionMigrations, type PaymentCollectionTables } from './collectionTable.js';

const NAME = 'paymentCollection';
type Trx = Transaction<PaymentCollectionTables>;

async function onPaymentEvent(trx: Trx, recorded: RecordedEvent): Promise<void> {
  const event = domainEventOf<PaymentEvent>(recorded);
  switch (event.type) {
    case 'PaymentRequested': {
      const { rideId, attempt, method, amountNgwee, payer, gateway, providerReference, requestedAt } = event.data;
      if (payer === null || gateway === null || providerReference === null) return;
      await trx
        .insertInto('payment_collection_attempts')
        .values({
          reference: providerReference,
          ride_id: rideId,
          attempt,
          gateway,
          method,
          msisdn: payer.msisdn,
          network: payer.network,
          amount_ngwee: amountNgwee,
          state: 'to_send',
          ledger_status: 'requested',
          provider_transaction_id: null,
          requested_at: new Date(requestedAt),
          next_check_at: new Date(requestedAt),
          last_problem: null,
        })
        .onConflict((oc) => oc.column('reference').doNothing())
        .execute();
      return;
    }
    case 'PaymentAwaitingApproval':
      await trx
        .updateTable('payment_collection_attempts')
        .set({ ledger_status: 'awaitingApproval' })
        .where('reference', '=', event.data.providerReference)
        .where('ledger_status', '=', 'requested')
        .execute();
      await trx
        .updateTable('payment_collection_attempts')
        .set({ state: 'sent' })
        .where('reference', '=', event.data.providerReference)
        .where('state', '=', 'to_send')
        .execute();
      return;
    case 'PaymentSucceeded':
    case 'DuplicatePaymentReceived':
      await trx
        .updateTable('payment_collection_attempts')
        .set({ ledger_status: 'succeeded', state: 'closed', provider_transaction_id: event.data.providerTransactionId })
        .where('reference', '=', event.data.providerReference)
        .execute();
      return;
    case 'PaymentFailed':
      await trx
        .updateTable('payment_collection_attempts')
        .set({ ledger_status: 'failed', state: 'closed' })
        .where('ride_id', '=', event.data.rideId)
        .where('attempt', '=', event.data.attempt)
        .execute();
      return;
    case 'PaymentExpired':
      // We stop waiting; the payer may still approve until the provider's final word: keep asking.
      await trx
        .updateTable('payment_collection_attempts')
        .set({ ledger_status: 'expired' })
        .where('ride_id', '=', event.data.rideId)
        .where('attempt', '=', event.data.attempt)
        .where('ledger_status', 'in', ['requested', 'awaitingApproval'])
        .execute();
      return;
    case 'RefundRequested': {
      const { rideId, attempt, refundReference, amountNgwee, reason, requestedAt } = event.data;
      const paid = await trx
        .selectFrom('payment_collection_attempts')
        .select(['reference', 'gateway'])
        .where('ride_id', '=', rideId)
        .where('attempt', '=', attempt)
        .executeTakeFirst();
      if (!paid) return;
      await trx
        .insertInto('payment_collection_refunds')
        .values({
          refund_reference: refundReference,
          ride_id: rideId,
          attempt,
          payment_reference: paid.reference,
          gateway: paid.gateway,
          amount_ngwee: amountNgwee,
          reason,
          state: 'to_send',
          ledger_status: 'requested',
          requested_at: new Date(requestedAt),
          next_check_at: new Date(requestedAt),
          last_problem: null,
        })
        .onConflict((oc) => oc.column('refund_reference').doNothing())
        .execute();
      return;
    }
    case 'RefundCompleted':
    case 'RefundFailed':
      await trx
        .updateTable('payment_collection_refunds')
        .set({ ledger_status: event.type === 'RefundCompleted' ? 'completed' : 'failed', state: 'closed' })
        .where('refund_reference', '=', event.data.refundReference)
        .execute();
      return;
    default:
      return;
  }
}

/**
 * Keeps the collector's work list in step with the payment streams: each mobile-money attempt
 * and refund the ledger asks for is put to send; what the ledger records of it (the provider
 * took it, it succeeded, failed, expired) moves or closes it. Rows are keyed by reference, so an
 * event applied twice changes nothing.
 */
export function paymentCollectionReactor(): Projection<PaymentCollectionTables> {
  return defineProjection<PaymentCollectionTables>({
    name: NAME,
    filter: { streamNamePrefixes: [streamPrefix('payment')] },
    tables: ['payment_collection_attempts', 'payment_collection_refunds'],
    migrations: paymentCollectionMigrations,
    async handle(trx, events) {
      for (const recorded of events) {
        if (isStreamOf('payment', recorded.streamName)) await onPaymentEvent(trx, recorded);
      }
    },
  });
}
