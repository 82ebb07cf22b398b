import { describe, expect, it } from 'vitest';
import { paymentDecider, type PaymentEvent } from '../domain/payment/index.js';
import { fold } from '../domain/shared/index.js';
import {
  awaiting,
  awaitingMomo,
  cashCollected,
  cashPending,
  expired,
  failed,
  momoRequested,
  parties,
  rideId,
  succeeded,
} from '../tests/support/fixtures/payment.js';
import { paymentDeliveries } from './payments.js';

const at = '2025-01-15T08:00:00.000Z';

/** Given the payment's history, when this event is recorded, then these deliveries. */
const when = (history: readonly PaymentEvent[], event: PaymentEvent) => paymentDeliveries(event, fold(paymentDecider, [...history, event]), at);

const toBoth = { kind: 'people', userIds: [parties.riderId, parties.driverUserId], watchersOf: rideId };

describe('who hears of a payment event', () => {
  it('a mobile-money request: the rider and the driver (and the ride’s watchers) hear it is awaiting approval, with no phone number', () => {
    const [delivery, ...others] = when([momoRequested()], awaiting());
    expect(others).toEqual([]);
    expect(delivery).toEqual({
      audience: toBoth,
      message: { type: 'payment_update', rideId, status: 'awaitingApproval', event: 'PaymentAwaitingApproval', attempt: 1, method: 'mtn_money', failureReason: null, at },
    });
    expect(JSON.stringify(delivery)).not.toMatch(/2609|0961/);
  });

  it('says why an attempt collected nothing: declined, or expired', () => {
    expect(when(awaitingMomo, failed())[0]?.message).toMatchObject({ status: 'failed', failureReason: 'declined' });
    expect(when(awaitingMomo, expired())[0]?.message).toMatchObject({ status: 'expired', failureReason: 'expired' });
  });

  it('settled: paid by mobile money, or cash the driver confirmed', () => {
    expect(when(awaitingMomo, succeeded())[0]?.message).toMatchObject({ status: 'succeeded', event: 'PaymentSucceeded', failureReason: null });
    expect(when(cashPending, cashCollected())[0]?.message).toMatchObject({ status: 'succeeded', method: 'cash', event: 'CashCollected' });
  });

  it('an event the machine ignores for a payment that never started tells no one', () => {
    expect(paymentDeliveries(succeeded(), fold(paymentDecider, []), at)).toEqual([]);
  });
});
