import { isMobileMoneyMethod } from '../catalogue/payments.js';
import type { DecideDeps } from '../shared/decider.js';
import { DomainError, notAllowedInState } from '../shared/errors.js';
import { attemptNumbered, refundableNgwee, type PaymentRefund } from './attempts.js';
import type { PaymentCommandOf } from './commands.js';
import { forbidden, invalid, possible, requirePayment, requireSystem, type ExistingPayment } from './decisionSupport.js';
import type { PaymentEvent } from './events.js';
import { describePaymentState, type PaymentState } from './status.js';

/** An admin sends money back: part or all of what one attempt collected, never more. */
export function requestRefund(command: PaymentCommandOf<'RequestRefund'>, state: PaymentState, deps: DecideDeps): PaymentEvent[] {
  const payment = requirePayment(state, command);
  if (command.actor.role !== 'admin') throw forbidden(command);
  if (payment.settlement === null || !state.matches('succeeded')) throw notAllowedInState(command.type, describePaymentState(state));
  const { amountNgwee, reason, refundReference } = command.data;
  const number = command.data.attempt ?? payment.settlement.attempt;
  const attempt = attemptNumbered(payment, number);
  if (attempt === null) throw new DomainError('not_found', `the payment for ride ${payment.rideId} has no attempt ${number}`);
  if (attempt.status !== 'succeeded') throw notAllowedInState(command.type, `attempt ${number} collected nothing`);
  if (!isMobileMoneyMethod(attempt.method))
    throw notAllowedInState(command.type, `attempt ${number} was paid in cash, which is refunded by hand`);
  if (payment.refunds.some((refund) => refund.refundReference === refundReference)) {
    throw invalid('refundReference', 'was already used by another refund');
  }
  const event: PaymentEvent = {
    type: 'RefundRequested',
    data: {
      rideId: payment.rideId,
      attempt: number,
      refundReference,
      amountNgwee,
      reason,
      requestedBy: command.actor.userId,
      requestedAt: deps.now.toISOString(),
    },
  };
  const refundable = refundableNgwee(payment, number);
  if (amountNgwee > refundable)
    throw invalid('amountNgwee', `at most ${refundable} ngwee of attempt ${number} can be refunded`, { refundable });
  return possible(command, state, event);
}

function requireRefund(payment: ExistingPayment, refundReference: string): PaymentRefund {
  const refund = payment.refunds.find((candidate) => candidate.refundReference === refundReference);
  if (!refund)
    throw new DomainError('not_found', `the payment for ride ${payment.rideId} has no refund ${refundReference}`, { refundReference });
  return refund;
}

/** The provider sent the refund. Told again, nothing changes. */
export function recordRefundCompleted(
  command: PaymentCommandOf<'RecordRefundCompleted'>,
  state: PaymentState,
  deps: DecideDeps,
): PaymentEvent[] {
  requireSystem(command);
  const payment = requirePayment(state, command);
  const refund = requireRefund(payment, command.data.refundReference);
  if (refund.status === 'completed') return [];
  if (refund.status === 'failed') throw notAllowedInState(command.type, `refund ${refund.refundReference} has failed`);
  const data = {
    rideId: payment.rideId,
    attempt: refund.attempt,
    refundReference: refund.refundReference,
    amountNgwee: refund.amountNgwee,
    providerTransactionId: command.data.providerTransactionId,
    completedAt: deps.now.toISOString(),
  };
  return possible(command, state, { type: 'RefundCompleted', data });
}

/** The provider could not send the refund; an admin may request another. Told again, nothing changes. */
export function recordRefundFailed(command: PaymentCommandOf<'RecordRefundFailed'>, state: PaymentState, deps: DecideDeps): PaymentEvent[] {
  requireSystem(command);
  const payment = requirePayment(state, command);
  const refund = requireRefund(payment, command.data.refundReference);
  if (refund.status === 'failed') return [];
  if (refund.status === 'completed') throw notAllowedInState(command.type, `refund ${refund.refundReference} has completed`);
  const data = {
    rideId: payment.rideId,
    attempt: refund.attempt,
    refundReference: refund.refundReference,
    detail: command.data.detail,
    failedAt: deps.now.toISOString(),
  };
  return possible(command, state, { type: 'RefundFailed', data });
}
