import { z } from 'zod';
import { mobileMoneyMethods, type MobileMoneyMethod } from '../catalogue/payments.js';
import { streamName } from '../streams.js';

/** Spec 000 §9 and issue 12: a mobile-money request the payer has not approved in 5 minutes expires. */
export const PAYMENT_APPROVAL_WINDOW_MS = 5 * 60 * 1000;

/** Every fare is in kwacha; amounts travel as integer ngwee. */
export const PAYMENT_CURRENCY = 'ZMW';

/**
 * The systems that collect mobile money for us. Each attempt records the one it went through, so
 * its status, callbacks and refunds go back to the same one even if the configuration changes.
 * Zamtel publishes no collection API we could build to: only the built-in sandbox collects it.
 */
export const paymentGatewayIds = ['sandbox', 'mtn_momo', 'airtel_money'] as const;
export const paymentGatewaySchema = z.enum(paymentGatewayIds);
export type PaymentGatewayId = z.infer<typeof paymentGatewaySchema>;

export const gatewayMethods: Readonly<Record<PaymentGatewayId, readonly MobileMoneyMethod[]>> = {
  sandbox: mobileMoneyMethods,
  mtn_momo: ['mtn_money'],
  airtel_money: ['airtel_money'],
};

/** Why an attempt did not collect the money. Providers' own codes are kept beside it as `detail`. */
export const paymentFailureReasons = [
  /** The payer turned the request down on their phone. */
  'declined',
  'insufficient_funds',
  /** No wallet on that number. */
  'payer_not_found',
  'payer_limit_reached',
  'payer_account_inactive',
  /** The payer did not answer the prompt in the provider's own time. */
  'timed_out',
  /** The provider refused the request itself (our merchant account, currency, callback host). */
  'not_allowed',
  'provider_error',
  /** The driver reports the rider did not pay the cash. */
  'cash_not_paid',
] as const;
export const paymentFailureReasonSchema = z.enum(paymentFailureReasons);
export type PaymentFailureReason = z.infer<typeof paymentFailureReasonSchema>;

export const cashDisputeOutcomes = ['paid', 'not_paid'] as const;

/** One payment per ride: its stream is named for the ride, so a second request meets the first. */
export const paymentStreamId = (rideId: string) => streamName('payment', rideId);
