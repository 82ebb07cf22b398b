import { mobileMoneyNetworks } from '../../../domain/catalogue/payments.js';
import { referenceOfCallbackPath, requestCallbackUrl } from '../callbackTokens.js';
import {
  callProvider,
  describeReply,
  kwachaString,
  ProviderTokenError,
  TokenCache,
  whenTokenAvailable,
  type Fetch,
  type ProviderReply,
} from '../http.js';
import type {
  CallbackVerdict,
  CollectionRequest,
  IncomingCallback,
  PaymentProvider,
  ProviderOutcome,
  RefundCapability,
  RefundOutcome,
  RefundRequest,
  RequestToPayOutcome,
} from '../port.js';
import { callbackBody, errorBody, failureReasonOf, reasonCode, tokenReply, transactionStatus } from './shapes.js';

export interface MtnApiUser {
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
}

export interface MtnMomoConfig {
  /** `https://sandbox.momodeveloper.mtn.com`, or the production proxy MTN gives at go-live. */
  baseUrl: string;
  /** The Collection product's key, API user and API key. */
  collection: MtnApiUser;
  /** `sandbox`, or the country's production environment (`mtnzambia`). */
  targetEnvironment: string;
  /** ZMW in Zambia; the sandbox takes EUR only. */
  currency: string;
  /** The Disbursement product's credentials: refunds go through it. Without them, no refunds. */
  disbursement: MtnApiUser | null;
  callbackBaseUrl: string;
  callbackSecret: string;
  timeoutMs: number;
}

const MESSAGE_LIMIT = 160;
const GATEWAY = 'mtn_momo';

/** MTN MoMo Collections: request-to-pay, approved by the payer on their phone (MTN 096/076). */
export function mtnMomoProvider(config: MtnMomoConfig, fetchImpl: Fetch = fetch): PaymentProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const product = (name: 'collection' | 'disbursement', user: MtnApiUser) => {
    const tokens = new TokenCache(async () => {
      const reply = await callProvider(
        fetchImpl,
        `${base}/${name}/token/`,
        {
          method: 'POST',
          headers: {
            Authorization: `Basic ${Buffer.from(`${user.apiUser}:${user.apiKey}`).toString('base64')}`,
            'Ocp-Apim-Subscription-Key': user.subscriptionKey,
          },
        },
        config.timeoutMs,
      );
      if (reply.kind === 'unreachable') throw new ProviderTokenError(false, `MTN MoMo ${name} token: ${reply.detail}`);
      const token = tokenReply.safeParse(reply.body);
      if (reply.status === 200 && token.success) return { token: token.data.access_token, expiresInSeconds: token.data.expires_in };
      throw new ProviderTokenError(reply.status === 401 || reply.status === 403, `MTN MoMo ${name} token: HTTP ${reply.status}`);
    });
    /** A call with a bearer token; a 401 drops the token and tries once more with a fresh one. */
    const call = async (path: string, init: RequestInit & { headers: Record<string, string> }, retried = false): Promise<ProviderReply> => {
      const token = await tokens.get();
      const reply = await callProvider(
        fetchImpl,
        `${base}/${name}${path}`,
        {
          ...init,
          headers: {
            ...init.headers,
            Authorization: `Bearer ${token}`,
            'X-Target-Environment': config.targetEnvironment,
            'Ocp-Apim-Subscription-Key': user.subscriptionKey,
          },
        },
        config.timeoutMs,
      );
      if (reply.kind === 'reply' && reply.status === 401 && !retried) {
        tokens.forget();
        return call(path, init, true);
      }
      return reply;
    };
    return call;
  };

  const collection = product('collection', config.collection);

  const requestToPay = async (request: CollectionRequest): Promise<RequestToPayOutcome> => {
    if (mobileMoneyNetworks[request.method] !== 'mtn')
      return { status: 'failed', reason: 'not_allowed', detail: `MTN MoMo does not collect ${request.method}` };
    const message = request.description.slice(0, MESSAGE_LIMIT);
    return whenTokenAvailable(async () => {
      const reply = await collection('/v1_0/requesttopay', {
        method: 'POST',
        headers: {
          'X-Reference-Id': request.reference,
          'X-Callback-Url': requestCallbackUrl(config.callbackBaseUrl, config.callbackSecret, GATEWAY, request.reference),
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          amount: kwachaString(request.amountNgwee),
          currency: config.currency,
          externalId: request.reference,
          payer: { partyIdType: 'MSISDN', partyId: request.payer.msisdn },
          payerMessage: message,
          payeeNote: message,
        }),
      });
      if (reply.kind === 'unreachable') return { status: 'unknown', detail: reply.detail };
      // 409 RESOURCE_ALREADY_EXIST: this reference was taken before (a re-send after a lost answer): it stands.
      if (reply.status === 202 || reply.status === 409) return { status: 'accepted' };
      if (reply.status >= 400 && reply.status < 500) {
        const error = errorBody.safeParse(reply.body);
        return {
          status: 'failed',
          reason: reply.status === 400 ? 'not_allowed' : 'provider_error',
          detail: error.success ? error.data.code : describeReply(reply),
        };
      }
      return { status: 'unknown', detail: describeReply(reply) };
    });
  };

  const status = async (reference: string): Promise<ProviderOutcome> =>
    whenTokenAvailable(async () => {
      const reply = await collection(`/v1_0/requesttopay/${encodeURIComponent(reference)}`, { method: 'GET', headers: {} });
      if (reply.kind === 'unreachable') return { status: 'unknown', detail: reply.detail };
      if (reply.status === 404) return { status: 'not_found' };
      const parsed = transactionStatus.safeParse(reply.body);
      if (reply.status !== 200 || !parsed.success) return { status: 'unknown', detail: describeReply(reply) };
      return outcomeOf(parsed.data);
    });

  const receiveCallback = async (callback: IncomingCallback): Promise<CallbackVerdict> => {
    const reference = referenceOfCallbackPath(callback.path, config.callbackSecret, GATEWAY);
    if (reference === null)
      return { accepted: false, problem: 'unauthenticated', detail: 'the callback URL does not carry our token for this reference' };
    if (callback.method !== 'POST' && callback.method !== 'PUT')
      return { accepted: false, problem: 'malformed', detail: `MTN calls back by POST or PUT, not ${callback.method}` };
    const body = callbackBody.safeParse(callback.body);
    if (!body.success)
      return {
        accepted: false,
        problem: 'malformed',
        detail: body.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
      };
    if (body.data.externalId !== reference)
      return { accepted: false, problem: 'malformed', detail: `externalId ${body.data.externalId} is not the reference ${reference}` };
    const outcome = outcomeOf(body.data);
    return outcome.status === 'succeeded' || outcome.status === 'failed'
      ? { accepted: true, reference, outcome }
      : { accepted: false, problem: 'malformed', detail: 'not a final status' };
  };

  const refunds = config.disbursement === null ? undefined : mtnRefunds(product('disbursement', config.disbursement), config);
  return { gateway: GATEWAY, methods: ['mtn_money'], requestToPay, status, receiveCallback, ...(refunds ? { refunds } : {}) };
}

function outcomeOf(body: {
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  reason?: unknown;
  financialTransactionId?: string | null;
}): ProviderOutcome {
  if (body.status === 'PENDING') return { status: 'pending' };
  if (body.status === 'SUCCESSFUL') return { status: 'succeeded', providerTransactionId: body.financialTransactionId ?? null };
  const code = reasonCode(body.reason as never);
  return { status: 'failed', reason: failureReasonOf(code), detail: code };
}

type ProductCall = (path: string, init: RequestInit & { headers: Record<string, string> }) => Promise<ProviderReply>;

/** Refunds through MTN's Disbursement product (`POST /disbursement/v1_0/refund`, status by its reference). */
function mtnRefunds(disbursement: ProductCall, config: MtnMomoConfig): RefundCapability {
  const refundStatus = (refundReference: string): Promise<RefundOutcome | { status: 'not_found' }> =>
    whenTokenAvailable(async (): Promise<RefundOutcome | { status: 'not_found' }> => {
      const reply = await disbursement(`/v1_0/refund/${encodeURIComponent(refundReference)}`, { method: 'GET', headers: {} });
      if (reply.kind === 'unreachable') return { status: 'unknown', detail: reply.detail };
      if (reply.status === 404) return { status: 'not_found' };
      const parsed = transactionStatus.safeParse(reply.body);
      if (reply.status !== 200 || !parsed.success) return { status: 'unknown', detail: describeReply(reply) };
      if (parsed.data.status === 'PENDING') return { status: 'pending' };
      if (parsed.data.status === 'SUCCESSFUL')
        return { status: 'succeeded', providerTransactionId: parsed.data.financialTransactionId ?? null };
      return { status: 'failed', detail: reasonCode(parsed.data.reason) ?? 'FAILED' };
    });
  return {
    partial: true,
    refund: (request: RefundRequest): Promise<RefundOutcome> =>
      whenTokenAvailable(async (): Promise<RefundOutcome> => {
        const note = request.reason.slice(0, MESSAGE_LIMIT);
        const reply = await disbursement('/v1_0/refund', {
          method: 'POST',
          headers: { 'X-Reference-Id': request.refundReference, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            amount: kwachaString(request.amountNgwee),
            currency: config.currency,
            externalId: request.refundReference,
            payerMessage: note,
            payeeNote: note,
            referenceIdToRefund: request.paymentReference,
          }),
        });
        if (reply.kind === 'unreachable') return { status: 'unknown', detail: reply.detail };
        if (reply.status === 202 || reply.status === 409) return { status: 'pending' };
        if (reply.status >= 400 && reply.status < 500) {
          const error = errorBody.safeParse(reply.body);
          return { status: 'failed', detail: error.success ? error.data.code : describeReply(reply) };
        }
        return { status: 'unknown', detail: describeReply(reply) };
      }),
    status: refundStatus,
  };
}
