import { describe, expect, it } from 'vitest';
import { fold } from '../shared/index.js';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import { paymentDecider } from './decider.js';
import {
  admin,
  awaitingMomo,
  cashPending,
  command,
  declined,
  driverUser,
  expiredMomo,
  failed,
  fare,
  momoRequested,
  now,
  otherDriverUser,
  paidByMomo,
  references,
  rider,
  rideId,
  secondsFrom,
  succeeded,
} from '../../tests/support/fixtures/payment.js';
import type { PaymentEvent } from './events.js';
import { paymentStatus } from './status.js';

const spec = DeciderSpecification.for(paymentDecider);
const at = fixedDeps({ now });
const statusAfter = (events: readonly PaymentEvent[]) => paymentStatus(fold(paymentDecider, events));


describe('cash', () => {
  it('is settled when the driver confirms they collected it', () =>
    spec(cashPending)
      .when(command('ConfirmCashCollected', {}, driverUser), at)
      .then([
        { type: 'CashCollected', data: { rideId, attempt: 1, amountNgwee: fare, collectedBy: driverUser.userId, collectedAt: now } },
      ]));

  it.each([otherDriverUser, rider, admin])('is confirmed by the ride’s driver only, not $userId', (actor) =>
    spec(cashPending)
      .when(command('ConfirmCashCollected', {}, actor))
      .thenThrows('forbidden'),
  );

  it('cannot be confirmed on a mobile-money payment', () =>
    spec(awaitingMomo)
      .when(command('ConfirmCashCollected', {}, driverUser))
      .thenThrows('not_allowed_in_state'));

  it('fails when the driver reports it unpaid, and may be paid by another attempt', () => {
    spec(cashPending)
      .when(command('ReportCashNotPaid', {}, driverUser), at)
      .then([{ type: 'PaymentFailed', data: { rideId, attempt: 1, reason: 'cash_not_paid', detail: null, failedAt: now } }]);
    expect(statusAfter([...cashPending, failed(1, 'cash_not_paid'), momoRequested(2)])).toBe('requested');
  });

  it('may be disputed by the rider while the driver has not confirmed it', () =>
    spec(cashPending)
      .when(command('DisputeCashPayment', { reason: 'I paid K45.50 in cash' }, rider), at)
      .then([
        {
          type: 'CashPaymentDisputed',
          data: { rideId, attempt: 1, disputedBy: rider.userId, reason: 'I paid K45.50 in cash', disputedAt: now },
        },
      ]));

  it('may be disputed by the rider after the driver reported it unpaid', () =>
    spec([...cashPending, failed(1, 'cash_not_paid')])
      .when(command('DisputeCashPayment', { reason: 'I paid' }, rider), at)
      .then([{ type: 'CashPaymentDisputed', data: { rideId, attempt: 1, disputedBy: rider.userId, reason: 'I paid', disputedAt: now } }]));

  it('is disputed by the rider only', () =>
    spec(cashPending)
      .when(command('DisputeCashPayment', { reason: 'I paid' }, driverUser))
      .thenThrows('forbidden'));

  it('cannot be disputed once a mobile-money decline failed it', () =>
    spec(declined)
      .when(command('DisputeCashPayment', { reason: 'I paid' }, rider))
      .thenThrows('not_allowed_in_state'));

  it.each([
    ['paid', 'succeeded'],
    ['not_paid', 'failed'],
  ] as const)('an admin resolves a dispute as %s: the payment is %s', (outcome, status) => {
    const disputed = [
      ...cashPending,
      {
        type: 'CashPaymentDisputed' as const,
        data: { rideId, attempt: 1, disputedBy: rider.userId, reason: 'I paid', disputedAt: secondsFrom(-5) },
      },
    ];
    const resolved = {
      type: 'CashDisputeResolved' as const,
      data: { rideId, attempt: 1, outcome, resolvedBy: admin.userId, note: 'Checked with both', resolvedAt: now },
    };
    spec(disputed)
      .when(command('ResolveCashDispute', { outcome, note: 'Checked with both' }, admin), at)
      .then([resolved]);
    spec(disputed)
      .when(command('ResolveCashDispute', { outcome, note: 'Checked' }, driverUser))
      .thenThrows('forbidden');
    expect(statusAfter([...disputed, resolved])).toBe(status);
  });
});

describe('CancelPayment', () => {
  const cancel = (actor = admin) => command('CancelPayment', { reason: 'Fare waived after a complaint' }, actor);

  it('an admin waives a cash payment not yet collected', () =>
    spec(cashPending)
      .when(cancel(), at)
      .then([
        {
          type: 'PaymentCancelled',
          data: { rideId, attempt: 1, cancelledBy: admin.userId, reason: 'Fare waived after a complaint', cancelledAt: now },
        },
      ]));

  it('refuses while a mobile-money request may still be approved, even after our expiry', () => {
    spec(awaitingMomo).when(cancel()).thenThrows('not_allowed_in_state', 'attempt 1 may still be approved');
    spec(expiredMomo).when(cancel()).thenThrows('not_allowed_in_state', 'attempt 1 may still be approved');
  });

  it('waives once the provider closed every attempt', () =>
    spec([...expiredMomo, failed(1)])
      .when(cancel(), at)
      .then([
        {
          type: 'PaymentCancelled',
          data: { rideId, attempt: 1, cancelledBy: admin.userId, reason: 'Fare waived after a complaint', cancelledAt: now },
        },
      ]));

  it('refuses a paid ride and anyone but an admin', () => {
    spec(paidByMomo).when(cancel()).thenThrows('not_allowed_in_state', 'payment has succeeded');
    spec(cashPending).when(cancel(rider)).thenThrows('forbidden');
  });

  it('accepts nothing more once cancelled', () => {
    const cancelled = [
      ...cashPending,
      { type: 'PaymentCancelled' as const, data: { rideId, attempt: 1, cancelledBy: admin.userId, reason: 'Waived', cancelledAt: now } },
    ];
    expect(statusAfter(cancelled)).toBe('cancelled');
    spec(cancelled)
      .when(command('ConfirmCashCollected', {}, driverUser))
      .thenThrows('not_allowed_in_state', 'payment was cancelled');
    spec(cancelled)
      .when(command('RetryPayment', { method: 'cash' }, rider))
      .thenThrows('not_allowed_in_state');
  });
});

