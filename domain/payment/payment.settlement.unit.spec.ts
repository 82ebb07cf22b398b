import { describe, expect, it } from 'vitest';
import { fold } from '../shared/index.js';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import { paymentDecider } from './decider.js';
import {
  admin,
  awaiting,
  awaitingMomo,
  cashCollected,
  cashPending,
  cashRequested,
  command,
  declined,
  driverUser,
  expired,
  expiredMomo,
  failed,
  fare,
  momoRequested,
  now,
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
const reference = references[0];
const success = (providerReference: string = reference) =>
  command('RecordPaymentSucceeded', { providerReference, providerTransactionId: 'MP250115.0800.A1' });
const failure = (providerReference: string = reference) =>
  command('RecordPaymentFailed', { providerReference, reason: 'declined', detail: 'APPROVAL_REJECTED' });
const statusAfter = (events: readonly PaymentEvent[]) => paymentStatus(fold(paymentDecider, events));

describe('provider reports', () => {
  it('records that the provider took the request', () =>
    spec([momoRequested()])
      .when(command('RecordPaymentAwaitingApproval', { providerReference: reference }), at)
      .then([{ type: 'PaymentAwaitingApproval', data: { rideId, attempt: 1, providerReference: reference, acceptedAt: now } }]));

  it('takes the acknowledgement overtaken by the outcome as nothing new', () =>
    spec(paidByMomo)
      .when(command('RecordPaymentAwaitingApproval', { providerReference: reference }))
      .thenNothingHappened());

  it('settles the ride when the payer approves', () =>
    spec(awaitingMomo)
      .when(success(), at)
      .then([
        {
          type: 'PaymentSucceeded',
          data: {
            rideId,
            attempt: 1,
            amountNgwee: fare,
            providerReference: reference,
            providerTransactionId: 'MP250115.0800.A1',
            succeededAt: now,
          },
        },
      ]));

  it('takes a replayed success (the same reference, the same status) as nothing new', () =>
    spec(paidByMomo).when(success()).thenNothingHappened());

  it('still settles an approval that came after our own expiry', () =>
    spec(expiredMomo)
      .when(success(), at)
      .then([
        {
          type: 'PaymentSucceeded',
          data: {
            rideId,
            attempt: 1,
            amountNgwee: fare,
            providerReference: reference,
            providerTransactionId: 'MP250115.0800.A1',
            succeededAt: now,
          },
        },
      ]));

  it('records money from an older attempt after cash paid the ride as a duplicate, owed back', () =>
    spec([...expiredMomo, cashRequested(2), cashCollected(2)])
      .when(success(), at)
      .then([
        {
          type: 'DuplicatePaymentReceived',
          data: {
            rideId,
            attempt: 1,
            amountNgwee: fare,
            providerReference: reference,
            providerTransactionId: 'MP250115.0800.A1',
            receivedAt: now,
          },
        },
      ]));

  it('lets a late approval pay the ride while the cash is still uncollected, and asks no cash any more', () => {
    const history = [...expiredMomo, cashRequested(2), succeeded(1)];
    expect(statusAfter(history)).toBe('succeeded');
    spec(history)
      .when(command('ConfirmCashCollected', {}, driverUser))
      .thenThrows('not_allowed_in_state', 'payment has succeeded');
  });

  it('records a decline', () =>
    spec(awaitingMomo)
      .when(failure(), at)
      .then([{ type: 'PaymentFailed', data: { rideId, attempt: 1, reason: 'declined', detail: 'APPROVAL_REJECTED', failedAt: now } }]));

  it('takes a replayed failure as nothing new', () => spec(declined).when(failure()).thenNothingHappened());

  it('refuses a failure after the provider said the money came in', () =>
    spec(paidByMomo).when(failure()).thenThrows('not_allowed_in_state', 'attempt 1 is succeeded'));

  it('refuses a success after the provider said the attempt failed', () =>
    spec(declined).when(success()).thenThrows('not_allowed_in_state', 'attempt 1 is failed'));

  it('closes an expired attempt on its provider’s final word, even after a retry', () =>
    spec([...expiredMomo, cashRequested(2)])
      .when(failure(), at)
      .then([{ type: 'PaymentFailed', data: { rideId, attempt: 1, reason: 'declined', detail: 'APPROVAL_REJECTED', failedAt: now } }]));

  it('refuses a reference the payment never used', () =>
    spec(awaitingMomo).when(success(references[3])).thenThrows('not_found', references[3]));

  it.each([rider, driverUser, admin])('takes provider reports only from the platform, not $userId', (actor) =>
    spec(awaitingMomo)
      .when({ ...success(), actor })
      .thenThrows('forbidden'),
  );
});

describe('ExpirePayment', () => {
  const expire = command('ExpirePayment', { attempt: 1 });

  it('refuses before the 5 minutes are up', () =>
    spec(awaitingMomo)
      .when(expire, fixedDeps({ now: secondsFrom(239) }))
      .thenThrows('not_allowed_in_state', `valid until ${secondsFrom(240)}`));

  it('expires an unapproved request once they are', () =>
    spec(awaitingMomo)
      .when(expire, fixedDeps({ now: secondsFrom(240) }))
      .then([{ type: 'PaymentExpired', data: { rideId, attempt: 1, expiredAt: secondsFrom(240) } }]));

  it('refuses once the payer approved', () =>
    spec(paidByMomo)
      .when(expire, fixedDeps({ now: secondsFrom(600) }))
      .thenThrows('not_allowed_in_state'));

  it('never expires cash', () =>
    spec(cashPending)
      .when(expire, fixedDeps({ now: secondsFrom(6000) }))
      .thenThrows('not_allowed_in_state'));

  it('refuses the driver', () =>
    spec(awaitingMomo)
      .when({ ...expire, actor: driverUser }, fixedDeps({ now: secondsFrom(600) }))
      .thenThrows('forbidden'));
});

describe('payment status', () => {
  it.each([
    [[], null],
    [[momoRequested()], 'requested'],
    [awaitingMomo, 'awaitingApproval'],
    [paidByMomo, 'succeeded'],
    [declined, 'failed'],
    [expiredMomo, 'expired'],
    [[...cashPending, cashCollected()], 'succeeded'],
    [[momoRequested(), expired(), awaiting()], 'expired'],
  ] as const)('folds %j to %s', (events, status) => expect(statusAfter(events)).toBe(status));
});
