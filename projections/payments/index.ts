export { paymentsProjection } from './projection.js';
export { paymentOfRide, paymentsOfRider, listPayments, listPaymentFailures, listRefunds, settledPaymentsOfDriver, type Page } from './queries.js';
export type { PaymentsTables, PaymentRow, PaymentFailureRow, PaymentRefundRow } from './payments.table.js';
