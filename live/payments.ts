/**
 * Who hears of a payment's events, as a pure function (like fanout.ts): the ride's rider and its
 * driver — the two the payment is between — and those watching the ride (only its rider, its
 * driver and admins may join as watchers). Nobody else's socket learns a payment exists.
 */
import { currentAttempt, paymentStatus, type PaymentEvent, type PaymentState } from '../domain/payment/index.js';
import type { PaymentUpdateMessage } from '../contract/live.js';
import type { Delivery } from './fanout.js';

/** What one payment event tells whom; `state` is the payment after the event. */
export function paymentDeliveries(event: PaymentEvent, state: PaymentState, at: string): Delivery[] {
  const status = paymentStatus(state);
  const { riderId, driverUserId } = state.context;
  const current = currentAttempt(state.context);
  if (status === null || riderId === null || current === null) return [];
  const failureReason: PaymentUpdateMessage['failureReason'] =
    current.status === 'expired' ? 'expired' : current.status === 'failed' ? (current.failure?.reason ?? null) : null;
  const message: PaymentUpdateMessage = {
    type: 'payment_update',
    rideId: event.data.rideId,
    status,
    event: event.type,
    attempt: event.data.attempt,
    method: current.method,
    failureReason,
    at,
  };
  const userIds = driverUserId === null ? [riderId] : [riderId, driverUserId];
  return [{ audience: { kind: 'people', userIds, watchersOf: event.data.rideId }, message }];
}
