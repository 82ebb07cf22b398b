import { createHmac, timingSafeEqual } from 'node:crypto';
import { callbackToken, tokenMatches } from '../callbackTokens.js';
import {
  callProvider,
  describeReply,
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
import { signPayload } from './messageSigning.js';
import {
  callbackBody,
  DUPLICATE_ID,
  encryptionKeys,
  envelope,
  failureReasonOf,
  finalStatuses,
  notFoundCodes,
  tokenReply,
  undecidedCodes,
  type Envelope,
} from './shapes.js';

export interface AirtelMoneyConfig {
  /** `https://openapiuat.airtel.co.zm` (staging) or `https://openapi.airtel.co.zm`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The application's callback private key, when callback authentication is on: callbacks then carry a hash. */
  callbackPrivateKey: string | null;
  /** Airtel requires signed messages in Zambia; off only for a staging account without it. */
  messageSigning: boolean;
  callbackBaseUrl: string;
  callbackSecret: string;
  timeoutMs: number;
}

const GATEWAY = 'airtel_money';
const COUNTRY = { 'X-Country': 'ZM', 'X-Currency': 'ZMW' } as const;
const KEY_LIFETIME_MS = 60 * 60 * 1000;

/**
 * The callback URL to set on the Airtel application (Airtel calls back one URL per application,
 * not one per request): its token, derived from our secret, keeps strangers from posting to it.
 */
export const airtelCallbackUrl = (config: Pick<AirtelMoneyConfig, 'callbackBaseUrl' | 'callbackSecret'>) =>
  `${config.callbackBaseUrl.replace(/\/+$/, '')}/${GATEWAY}/${callbackToken(config.callbackSecret, GATEWAY)}`;

/** Airtel Money Collections: a USSD push the payer approves with their PIN (Airtel 097/077). */
export function airtelMoneyProvider(config: AirtelMoneyConfig, fetchImpl: Fetch = fetch): PaymentProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const tokens = new TokenCache(async () => {
    const reply = await callProvider(
      fetchImpl,
      `${base}/auth/oauth2/token`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: '*/*' },
        body: JSON.stringify({ client_id: config.clientId, client_secret: config.clientSecret, grant_type: 'client_credentials' }),
      },
      config.timeoutMs,
    );
    if (reply.kind === 'unreachable') throw new ProviderTokenError(false, `Airtel Money token: ${reply.detail}`);
    const token = tokenReply.safeParse(reply.body);
    if (reply.status === 200 && token.success) return { token: token.data.access_token, expiresInSeconds: token.data.expires_in };
    throw new ProviderTokenError(
      reply.status === 400 || reply.status === 401 || reply.status === 403,
      `Airtel Money token: HTTP ${reply.status}`,
    );
  });

  let signingKey: { key: string; until: number } | null = null;
  const airtelPublicKey = async (): Promise<string> => {
    if (signingKey && signingKey.until > Date.now()) return signingKey.key;
    const reply = await call('/v1/rsa/encryption-keys', { method: 'GET' });
    const keys = reply.kind === 'reply' ? encryptionKeys.safeParse(reply.body) : null;
    if (!keys?.success || !keys.data.status.success) {
      throw new ProviderTokenError(false, `Airtel Money encryption key: ${reply.kind === 'reply' ? describeReply(reply) : reply.detail}`);
    }
    signingKey = { key: keys.data.data.key, until: Date.now() + KEY_LIFETIME_MS };
    return signingKey.key;
  };

  /** A call with the bearer token and the country headers; a 401 drops the token and tries once more. */
  async function call(path: string, init: { method: string; body?: string }, retried = false): Promise<ProviderReply> {
    const token = await tokens.get();
    const signature = init.body !== undefined && config.messageSigning ? signPayload(init.body, await airtelPublicKey()) : {};
    const reply = await callProvider(
      fetchImpl,
      `${base}${path}`,
      {
        method: init.method,
        headers: { Accept: '*/*', 'Content-Type': 'application/json', ...COUNTRY, Authorization: `Bearer ${token}`, ...signature },
        ...(init.body !== undefined ? { body: init.body } : {}),
      },
      config.timeoutMs,
    );
    if (reply.kind === 'reply' && reply.status === 401 && !retried) {
      tokens.forget();
      return call(path, init, true);
    }
    return reply;
  }

  const requestToPay = (request: CollectionRequest): Promise<RequestToPayOutcome> =>
    whenTokenAvailable(async () => {
      if (request.payer.network !== 'airtel')
        return { status: 'failed', reason: 'not_allowed', detail: `${request.payer.msisdn} is not an Airtel number` };
      const reply = await call('/merchant/v1/payments/', {
        method: 'POST',
        body: JSON.stringify({
          reference: request.description.slice(0, 64),
          // Airtel takes the number without the country code: 97XXXXXXX.
          subscriber: { country: 'ZM', currency: 'ZMW', msisdn: request.payer.msisdn.slice(3) },
          transaction: { amount: request.amountNgwee / 100, country: 'ZM', currency: 'ZMW', id: request.reference },
        }),
      });
      if (reply.kind === 'unreachable') return { status: 'unknown', detail: reply.detail };
      const body = envelope.safeParse(reply.body);
      if (reply.status >= 500 || reply.status === 408 || reply.status === 429 || !body.success)
        return { status: 'unknown', detail: describeReply(reply) };
      const { success, result_code: resultCode, response_code: responseCode, message } = body.data.status;
      if ((reply.status === 200 && success) || resultCode === DUPLICATE_ID) return { status: 'accepted' };
      if (undecidedCodes.has(resultCode ?? '') || undecidedCodes.has(responseCode ?? ''))
        return { status: 'unknown', detail: describeReply(reply) };
      return {
        status: 'failed',
        reason: failureReasonOf(responseCode),
        detail: [responseCode ?? resultCode, message].filter(Boolean).join(' ') || null,
      };
    });

  const status = (reference: string): Promise<ProviderOutcome> =>
    whenTokenAvailable(async () => {
      const reply = await call(`/standard/v1/payments/${encodeURIComponent(reference)}`, { method: 'GET' });
      if (reply.kind === 'unreachable') return { status: 'unknown', detail: reply.detail };
      const body = envelope.safeParse(reply.body);
      if (reply.status !== 200 || !body.success) return { status: 'unknown', detail: describeReply(reply) };
      return enquiryOutcome(body.data);
    });

  const receiveCallback = async (callback: IncomingCallback): Promise<CallbackVerdict> => {
    const parts = callback.path.split('/').filter(Boolean);
    if (parts.length !== 2 || parts[0] !== GATEWAY || !tokenMatches(config.callbackSecret, GATEWAY, parts[1]!)) {
      return { accepted: false, problem: 'unauthenticated', detail: 'the callback URL does not carry our token' };
    }
    const body = callbackBody.safeParse(callback.body);
    if (callback.method !== 'POST' || !body.success) {
      return {
        accepted: false,
        problem: 'malformed',
        detail: body.success
          ? `Airtel calls back by POST, not ${callback.method}`
          : body.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
      };
    }
    const { transaction, hash } = body.data;
    if (
      config.callbackPrivateKey !== null &&
      !hashMatches(config.callbackPrivateKey, (callback.body as { transaction: unknown }).transaction, hash)
    ) {
      return { accepted: false, problem: 'unauthenticated', detail: 'the callback hash does not match the transaction' };
    }
    if (transaction.status_code === 'TS')
      return {
        accepted: true,
        reference: transaction.id,
        outcome: { status: 'succeeded', providerTransactionId: transaction.airtel_money_id },
      };
    // A failure callback says only "failed"; the enquiry tells why (declined, no funds, timed out).
    const enquiry = await status(transaction.id);
    const outcome =
      enquiry.status === 'failed' ? enquiry : { status: 'failed' as const, reason: 'provider_error' as const, detail: transaction.message };
    return { accepted: true, reference: transaction.id, outcome };
  };

  const refunds: RefundCapability = {
    partial: false,
    refund: (request: RefundRequest): Promise<RefundOutcome> =>
      whenTokenAvailable(async () => {
        if (request.amountNgwee !== request.collectedNgwee)
          return { status: 'failed', detail: 'Airtel Money refunds a payment only in full' };
        if (request.providerTransactionId === null) return { status: 'failed', detail: 'the payment has no airtel_money_id to refund' };
        const reply = await call('/standard/v1/payments/refund', {
          method: 'POST',
          body: JSON.stringify({ transaction: { airtel_money_id: request.providerTransactionId } }),
        });
        if (reply.kind === 'unreachable') return { status: 'unknown', detail: reply.detail };
        const body = envelope.safeParse(reply.body);
        if (reply.status >= 500 || !body.success) return { status: 'unknown', detail: describeReply(reply) };
        if (reply.status === 200 && body.data.status.success)
          return { status: 'succeeded', providerTransactionId: body.data.data?.transaction?.airtel_money_id ?? null };
        return {
          status: 'failed',
          detail: [body.data.status.response_code, body.data.status.message].filter(Boolean).join(' ') || describeReply(reply),
        };
      }),
  };

  return { gateway: GATEWAY, methods: ['airtel_money'], requestToPay, status, receiveCallback, refunds };
}

function enquiryOutcome(body: Envelope): ProviderOutcome {
  const { result_code: resultCode, response_code: responseCode, message } = body.status;
  if (notFoundCodes.has(resultCode ?? '') || notFoundCodes.has(responseCode ?? '')) return { status: 'not_found' };
  const transaction = body.data?.transaction;
  const final = finalStatuses[transaction?.status as keyof typeof finalStatuses];
  if (final === 'succeeded') return { status: 'succeeded', providerTransactionId: transaction?.airtel_money_id ?? null };
  if (final === 'failed') {
    const reason = transaction?.status === 'TE' ? 'timed_out' : failureReasonOf(responseCode);
    return { status: 'failed', reason, detail: [transaction?.status, responseCode, message].filter(Boolean).join(' ') };
  }
  return transaction?.status === 'TIP' || transaction?.status === 'TA'
    ? { status: 'pending' }
    : { status: 'unknown', detail: JSON.stringify(body).slice(0, 200) };
}

/** Callback authentication: base64 HMAC-SHA256 of the transaction object, keyed by the application's private key. */
function hashMatches(privateKey: string, transaction: unknown, hash: string | undefined): boolean {
  if (hash === undefined) return false;
  const expected = Buffer.from(createHmac('sha256', privateKey).update(JSON.stringify(transaction)).digest('base64'));
  const given = Buffer.from(hash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
