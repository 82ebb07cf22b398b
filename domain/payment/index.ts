/**
 * A ride's payment (stream `payment-<rideId>`): one per ride, in attempts; mobile money through a
 * provider (request-to-pay, approved on the payer's phone), or cash confirmed by the driver.
 */
export { paymentMachine, paymentStatuses, type PaymentStatus } from './machine.js';
export {
  paymentEventSchemas,
  paymentEventTypes,
  isPaymentEventType,
  parsePaymentEvent,
  payerSchema,
  type Payer,
  type PaymentEvent,
  type PaymentEventOf,
  type PaymentEventType,
} from './events.js';
export {
  paymentCommandSchemas,
  paymentCommandSchema,
  type PaymentCommand,
  type PaymentCommandOf,
  type PaymentCommandType,
  type ParsedPaymentCommand,
} from './commands.js';
export { decide, paymentDecider } from './decider.js';
export { paymentStatus, describePaymentState, type PaymentState } from './status.js';
export {
  currentAttempt,
  attemptWithReference,
  mayStillSucceed,
  refundableNgwee,
  duplicateAttempts,
  type AttemptStatus,
  type PaymentAttempt,
  type PaymentContext,
  type PaymentRefund,
} from './attempts.js';
export * from './rules.js';
export {
  settledPaymentOf,
  ledgerLine,
  ledgerTotals,
  weeklyStatement,
  type SettledPayment,
  type LedgerLine,
  type LedgerTotals,
  type WeeklyStatement,
} from './ledger.js';
