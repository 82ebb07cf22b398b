import { assertEvent } from 'xstate';
import { isMobileMoneyMethod } from '../catalogue/payments.js';
import {
  anyMayStillSucceed,
  attemptNumbered,
  currentAttempt,
  everythingReturned,
  mayStillSucceed,
  pendingRefund,
  refundableNgwee,
  type PaymentContext,
} from './attempts.js';
import type { PaymentEvent } from './events.js';

interface GuardArgs {
  context: PaymentContext;
  event: PaymentEvent;
}

/** The attempt an event names, if it is one this payment made. */
export const named = (context: PaymentContext, event: { data: { attempt: number } }) => attemptNumbered(context, event.data.attempt);

const isCurrent = (context: PaymentContext, attempt: number) => currentAttempt(context)?.attempt === attempt;

/** When the payment machine takes an event: each rule named, as the machine refers to it. */
export const paymentGuards = {
  isFirstAttempt: ({ event }: GuardArgs) => {
    assertEvent(event, 'PaymentRequested');
    return event.data.attempt === 1;
  },
  isNextAttempt: ({ context, event }: GuardArgs) => {
    assertEvent(event, 'PaymentRequested');
    return event.data.rideId === context.rideId && event.data.attempt === (currentAttempt(context)?.attempt ?? 0) + 1;
  },
  isAcceptedByProvider: ({ context, event }: GuardArgs) => {
    assertEvent(event, 'PaymentAwaitingApproval');
    const attempt = named(context, event);
    return (
      attempt?.status === 'requested' && isCurrent(context, attempt.attempt) && attempt.providerReference === event.data.providerReference
    );
  },
  /** Money came in by an attempt that could still be approved, and nothing has paid the ride yet. */
  canSettle: ({ context, event }: GuardArgs) => {
    assertEvent(event, 'PaymentSucceeded');
    const attempt = named(context, event);
    return (
      context.settlement === null &&
      attempt !== null &&
      mayStillSucceed(attempt) &&
      attempt.providerReference === event.data.providerReference
    );
  },
  isDuplicate: ({ context, event }: GuardArgs) => {
    assertEvent(event, 'DuplicatePaymentReceived');
    const attempt = named(context, event);
    return (
      context.settlement !== null &&
      attempt !== null &&
      mayStillSucceed(attempt) &&
      attempt.providerReference === event.data.providerReference
    );
  },
  failsCurrentAttempt: ({ context, event }: GuardArgs) => {
    assertEvent(event, 'PaymentFailed');
    const attempt = named(context, event);
    if (attempt === null || !isCurrent(context, attempt.attempt)) return false;
    if (event.data.reason === 'cash_not_paid') return attempt.method === 'cash' && attempt.status === 'requested';
    return mayStillSucceed(attempt);
  },
  /** The provider's final word on an attempt other than the one the payment is waiting on. */
  closesOtherAttempt: ({ context, event }: GuardArgs) => {
    assertEvent(event, 'PaymentFailed');
    const attempt = named(context, event);
    return attempt !== null && !isCurrent(context, attempt.attempt) && event.data.reason !== 'cash_not_paid' && mayStillSucceed(attempt);
  },
  /** Once the ride is paid, any attempt still open is closed by its provider's final word. */
  closesOpenAttempt: ({ context, event }: GuardArgs) => {
    assertEvent(event, 'PaymentFailed');
    const attempt = named(context, event);
    return attempt !== null && event.data.reason !== 'cash_not_paid' && mayStillSucceed(attempt);
  },
  expiresCurrentAttempt: ({ context, event }: GuardArgs) => {
    assertEvent(event, 'PaymentExpired');
    const attempt = named(context, event);
    return (
      attempt !== null &&
      isCurrent(context, attempt.attempt) &&
      isMobileMoneyMethod(attempt.method) &&
      (attempt.status === 'requested' || attempt.status === 'awaitingApproval')
    );
  },
  isCurrentCashRequest: ({ context, event }: GuardArgs) => {
    assertEvent(event, ['CashCollected', 'CashPaymentDisputed']);
    const attempt = named(context, event);
    return attempt !== null && isCurrent(context, attempt.attempt) && attempt.method === 'cash' && attempt.status === 'requested';
  },
  isCashReportedUnpaid: ({ context, event }: GuardArgs) => {
    assertEvent(event, 'CashPaymentDisputed');
    const attempt = named(context, event);
    return (
      attempt !== null && isCurrent(context, attempt.attempt) && attempt.method === 'cash' && attempt.failure?.reason === 'cash_not_paid'
    );
  },
  resolvesAsPaid: ({ context, event }: GuardArgs) => {
    assertEvent(event, 'CashDisputeResolved');
    return context.dispute?.attempt === event.data.attempt && event.data.outcome === 'paid';
  },
  resolvesAsNotPaid: ({ context, event }: GuardArgs) => {
    assertEvent(event, 'CashDisputeResolved');
    return context.dispute?.attempt === event.data.attempt && event.data.outcome === 'not_paid';
  },
  nothingCanSettle: ({ context, event }: GuardArgs) => {
    assertEvent(event, 'PaymentCancelled');
    return isCurrent(context, event.data.attempt) && !anyMayStillSucceed(context);
  },
  canRefund: ({ context, event }: GuardArgs) => {
    assertEvent(event, 'RefundRequested');
    return pendingRefund(context) === null && event.data.amountNgwee <= refundableNgwee(context, event.data.attempt);
  },
  isPendingRefund: ({ context, event }: GuardArgs) => {
    assertEvent(event, ['RefundCompleted', 'RefundFailed']);
    const pending = pendingRefund(context);
    return pending?.refundReference === event.data.refundReference && pending.attempt === event.data.attempt;
  },
  everythingReturned: ({ context }: GuardArgs) => everythingReturned(context),
};
