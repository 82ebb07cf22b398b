import { describe, expect, it } from 'vitest';
import { fold } from '../shared/index.js';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import { paymentDecider } from './decider.js';
import {
  admin,
  awaitingMomo,
  cashRequested,
  command,
  declined,
  driverUser,
  expiredMomo,
  fare,
  momoRequested,
  momoTerms,
  now,
  parties,
  references,
  requestPayment,
  rider,
  secondsFrom,
  system,
} from '../../tests/support/fixtures/payment.js';
import type { PaymentEventOf } from './events.js';
import { paymentStatus } from './status.js';

const spec = DeciderSpecification.for(paymentDecider);
const at = fixedDeps({ now });

type Terms = Pick<PaymentEventOf<'PaymentRequested'>['data'], 'method' | 'payer' | 'gateway' | 'providerReference' | 'expiresAt'>;
const requested = (attempt: number, terms: Terms, requestedBy = system.userId): PaymentEventOf<'PaymentRequested'> => ({
  type: 'PaymentRequested',
  data: { ...parties, attempt, amountNgwee: fare, currency: 'ZMW', ...terms, requestedBy, requestedAt: now },
});
const momoAttempt = (attempt: number): Terms => ({
  method: 'mtn_money',
  payer: { msisdn: '260961234567', network: 'mtn' },
  gateway: 'mtn_momo',
  providerReference: references[attempt - 1]!,
  expiresAt: secondsFrom(300),
});
const cashAttempt: Terms = { method: 'cash', payer: null, gateway: null, providerReference: null, expiresAt: null };

describe('RequestPayment', () => {
  it('asks the rider’s MTN wallet for the agreed fare, to be approved within 5 minutes', () =>
    spec([])
      .when(requestPayment(), at)
      .then([requested(1, momoAttempt(1))]));

  it('reads the payer’s number however it was written', () =>
    spec([])
      .when(requestPayment({ payerPhone: '+260 96 123 4567' }), at)
      .then([requested(1, momoAttempt(1))]));

  it('asks for cash, which the driver will collect, when the rider chose cash', () =>
    spec([])
      .when(requestPayment({ method: 'cash', payerPhone: undefined, gateway: undefined, providerReference: undefined }, rider), at)
      .then([requested(1, cashAttempt, rider.userId)]));

  it('refuses a number on another network, naming the field and the network', () =>
    spec([])
      .when(requestPayment({ payerPhone: '0971234567' }))
      .thenThrows('invalid', 'payerPhone: must be an MTN number (starting 096 or 076); 0971234567 is on Airtel'));

  it.each(['0211220006', '+27821234567', '12345'])('refuses %s, which is not a Zambian mobile number', (payerPhone) =>
    spec([])
      .when(requestPayment({ payerPhone }))
      .thenThrows('invalid', /^payerPhone: must be a Zambian mobile number/),
  );

  it('refuses mobile money without the payer’s number', () =>
    spec([])
      .when(requestPayment({ payerPhone: undefined }))
      .thenThrows('invalid', 'payerPhone: is required to pay by MTN Mobile Money'));

  it('refuses a gateway that does not collect the wallet', () =>
    spec([])
      .when(requestPayment({ gateway: 'airtel_money' }))
      .thenThrows('invalid', 'gateway: airtel_money does not collect MTN Mobile Money'));

  it('lets the sandbox collect any wallet', () =>
    spec([])
      .when(requestPayment({ method: 'zamtel_kwacha', payerPhone: '0951234567', gateway: 'sandbox' }), at)
      .then([
        requested(1, {
          ...momoAttempt(1),
          method: 'zamtel_kwacha',
          payer: { msisdn: '260951234567', network: 'zamtel' },
          gateway: 'sandbox',
        }),
      ]));

  it('refuses a gateway or a reference for cash', () => {
    spec([])
      .when(requestPayment({ method: 'cash', payerPhone: undefined, providerReference: undefined }))
      .thenThrows('invalid', /^gateway:/);
    spec([])
      .when(requestPayment({ method: 'cash', payerPhone: undefined, gateway: undefined }))
      .thenThrows('invalid', /^providerReference:/);
  });

  it.each(['credit_card', 'bank_transfer'])('refuses %s: no provider collects it', (method) =>
    spec([])
      .when(requestPayment({ method }))
      .thenThrows('invalid', /^data\.method:/),
  );

  it.each([0, -100, 45.5])('refuses an amount of %s ngwee', (amountNgwee) =>
    spec([])
      .when(requestPayment({ amountNgwee }))
      .thenThrows('invalid', /^data\.amountNgwee:/),
  );

  it.each([driverUser, admin, { userId: 'user-someone', role: 'passenger' as const }])('refuses $userId', (actor) =>
    spec([]).when(requestPayment({}, actor)).thenThrows('forbidden'),
  );

  it('refuses a second payment for the ride', () => spec([momoRequested()]).when(requestPayment()).thenThrows('not_allowed_in_state'));
});

describe('RetryPayment', () => {
  it('after a decline the rider pays in cash instead, as attempt 2', () =>
    spec(declined)
      .when(command('RetryPayment', { method: 'cash' }, rider), at)
      .then([requested(2, cashAttempt, rider.userId)]));

  it('after an expiry the rider asks their wallet again, with the next reference', () =>
    spec(expiredMomo)
      .when(command('RetryPayment', momoTerms(2), rider), at)
      .then([requested(2, momoAttempt(2), rider.userId)]));

  it('an admin may retry for the rider', () =>
    spec(declined)
      .when(command('RetryPayment', momoTerms(2), admin), at)
      .then([requested(2, momoAttempt(2), admin.userId)]));

  it('refuses a reference an earlier attempt used', () =>
    spec(declined)
      .when(command('RetryPayment', momoTerms(1), rider))
      .thenThrows('invalid', 'providerReference: was already used by attempt 1'));

  it('refuses while the payer may still approve the request', () =>
    spec(awaitingMomo)
      .when(command('RetryPayment', { method: 'cash' }, rider))
      .thenThrows('not_allowed_in_state', "awaiting the payer's approval"));

  it.each([driverUser, { userId: 'user-someone', role: 'passenger' as const }, system])('refuses $userId', (actor) =>
    spec(declined)
      .when(command('RetryPayment', { method: 'cash' }, actor))
      .thenThrows('forbidden'),
  );

  it('refuses a ride without a payment', () =>
    spec([])
      .when(command('RetryPayment', { method: 'cash' }, rider))
      .thenThrows('not_found'));

  it('counts attempts in the folded state', () => {
    const state = fold(paymentDecider, [...declined, cashRequested(2)]);
    expect(state.context.attempts.map(({ attempt, method, status }) => ({ attempt, method, status }))).toEqual([
      { attempt: 1, method: 'mtn_money', status: 'failed' },
      { attempt: 2, method: 'cash', status: 'requested' },
    ]);
    expect(paymentStatus(state)).toBe('requested');
  });
});
