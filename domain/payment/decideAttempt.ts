import { isMobileMoneyMethod, mobileMoneyNetworks, paymentMethodCatalogue } from '../catalogue/payments.js';
import type { DecideDeps } from '../shared/decider.js';
import { notAllowedInState } from '../shared/errors.js';
import { mobileNumberProblem, parseZambianMobile } from '../shared/phone.js';
import { currentAttempt, type PaymentContext } from './attempts.js';
import type { PaymentCommandOf } from './commands.js';
import { forbidden, invalid, isRider, possible, requirePayment } from './decisionSupport.js';
import type { PaymentEvent, PaymentEventOf } from './events.js';
import { gatewayMethods, PAYMENT_APPROVAL_WINDOW_MS, PAYMENT_CURRENCY } from './rules.js';
import { describePaymentState, type PaymentState } from './status.js';

type AttemptTerms = PaymentCommandOf<'RetryPayment'>['data'];
type Terms = Pick<PaymentEventOf<'PaymentRequested'>['data'], 'method' | 'payer' | 'gateway' | 'providerReference' | 'expiresAt'>;

const methodName = (method: string) => paymentMethodCatalogue.find((entry) => entry.id === method)?.name ?? method;

/** How an attempt will be collected, checked field by field; a mistake is refused naming its field. */
function termsOf(data: AttemptTerms, context: PaymentContext, now: Date): Terms {
  const { method, payerPhone, gateway, providerReference } = data;
  if (!isMobileMoneyMethod(method)) {
    if (gateway !== undefined) throw invalid('gateway', 'cash is collected by the driver, not by a payment gateway');
    if (providerReference !== undefined) throw invalid('providerReference', 'cash has no provider reference');
    return { method, payer: null, gateway: null, providerReference: null, expiresAt: null };
  }
  if (payerPhone === undefined) throw invalid('payerPhone', `is required to pay by ${methodName(method)}`);
  const network = mobileMoneyNetworks[method];
  const problem = mobileNumberProblem(payerPhone, network);
  if (problem !== null) throw invalid('payerPhone', problem);
  if (gateway === undefined) throw invalid('gateway', `is required to pay by ${methodName(method)}`);
  if (!gatewayMethods[gateway].includes(method)) throw invalid('gateway', `${gateway} does not collect ${methodName(method)}`);
  if (providerReference === undefined) throw invalid('providerReference', `is required to pay by ${methodName(method)}`);
  const reused = context.attempts.find((attempt) => attempt.providerReference === providerReference);
  if (reused) throw invalid('providerReference', `was already used by attempt ${reused.attempt}`);
  const { msisdn } = parseZambianMobile(payerPhone)!;
  return {
    method,
    payer: { msisdn, network },
    gateway,
    providerReference,
    expiresAt: new Date(now.getTime() + PAYMENT_APPROVAL_WINDOW_MS).toISOString(),
  };
}

type Parties = Pick<PaymentEventOf<'PaymentRequested'>['data'], 'rideId' | 'riderId' | 'driverId' | 'driverUserId' | 'amountNgwee'>;

/** The request for one attempt at the ride's fare, by whoever asked, on the terms given. */
const attemptRequested = (parties: Parties, attempt: number, terms: Terms, requestedBy: string, now: Date): PaymentEvent => {
  const { rideId, riderId, driverId, driverUserId, amountNgwee } = parties;
  return {
    type: 'PaymentRequested',
    data: {
      rideId,
      riderId,
      driverId,
      driverUserId,
      attempt,
      amountNgwee,
      currency: PAYMENT_CURRENCY,
      ...terms,
      requestedBy,
      requestedAt: now.toISOString(),
    },
  };
};

/** Completing a ride asks for its agreed fare: the payment reactor (system) or the rider may. */
export function requestPayment(command: PaymentCommandOf<'RequestPayment'>, state: PaymentState, deps: DecideDeps): PaymentEvent[] {
  const { actor, data } = command;
  if (actor.role !== 'system' && !(actor.role === 'passenger' && actor.userId === data.riderId)) throw forbidden(command);
  if (state.value !== 'none') throw notAllowedInState(command.type, describePaymentState(state));
  const terms = termsOf(data, state.context, deps.now);
  return possible(command, state, attemptRequested(data, 1, terms, actor.userId, deps.now));
}

/** After a decline or an expiry the rider (or an admin for them) tries again, by any method. */
export function retryPayment(command: PaymentCommandOf<'RetryPayment'>, state: PaymentState, deps: DecideDeps): PaymentEvent[] {
  const payment = requirePayment(state, command);
  if (!isRider(command.actor, payment) && command.actor.role !== 'admin') throw forbidden(command);
  if (!state.matches('failed') && !state.matches('expired')) throw notAllowedInState(command.type, describePaymentState(state));
  const terms = termsOf(command.data, payment, deps.now);
  const attempt = (currentAttempt(payment)?.attempt ?? 0) + 1;
  return possible(command, state, attemptRequested(payment, attempt, terms, command.actor.userId, deps.now));
}
