import type { DecideDeps } from '../shared/decider.js';
import { DomainError, notAllowedInState } from '../shared/errors.js';
import { attemptNumbered, attemptWithReference, currentAttempt, mayStillSucceed, type PaymentAttempt } from './attempts.js';
import type { PaymentCommandOf } from './commands.js';
import { forbidden, isDriver, isRider, possible, requirePayment, requireSystem, type ExistingPayment } from './decisionSupport.js';
import type { PaymentEvent } from './events.js';
import type { PaymentState } from './status.js';

function requireAttemptWithReference(payment: ExistingPayment, providerReference: string): PaymentAttempt {
  const attempt = attemptWithReference(payment, providerReference);
  if (attempt === null) {
    throw new DomainError('not_found', `no attempt of the payment for ride ${payment.rideId} has reference ${providerReference}`, {
      providerReference,
    });
  }
  return attempt;
}

/** The provider took the request. Already past that (a fast callback overtook it), it changes nothing. */
export function recordAwaitingApproval(
  command: PaymentCommandOf<'RecordPaymentAwaitingApproval'>,
  state: PaymentState,
  deps: DecideDeps,
): PaymentEvent[] {
  requireSystem(command);
  const payment = requirePayment(state, command);
  const attempt = requireAttemptWithReference(payment, command.data.providerReference);
  if (attempt.status !== 'requested') return [];
  const data = {
    rideId: payment.rideId,
    attempt: attempt.attempt,
    providerReference: attempt.providerReference!,
    acceptedAt: deps.now.toISOString(),
  };
  return possible(command, state, { type: 'PaymentAwaitingApproval', data });
}

/**
 * The provider says the money came in. Told again (a replayed callback, a poll after the callback)
 * it changes nothing; after another attempt already paid the ride it is a duplicate, owed back.
 */
export function recordSucceeded(
  command: PaymentCommandOf<'RecordPaymentSucceeded'>,
  state: PaymentState,
  deps: DecideDeps,
): PaymentEvent[] {
  requireSystem(command);
  const payment = requirePayment(state, command);
  const attempt = requireAttemptWithReference(payment, command.data.providerReference);
  if (attempt.status === 'succeeded') return [];
  if (!mayStillSucceed(attempt)) throw notAllowedInState(command.type, `attempt ${attempt.attempt} is ${attempt.status}`);
  const common = {
    rideId: payment.rideId,
    attempt: attempt.attempt,
    amountNgwee: attempt.amountNgwee,
    providerReference: attempt.providerReference!,
    providerTransactionId: command.data.providerTransactionId,
  };
  const at = deps.now.toISOString();
  return possible(
    command,
    state,
    payment.settlement === null
      ? { type: 'PaymentSucceeded', data: { ...common, succeededAt: at } }
      : { type: 'DuplicatePaymentReceived', data: { ...common, receivedAt: at } },
  );
}

/** The provider's final word that an attempt collected nothing. Told again, it changes nothing. */
export function recordFailed(command: PaymentCommandOf<'RecordPaymentFailed'>, state: PaymentState, deps: DecideDeps): PaymentEvent[] {
  requireSystem(command);
  const payment = requirePayment(state, command);
  const attempt = requireAttemptWithReference(payment, command.data.providerReference);
  if (attempt.status === 'failed') return [];
  if (!mayStillSucceed(attempt)) throw notAllowedInState(command.type, `attempt ${attempt.attempt} is ${attempt.status}`);
  const { reason, detail } = command.data;
  return possible(command, state, {
    type: 'PaymentFailed',
    data: { rideId: payment.rideId, attempt: attempt.attempt, reason, detail, failedAt: deps.now.toISOString() },
  });
}

/** The approval timer: an unapproved mobile-money attempt expires, not a moment before its time. */
export function expirePayment(command: PaymentCommandOf<'ExpirePayment'>, state: PaymentState, deps: DecideDeps): PaymentEvent[] {
  requireSystem(command);
  const payment = requirePayment(state, command);
  const attempt = attemptNumbered(payment, command.data.attempt);
  if (attempt === null) throw new DomainError('not_found', `the payment for ride ${payment.rideId} has no attempt ${command.data.attempt}`);
  const events = possible(command, state, {
    type: 'PaymentExpired',
    data: { rideId: payment.rideId, attempt: attempt.attempt, expiredAt: deps.now.toISOString() },
  });
  if (deps.now.getTime() < Date.parse(attempt.expiresAt!))
    throw notAllowedInState(command.type, `payment request is valid until ${attempt.expiresAt}`);
  return events;
}

function currentOf(payment: ExistingPayment): PaymentAttempt {
  return currentAttempt(payment)!;
}

/** The driver took the fare in cash: the ride is paid. */
export function confirmCashCollected(
  command: PaymentCommandOf<'ConfirmCashCollected'>,
  state: PaymentState,
  deps: DecideDeps,
): PaymentEvent[] {
  const payment = requirePayment(state, command);
  if (!isDriver(command.actor, payment)) throw forbidden(command);
  const { attempt, amountNgwee } = currentOf(payment);
  const data = { rideId: payment.rideId, attempt, amountNgwee, collectedBy: command.actor.userId, collectedAt: deps.now.toISOString() };
  return possible(command, state, { type: 'CashCollected', data });
}

/** The driver says the rider did not pay the cash: the attempt failed; another may follow. */
export function reportCashNotPaid(command: PaymentCommandOf<'ReportCashNotPaid'>, state: PaymentState, deps: DecideDeps): PaymentEvent[] {
  const payment = requirePayment(state, command);
  if (!isDriver(command.actor, payment)) throw forbidden(command);
  const data = {
    rideId: payment.rideId,
    attempt: currentOf(payment).attempt,
    reason: 'cash_not_paid' as const,
    detail: null,
    failedAt: deps.now.toISOString(),
  };
  return possible(command, state, { type: 'PaymentFailed', data });
}

/** The rider says they paid the cash the driver has not confirmed, or has reported unpaid. */
export function disputeCashPayment(command: PaymentCommandOf<'DisputeCashPayment'>, state: PaymentState, deps: DecideDeps): PaymentEvent[] {
  const payment = requirePayment(state, command);
  if (!isRider(command.actor, payment)) throw forbidden(command);
  const data = {
    rideId: payment.rideId,
    attempt: currentOf(payment).attempt,
    disputedBy: command.actor.userId,
    reason: command.data.reason,
    disputedAt: deps.now.toISOString(),
  };
  return possible(command, state, { type: 'CashPaymentDisputed', data });
}

/** An admin decides a cash dispute: paid settles the ride, not paid leaves it to be paid again. */
export function resolveCashDispute(command: PaymentCommandOf<'ResolveCashDispute'>, state: PaymentState, deps: DecideDeps): PaymentEvent[] {
  const payment = requirePayment(state, command);
  if (command.actor.role !== 'admin') throw forbidden(command);
  const { outcome, note } = command.data;
  const attempt = payment.dispute?.attempt ?? currentOf(payment).attempt;
  const data = { rideId: payment.rideId, attempt, outcome, resolvedBy: command.actor.userId, note, resolvedAt: deps.now.toISOString() };
  return possible(command, state, { type: 'CashDisputeResolved', data });
}

/** An admin waives a payment, once no attempt could still bring money in. */
export function cancelPayment(command: PaymentCommandOf<'CancelPayment'>, state: PaymentState, deps: DecideDeps): PaymentEvent[] {
  const payment = requirePayment(state, command);
  if (command.actor.role !== 'admin') throw forbidden(command);
  const data = {
    rideId: payment.rideId,
    attempt: currentOf(payment).attempt,
    cancelledBy: command.actor.userId,
    reason: command.data.reason,
    cancelledAt: deps.now.toISOString(),
  };
  const open = payment.attempts.find(mayStillSucceed);
  const unsettled = ['requested', 'awaitingApproval', 'failed', 'expired'].some((status) => state.matches(status as never));
  if (open && unsettled) {
    throw notAllowedInState(
      command.type,
      `attempt ${open.attempt} may still be approved on the payer's phone; wait for its provider's final status`,
    );
  }
  return possible(command, state, { type: 'PaymentCancelled', data });
}
