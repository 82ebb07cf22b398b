import { assertNever, parseOrInvalid } from '../shared/command.js';
import { foldThrough, type DecideDeps, type Decider } from '../shared/decider.js';
import { requestPayment, retryPayment } from './decideAttempt.js';
import {
  cancelPayment,
  confirmCashCollected,
  disputeCashPayment,
  expirePayment,
  recordAwaitingApproval,
  recordFailed,
  recordSucceeded,
  reportCashNotPaid,
  resolveCashDispute,
} from './decideOutcome.js';
import { recordRefundCompleted, recordRefundFailed, requestRefund } from './decideRefund.js';
import { paymentCommandSchema, type PaymentCommand } from './commands.js';
import type { PaymentEvent } from './events.js';
import { paymentMachine } from './machine.js';
import type { PaymentState } from './status.js';

/**
 * The events a payment command causes, or a DomainError: the command parses, the payment exists,
 * the actor may act on it, its state accepts the event, then the rules of money. Provider reports
 * told twice (a replayed callback, a poll after a callback) decide nothing the second time.
 */
export function decide(input: PaymentCommand, state: PaymentState, deps: DecideDeps): PaymentEvent[] {
  const command = parseOrInvalid(paymentCommandSchema, input);
  switch (command.type) {
    case 'RequestPayment':
      return requestPayment(command, state, deps);
    case 'RetryPayment':
      return retryPayment(command, state, deps);
    case 'RecordPaymentAwaitingApproval':
      return recordAwaitingApproval(command, state, deps);
    case 'RecordPaymentSucceeded':
      return recordSucceeded(command, state, deps);
    case 'RecordPaymentFailed':
      return recordFailed(command, state, deps);
    case 'ExpirePayment':
      return expirePayment(command, state, deps);
    case 'ConfirmCashCollected':
      return confirmCashCollected(command, state, deps);
    case 'ReportCashNotPaid':
      return reportCashNotPaid(command, state, deps);
    case 'DisputeCashPayment':
      return disputeCashPayment(command, state, deps);
    case 'ResolveCashDispute':
      return resolveCashDispute(command, state, deps);
    case 'CancelPayment':
      return cancelPayment(command, state, deps);
    case 'RequestRefund':
      return requestRefund(command, state, deps);
    case 'RecordRefundCompleted':
      return recordRefundCompleted(command, state, deps);
    case 'RecordRefundFailed':
      return recordRefundFailed(command, state, deps);
    default:
      return assertNever(command);
  }
}

export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  ...foldThrough(paymentMachine),
  decide,
};
