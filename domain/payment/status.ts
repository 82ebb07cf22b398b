import type { SnapshotFrom } from 'xstate';
import type { PaymentStatus, paymentMachine } from './machine.js';

export type PaymentState = SnapshotFrom<typeof paymentMachine>;

/** The payment's status as the wire names it; null while the ride has no payment yet. */
export function paymentStatus(state: PaymentState): PaymentStatus | null {
  return state.value === 'none' ? null : (state.value as PaymentStatus);
}

const described: Record<PaymentStatus, string> = {
  requested: 'payment has been requested',
  awaitingApproval: "payment is awaiting the payer's approval",
  succeeded: 'payment has succeeded',
  failed: 'payment has failed',
  expired: 'payment request has expired',
  disputed: 'cash payment is disputed',
  refundRequested: 'a refund is in progress',
  refunded: 'payment has been refunded',
  cancelled: 'payment was cancelled',
};

export function describePaymentState(state: PaymentState): string {
  const status = paymentStatus(state);
  return status === null ? 'ride has no payment' : described[status];
}
