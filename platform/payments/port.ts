import type { MobileMoneyMethod } from '../../domain/catalogue/payments.js';
import type { PaymentFailureReason, PaymentGatewayId } from '../../domain/payment/rules.js';
import type { MobileNetwork } from '../../domain/shared/phone.js';

/**
 * The port every mobile-money provider sits behind: ask a payer to approve a payment on their
 * phone, learn how it went (by callback, or by asking), and send money back where the provider can.
 * No adapter ever says "failed" when it does not know: a timeout or a 5xx is `unknown`, to ask again.
 */

/** Why a provider says an attempt collected nothing; cash_not_paid is the driver's word, never a provider's. */
export type ProviderFailureReason = Exclude<PaymentFailureReason, 'cash_not_paid'>;

export interface CollectionRequest {
  /** A UUID derived from the ride and the attempt: re-sending it can never charge twice. */
  reference: string;
  rideId: string;
  method: MobileMoneyMethod;
  amountNgwee: number;
  payer: { msisdn: string; network: MobileNetwork };
  /** Shown to the payer on the approval prompt. */
  description: string;
}

export type RequestToPayOutcome =
  /** The provider has the request (or had it already: a re-send of the same reference). */
  | { status: 'accepted' }
  /** The provider refused it outright: nothing will be collected by this attempt. */
  | { status: 'failed'; reason: ProviderFailureReason; detail: string | null }
  /** No answer we can trust (timeout, 5xx, an unreadable reply): ask for its status later. */
  | { status: 'unknown'; detail: string };

export type ProviderOutcome =
  | { status: 'pending' }
  | { status: 'succeeded'; providerTransactionId: string | null }
  | { status: 'failed'; reason: ProviderFailureReason; detail: string | null }
  /** The provider has never heard of the reference: the request never reached it; send it again. */
  | { status: 'not_found' }
  | { status: 'unknown'; detail: string };

/** A final outcome a callback may report. */
export type FinalOutcome = Extract<ProviderOutcome, { status: 'succeeded' | 'failed' }>;

export interface IncomingCallback {
  method: string;
  /** The request's path below the callback base URL, e.g. `/mtn_momo/<reference>/<token>`. */
  path: string;
  headers: Readonly<Record<string, string | undefined>>;
  /** The JSON body, parsed. */
  body: unknown;
}

export type CallbackVerdict =
  | { accepted: true; reference: string; outcome: FinalOutcome }
  /** Not from the provider (a bad token or signature), or not in its shape: changes nothing. */
  | { accepted: false; problem: 'unauthenticated' | 'malformed'; detail: string };

export interface RefundRequest {
  refundReference: string;
  /** The collection being refunded: our reference and the provider's own transaction id. */
  paymentReference: string;
  providerTransactionId: string | null;
  payer: { msisdn: string; network: MobileNetwork };
  amountNgwee: number;
  /** What the collection took: providers that refund only in full need the two to match. */
  collectedNgwee: number;
  reason: string;
}

export type RefundOutcome =
  | { status: 'succeeded'; providerTransactionId: string | null }
  /** Taken, not yet done: ask for its status later. */
  | { status: 'pending' }
  | { status: 'failed'; detail: string }
  | { status: 'unknown'; detail: string };

export interface RefundCapability {
  /** Whether part of a collection may be refunded, or only all of it. */
  readonly partial: boolean;
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /** Absent where the provider offers no refund status (its answer to refund() is all there is). */
  status?(refundReference: string): Promise<RefundOutcome | { status: 'not_found' }>;
}

export interface PaymentProvider {
  readonly gateway: PaymentGatewayId;
  /** The wallets it collects. */
  readonly methods: readonly MobileMoneyMethod[];
  requestToPay(request: CollectionRequest): Promise<RequestToPayOutcome>;
  status(reference: string): Promise<ProviderOutcome>;
  /** Authenticates a callback (per the provider's scheme, or our per-request token) and reads it strictly. */
  receiveCallback(callback: IncomingCallback): Promise<CallbackVerdict>;
  /** Absent where the provider offers no refunds (or they are not configured). */
  readonly refunds?: RefundCapability;
}
