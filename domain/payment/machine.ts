import { assertEvent, assign, setup } from 'xstate';
import { emptyPaymentContext, type AttemptStatus, type PaymentAttempt, type PaymentContext } from './attempts.js';
import type { PaymentEvent } from './events.js';
import { named, paymentGuards } from './paymentGuards.js';

const withAttempt = (context: PaymentContext, attempt: number, change: Partial<PaymentAttempt>): PaymentAttempt[] =>
  context.attempts.map((candidate) => (candidate.attempt === attempt ? { ...candidate, ...change } : candidate));

/** The provider's word on the attempt a payment waits on, in every state that waits on one. */
const settledByProvider = { guard: 'canSettle', target: 'succeeded', actions: 'recordSuccess' } as const;
const failedByProvider = [
  { guard: 'failsCurrentAttempt', target: 'failed', actions: 'recordFailure' },
  { guard: 'closesOtherAttempt', actions: 'recordFailure' },
] as const;

/**
 * A ride's payment (stream `payment-<rideId>`): requested → awaitingApproval → succeeded | failed |
 * expired; failed and expired may be retried by a new attempt (another method, say); cash is
 * settled by the driver's confirmation and may be disputed by the rider, an admin deciding;
 * cancelled (waived) and refunded are for good. Money that arrives by an attempt after another
 * one paid the ride is recorded as a duplicate, owed back; nothing is ever counted as paid twice.
 */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
  },
  guards: paymentGuards,
  actions: {
    recordAttempt: assign(({ context, event }) => {
      assertEvent(event, 'PaymentRequested');
      const {
        rideId,
        riderId,
        driverId,
        driverUserId,
        attempt,
        method,
        amountNgwee,
        payer,
        gateway,
        providerReference,
        expiresAt,
        requestedAt,
      } = event.data;
      const status: AttemptStatus = 'requested';
      return {
        rideId,
        riderId,
        driverId,
        driverUserId,
        amountNgwee,
        dispute: null,
        attempts: [
          ...context.attempts,
          {
            attempt,
            method,
            amountNgwee,
            payer,
            gateway,
            providerReference,
            expiresAt,
            requestedAt,
            status,
            providerTransactionId: null,
            failure: null,
          },
        ],
      };
    }),
    markAwaitingApproval: assign(({ context, event }) => {
      assertEvent(event, 'PaymentAwaitingApproval');
      return { attempts: withAttempt(context, event.data.attempt, { status: 'awaitingApproval' }) };
    }),
    recordSuccess: assign(({ context, event }) => {
      assertEvent(event, 'PaymentSucceeded');
      const paid = named(context, event)!;
      // Paid by mobile money, the ride needs no cash any more: a cash request still open is superseded.
      const attempts = withAttempt(context, paid.attempt, {
        status: 'succeeded',
        providerTransactionId: event.data.providerTransactionId,
      }).map((attempt) =>
        attempt.method === 'cash' && (attempt.status === 'requested' || attempt.status === 'disputed')
          ? { ...attempt, status: 'cancelled' as const }
          : attempt,
      );
      return {
        attempts,
        dispute: null,
        settlement: { attempt: paid.attempt, method: paid.method, confirmedBy: 'provider' as const, at: event.data.succeededAt },
      };
    }),
    recordDuplicate: assign(({ context, event }) => {
      assertEvent(event, 'DuplicatePaymentReceived');
      return {
        attempts: withAttempt(context, event.data.attempt, {
          status: 'succeeded',
          providerTransactionId: event.data.providerTransactionId,
        }),
      };
    }),
    recordFailure: assign(({ context, event }) => {
      assertEvent(event, 'PaymentFailed');
      const { attempt, reason, detail } = event.data;
      return { attempts: withAttempt(context, attempt, { status: 'failed', failure: { reason, detail } }) };
    }),
    recordExpiry: assign(({ context, event }) => {
      assertEvent(event, 'PaymentExpired');
      return { attempts: withAttempt(context, event.data.attempt, { status: 'expired' }) };
    }),
    recordCashCollected: assign(({ context, event }) => {
      assertEvent(event, 'CashCollected');
      const { attempt, collectedAt } = event.data;
      return {
        attempts: withAttempt(context, attempt, { status: 'succeeded' }),
        settlement: { attempt, method: 'cash' as const, confirmedBy: 'driver' as const, at: collectedAt },
      };
    }),
    recordDispute: assign(({ context, event }) => {
      assertEvent(event, 'CashPaymentDisputed');
      const { attempt, disputedBy, reason, disputedAt } = event.data;
      return { attempts: withAttempt(context, attempt, { status: 'disputed' }), dispute: { attempt, disputedBy, reason, disputedAt } };
    }),
    recordPaidByResolution: assign(({ context, event }) => {
      assertEvent(event, 'CashDisputeResolved');
      const { attempt, resolvedAt } = event.data;
      return {
        attempts: withAttempt(context, attempt, { status: 'succeeded', failure: null }),
        dispute: null,
        settlement: { attempt, method: 'cash' as const, confirmedBy: 'admin' as const, at: resolvedAt },
      };
    }),
    recordUnpaidByResolution: assign(({ context, event }) => {
      assertEvent(event, 'CashDisputeResolved');
      const failure = { reason: 'cash_not_paid' as const, detail: event.data.note };
      return { attempts: withAttempt(context, event.data.attempt, { status: 'failed', failure }), dispute: null };
    }),
    recordCancellation: assign(({ context, event }) => {
      assertEvent(event, 'PaymentCancelled');
      const { attempt, cancelledBy, reason, cancelledAt } = event.data;
      const attempts = context.attempts.map((candidate) =>
        candidate.attempt === attempt && candidate.status === 'requested' ? { ...candidate, status: 'cancelled' as const } : candidate,
      );
      return { attempts, cancellation: { cancelledBy, reason, cancelledAt } };
    }),
    recordRefundRequest: assign(({ context, event }) => {
      assertEvent(event, 'RefundRequested');
      const { refundReference, attempt, amountNgwee, reason } = event.data;
      return {
        refunds: [...context.refunds, { refundReference, attempt, amountNgwee, reason, status: 'requested' as const, detail: null }],
      };
    }),
    recordRefundOutcome: assign(({ context, event }) => {
      assertEvent(event, ['RefundCompleted', 'RefundFailed']);
      const outcome =
        event.type === 'RefundCompleted' ? { status: 'completed' as const } : { status: 'failed' as const, detail: event.data.detail };
      return {
        refunds: context.refunds.map((refund) =>
          refund.refundReference === event.data.refundReference ? { ...refund, ...outcome } : refund,
        ),
      };
    }),
  },
}).createMachine({
  id: 'payment',
  context: emptyPaymentContext,
  initial: 'none',
  states: {
    none: {
      on: { PaymentRequested: { guard: 'isFirstAttempt', target: 'requested', actions: 'recordAttempt' } },
    },
    requested: {
      on: {
        PaymentAwaitingApproval: { guard: 'isAcceptedByProvider', target: 'awaitingApproval', actions: 'markAwaitingApproval' },
        PaymentSucceeded: settledByProvider,
        PaymentFailed: failedByProvider,
        PaymentExpired: { guard: 'expiresCurrentAttempt', target: 'expired', actions: 'recordExpiry' },
        CashCollected: { guard: 'isCurrentCashRequest', target: 'succeeded', actions: 'recordCashCollected' },
        CashPaymentDisputed: { guard: 'isCurrentCashRequest', target: 'disputed', actions: 'recordDispute' },
        PaymentCancelled: { guard: 'nothingCanSettle', target: 'cancelled', actions: 'recordCancellation' },
      },
    },
    awaitingApproval: {
      on: {
        PaymentSucceeded: settledByProvider,
        PaymentFailed: failedByProvider,
        PaymentExpired: { guard: 'expiresCurrentAttempt', target: 'expired', actions: 'recordExpiry' },
      },
    },
    failed: {
      on: {
        PaymentRequested: { guard: 'isNextAttempt', target: 'requested', actions: 'recordAttempt' },
        PaymentSucceeded: settledByProvider,
        PaymentFailed: { guard: 'closesOtherAttempt', actions: 'recordFailure' },
        CashPaymentDisputed: { guard: 'isCashReportedUnpaid', target: 'disputed', actions: 'recordDispute' },
        PaymentCancelled: { guard: 'nothingCanSettle', target: 'cancelled', actions: 'recordCancellation' },
      },
    },
    expired: {
      on: {
        PaymentRequested: { guard: 'isNextAttempt', target: 'requested', actions: 'recordAttempt' },
        PaymentSucceeded: settledByProvider,
        PaymentFailed: failedByProvider,
        PaymentCancelled: { guard: 'nothingCanSettle', target: 'cancelled', actions: 'recordCancellation' },
      },
    },
    disputed: {
      on: {
        CashDisputeResolved: [
          { guard: 'resolvesAsPaid', target: 'succeeded', actions: 'recordPaidByResolution' },
          { guard: 'resolvesAsNotPaid', target: 'failed', actions: 'recordUnpaidByResolution' },
        ],
        PaymentSucceeded: settledByProvider,
        PaymentFailed: { guard: 'closesOtherAttempt', actions: 'recordFailure' },
      },
    },
    succeeded: {
      always: { guard: 'everythingReturned', target: 'refunded' },
      on: {
        DuplicatePaymentReceived: { guard: 'isDuplicate', actions: 'recordDuplicate' },
        PaymentFailed: { guard: 'closesOpenAttempt', actions: 'recordFailure' },
        RefundRequested: { guard: 'canRefund', target: 'refundRequested', actions: 'recordRefundRequest' },
      },
    },
    refundRequested: {
      on: {
        RefundCompleted: { guard: 'isPendingRefund', target: 'succeeded', actions: 'recordRefundOutcome' },
        RefundFailed: { guard: 'isPendingRefund', target: 'succeeded', actions: 'recordRefundOutcome' },
        DuplicatePaymentReceived: { guard: 'isDuplicate', actions: 'recordDuplicate' },
        PaymentFailed: { guard: 'closesOpenAttempt', actions: 'recordFailure' },
      },
    },
    refunded: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export const paymentStatuses = [
  'requested',
  'awaitingApproval',
  'succeeded',
  'failed',
  'expired',
  'disputed',
  'refundRequested',
  'refunded',
  'cancelled',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
