import { isMobileMoneyMethod, type PayableMethod } from '../catalogue/payments.js';
import type { PaymentEventOf } from './events.js';
import type { PaymentFailureReason } from './rules.js';

export type AttemptStatus = 'requested' | 'awaitingApproval' | 'succeeded' | 'failed' | 'expired' | 'disputed' | 'cancelled';

type Requested = PaymentEventOf<'PaymentRequested'>['data'];

/** One try at collecting the fare, as its events tell it. */
export interface PaymentAttempt {
  attempt: number;
  method: PayableMethod;
  amountNgwee: number;
  payer: Requested['payer'];
  gateway: Requested['gateway'];
  providerReference: string | null;
  expiresAt: string | null;
  requestedAt: string;
  status: AttemptStatus;
  providerTransactionId: string | null;
  failure: { reason: PaymentFailureReason; detail: string | null } | null;
}

export interface PaymentRefund {
  refundReference: string;
  attempt: number;
  amountNgwee: number;
  reason: string;
  status: 'requested' | 'completed' | 'failed';
  detail: string | null;
}

export interface PaymentContext {
  rideId: string | null;
  riderId: string | null;
  driverId: string | null;
  driverUserId: string | null;
  /** The ride's agreed fare: what every attempt asks for. */
  amountNgwee: number;
  attempts: PaymentAttempt[];
  /** The attempt that paid the ride, and who confirmed it; null until one did. */
  settlement: { attempt: number; method: PayableMethod; confirmedBy: 'provider' | 'driver' | 'admin'; at: string } | null;
  refunds: PaymentRefund[];
  dispute: { attempt: number; disputedBy: string; reason: string; disputedAt: string } | null;
  cancellation: { cancelledBy: string; reason: string; cancelledAt: string } | null;
}

export const emptyPaymentContext: PaymentContext = {
  rideId: null,
  riderId: null,
  driverId: null,
  driverUserId: null,
  amountNgwee: 0,
  attempts: [],
  settlement: null,
  refunds: [],
  dispute: null,
  cancellation: null,
};

export const currentAttempt = (context: PaymentContext): PaymentAttempt | null => context.attempts.at(-1) ?? null;

export const attemptNumbered = (context: PaymentContext, attempt: number): PaymentAttempt | null =>
  context.attempts.find((candidate) => candidate.attempt === attempt) ?? null;

export const attemptWithReference = (context: PaymentContext, providerReference: string): PaymentAttempt | null =>
  context.attempts.find((candidate) => candidate.providerReference === providerReference) ?? null;

const stillOpen: readonly AttemptStatus[] = ['requested', 'awaitingApproval', 'expired'];

/**
 * Whether money may still arrive by this attempt. A mobile-money request we stopped waiting for
 * (expired) can still be approved on the phone until its provider says it failed, so only the
 * provider's final word closes it.
 */
export const mayStillSucceed = (attempt: PaymentAttempt): boolean =>
  isMobileMoneyMethod(attempt.method) && stillOpen.includes(attempt.status);

export const anyMayStillSucceed = (context: PaymentContext): boolean => context.attempts.some(mayStillSucceed);

export const pendingRefund = (context: PaymentContext): PaymentRefund | null =>
  context.refunds.find((refund) => refund.status === 'requested') ?? null;

const refundedOf = (context: PaymentContext, attempt: number, statuses: ReadonlyArray<PaymentRefund['status']>): number =>
  context.refunds
    .filter((refund) => refund.attempt === attempt && statuses.includes(refund.status))
    .reduce((sum, refund) => sum + refund.amountNgwee, 0);

/** What has gone back to the payer of this attempt. */
export const refundedNgwee = (context: PaymentContext, attempt: number): number => refundedOf(context, attempt, ['completed']);

/** What may still be refunded of an attempt: mobile money that came in, less what went back or is on its way. */
export function refundableNgwee(context: PaymentContext, attempt: number): number {
  const paid = attemptNumbered(context, attempt);
  if (paid === null || paid.status !== 'succeeded' || !isMobileMoneyMethod(paid.method)) return 0;
  return paid.amountNgwee - refundedOf(context, attempt, ['completed', 'requested']);
}

/** The succeeded attempts other than the one that paid the ride: money owed back. */
export const duplicateAttempts = (context: PaymentContext): PaymentAttempt[] =>
  context.attempts.filter((attempt) => attempt.status === 'succeeded' && attempt.attempt !== context.settlement?.attempt);

/**
 * Everything the payer paid has gone back and nothing more can come in: the payment is refunded
 * for good. A ride settled in cash never is (cash goes back by hand, outside the platform).
 */
export function everythingReturned(context: PaymentContext): boolean {
  if (context.settlement === null || pendingRefund(context) !== null || anyMayStillSucceed(context)) return false;
  const received = context.attempts.filter((attempt) => attempt.status === 'succeeded');
  return received.every(
    (attempt) => isMobileMoneyMethod(attempt.method) && refundedNgwee(context, attempt.attempt) === attempt.amountNgwee,
  );
}
