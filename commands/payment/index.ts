/**
 * The payment's write side: one plain function per command, `(services, input, context)`, over
 * the payment stream `payment-<rideId>`. No provider is called here: what providers say arrives
 * as the record… commands, from callbacks and status polls.
 */
export { requestPayment, retryPayment, requestRefund } from './requestPayment.js';
export {
  recordPaymentAwaitingApproval,
  recordPaymentSucceeded,
  recordPaymentFailed,
  recordRefundCompleted,
  recordRefundFailed,
  expirePayment,
  confirmCashCollected,
  reportCashNotPaid,
  disputeCashPayment,
  resolveCashDispute,
  cancelPayment,
} from './paymentCommands.js';
export { decideOnPayment, loadPayment, type PaymentCommandResult } from './decideOnPayment.js';
export { providerReferenceFor, refundReferenceFor, nameBasedUuid } from './references.js';
export { paymentInputSchemas, type PaymentInput, type PaymentInputType } from './inputs.js';
