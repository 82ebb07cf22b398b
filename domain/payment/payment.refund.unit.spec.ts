import { describe, expect, it } from 'vitest';
import { fold } from '../shared/index.js';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import { paymentDecider } from './decider.js';
import {
  admin,
  cashCollected,
  cashPending,
  cashRequested,
  command,
  expiredMomo,
  failed,
  fare,
  momoRequested,
  now,
  paidByMomo,
  refundCompleted,
  refundReferences,
  refundRequested,
  rider,
  rideId,
  succeeded,
  system,
} from '../../tests/support/fixtures/payment.js';
import { paymentStatus } from './status.js';
import type { PaymentEvent } from './events.js';

const spec = DeciderSpecification.for(paymentDecider);
const at = fixedDeps({ now });
const [firstRefund, secondRefund] = refundReferences;
const refund = (amountNgwee: number, extra: Record<string, unknown> = {}) =>
  command('RequestRefund', { amountNgwee, reason: 'Driver took a long detour', refundReference: firstRefund, ...extra }, admin);
const completed = (reference: string = firstRefund) =>
  command('RecordRefundCompleted', { refundReference: reference, providerTransactionId: 'refund-1' });
const failedRefund = (reference: string = firstRefund) =>
  command('RecordRefundFailed', { refundReference: reference, detail: 'Payee wallet barred' });
const statusAfter = (events: PaymentEvent[]) => paymentStatus(fold(paymentDecider, events));
const refundFailed: PaymentEvent = {
  type: 'RefundFailed',
  data: { rideId, attempt: 1, refundReference: firstRefund, detail: 'Payee wallet barred', failedAt: now },
};

describe('RequestRefund', () => {
  it('an admin sends part of a mobile-money payment back', () =>
    spec(paidByMomo)
      .when(refund(1_000), at)
      .then([
        {
          type: 'RefundRequested',
          data: {
            rideId,
            attempt: 1,
            refundReference: firstRefund,
            amountNgwee: 1_000,
            reason: 'Driver took a long detour',
            requestedBy: admin.userId,
            requestedAt: now,
          },
        },
      ]));

  it('never more than was paid, nor more than is left after earlier refunds', () => {
    spec(paidByMomo)
      .when(refund(fare + 1))
      .thenThrows('invalid', `amountNgwee: at most ${fare} ngwee of attempt 1 can be refunded`);
    const partlyRefunded = [...paidByMomo, refundRequested(1_000), refundCompleted(1_000)];
    spec(partlyRefunded)
      .when(refund(fare - 999, { refundReference: secondRefund }))
      .thenThrows('invalid', `at most ${fare - 1_000} ngwee`);
  });

  it('one refund at a time', () =>
    spec([...paidByMomo, refundRequested(1_000)])
      .when(refund(500, { refundReference: secondRefund }))
      .thenThrows('not_allowed_in_state', 'a refund is in progress'));

  it('refuses a reference an earlier refund used', () =>
    spec([...paidByMomo, refundRequested(1_000), refundCompleted(1_000)])
      .when(refund(500))
      .thenThrows('invalid', 'refundReference: was already used'));

  it('refuses cash, which is refunded by hand', () =>
    spec([...cashPending, cashCollected()])
      .when(refund(500))
      .thenThrows('not_allowed_in_state', 'paid in cash'));

  it('refuses a payment that has not succeeded', () =>
    spec(expiredMomo).when(refund(500)).thenThrows('not_allowed_in_state', 'payment request has expired'));

  it.each([rider, system])('refuses $userId', (actor) =>
    spec(paidByMomo)
      .when({ ...refund(500), actor })
      .thenThrows('forbidden'),
  );

  it('sends a duplicate back by naming its attempt', () => {
    const { succeededAt: _, ...paid } = succeeded(1).data;
    const duplicate: PaymentEvent = { type: 'DuplicatePaymentReceived', data: { ...paid, receivedAt: now } };
    const history = [...expiredMomo, cashRequested(2), cashCollected(2), duplicate];
    const expected = refundRequested(fare, 1);
    spec(history)
      .when(refund(fare, { attempt: 1 }), at)
      .then([{ ...expected, data: { ...expected.data, requestedAt: now } }]);
    spec(history).when(refund(fare)).thenThrows('not_allowed_in_state', 'attempt 2 was paid in cash');
  });
});

describe('refund outcomes', () => {
  it('a completed full refund leaves the payment refunded, accepting nothing more', () => {
    spec([...paidByMomo, refundRequested()])
      .when(completed(), at)
      .then([{ ...refundCompleted(), data: { ...refundCompleted().data, completedAt: now } }]);
    const refunded = [...paidByMomo, refundRequested(), refundCompleted()];
    expect(statusAfter(refunded)).toBe('refunded');
    spec(refunded)
      .when(refund(1, { refundReference: secondRefund }))
      .thenThrows('not_allowed_in_state', 'payment has been refunded');
  });

  it('a completed partial refund leaves it succeeded, with the rest refundable', () => {
    const partly = [...paidByMomo, refundRequested(1_000), refundCompleted(1_000)];
    expect(statusAfter(partly)).toBe('succeeded');
    spec(partly)
      .when(refund(fare - 1_000, { refundReference: secondRefund }), at)
      .then([
        {
          ...refundRequested(fare - 1_000, 1, secondRefund),
          data: { ...refundRequested(fare - 1_000, 1, secondRefund).data, requestedAt: now },
        },
      ]);
  });

  it('a failed refund may be requested again', () => {
    spec([...paidByMomo, refundRequested()])
      .when(failedRefund(), at)
      .then([refundFailed]);
    expect(statusAfter([...paidByMomo, refundRequested(), refundFailed])).toBe('succeeded');
    spec([...paidByMomo, refundRequested(), refundFailed])
      .when(refund(fare, { refundReference: secondRefund }), at)
      .then([{ ...refundRequested(fare, 1, secondRefund), data: { ...refundRequested(fare, 1, secondRefund).data, requestedAt: now } }]);
  });

  it('told twice, an outcome changes nothing; told the opposite, it is refused', () => {
    spec([...paidByMomo, refundRequested(), refundCompleted()])
      .when(completed())
      .thenNothingHappened();
    spec([...paidByMomo, refundRequested(), refundFailed])
      .when(failedRefund())
      .thenNothingHappened();
    spec([...paidByMomo, refundRequested(), refundFailed])
      .when(completed())
      .thenThrows('not_allowed_in_state', 'has failed');
  });

  it('refuses an unknown refund and anyone but the platform', () => {
    spec([...paidByMomo, refundRequested()])
      .when(completed(secondRefund))
      .thenThrows('not_found', secondRefund);
    spec([...paidByMomo, refundRequested()])
      .when({ ...completed(), actor: admin })
      .thenThrows('forbidden');
  });

  it('is not refunded for good while an attempt could still bring money in; its provider’s final word settles that', () => {
    const paidBySecondAttempt = [...expiredMomo, momoRequested(2), succeeded(2)];
    const fullyRefunded = [...paidBySecondAttempt, refundRequested(fare, 2), refundCompleted(fare, 2)];
    expect(statusAfter(fullyRefunded)).toBe('succeeded');
    expect(statusAfter([...fullyRefunded, failed(1)])).toBe('refunded');
  });
});
