import { randomUUID } from 'node:crypto';
import { deliver, startHttpStandIn, type HttpStandIn, type RecordedRequest, type Reply } from './httpStandIn.js';

/**
 * Spec support: MTN MoMo's Open API as momodeveloper.mtn.com documents it, for the Collection and
 * Disbursement products — `POST /{product}/token/` (Basic auth + Ocp-Apim-Subscription-Key),
 * `POST /collection/v1_0/requesttopay` (202; 409 RESOURCE_ALREADY_EXIST for a used X-Reference-Id),
 * `GET …/requesttopay/{referenceId}` (200 PENDING | SUCCESSFUL | FAILED with a reason; 404
 * RESOURCE_NOT_FOUND), refunds under `/disbursement/v1_0/refund`, and callbacks of the final
 * status body to each request's X-Callback-Url.
 */
export interface MtnCredentials {
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
}

interface Transaction {
  body: Record<string, unknown>;
  callbackUrl: string | null;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  reason: string | null;
  financialTransactionId: string | null;
}

export interface MtnMomoStandIn extends HttpStandIn {
  collections: Map<string, Transaction>;
  refunds: Map<string, Transaction>;
  /** The payer approves (or MTN fails it, with one of its reasons); the callback goes out as MTN sends it. */
  settle(
    reference: string,
    outcome: { status: 'SUCCESSFUL' } | { status: 'FAILED'; reason: string },
    method?: 'POST' | 'PUT',
  ): Promise<number | null>;
  /** Every token issued so far stops working (as when one expires): the next call answers 401. */
  revokeTokens(): void;
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export async function startMtnMomoStandIn(options: {
  collection: MtnCredentials;
  disbursement?: MtnCredentials;
  targetEnvironment: string;
  currency: string;
}): Promise<MtnMomoStandIn> {
  const collections = new Map<string, Transaction>();
  const refunds = new Map<string, Transaction>();
  const tokens = new Map<string, 'collection' | 'disbursement'>();
  const products = { collection: options.collection, disbursement: options.disbursement };

  const handle = (request: RecordedRequest): Reply => {
    const [, product, ...rest] = request.path.split('/') as [string, 'collection' | 'disbursement', ...string[]];
    const credentials = products[product];
    if (!credentials || request.headers['ocp-apim-subscription-key'] !== credentials.subscriptionKey) {
      return {
        status: 401,
        body: {
          statusCode: 401,
          message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
        },
      };
    }
    if (rest.join('/') === 'token/' && request.method === 'POST') {
      const basic = `Basic ${Buffer.from(`${credentials.apiUser}:${credentials.apiKey}`).toString('base64')}`;
      if (request.headers.authorization !== basic) return { status: 401, body: { error: 'login_failed' } };
      const token = randomUUID();
      tokens.set(token, product);
      return { status: 200, body: { access_token: token, token_type: 'access_token', expires_in: 3600 } };
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (tokens.get(bearer) !== product) return { status: 401, body: { statusCode: 401, message: 'Unauthorized' } };
    if (request.headers['x-target-environment'] !== options.targetEnvironment) {
      return { status: 400, body: { code: 'NOT_ALLOWED_TARGET_ENVIRONMENT', message: 'Access to target environment is forbidden.' } };
    }
    const store = product === 'collection' ? collections : refunds;
    const resource = product === 'collection' ? 'requesttopay' : 'refund';
    const [version, kind, reference] = rest;
    if (version !== 'v1_0' || kind !== resource)
      return { status: 404, body: { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' } };
    if (request.method === 'GET' && reference) {
      const found = store.get(reference);
      if (!found) return { status: 404, body: { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' } };
      return { status: 200, body: statusBody(found) };
    }
    if (request.method === 'POST' && !reference) {
      const id = request.headers['x-reference-id'];
      const body = request.body as Record<string, unknown> | null;
      if (
        typeof id !== 'string' ||
        !UUID_V4.test(id) ||
        !body ||
        typeof body.amount !== 'string' ||
        !/^\d+(\.\d{1,2})?$/.test(body.amount)
      ) {
        return { status: 400, body: { code: 'INVALID_REQUEST', message: 'Request does not follow the specification.' } };
      }
      if (body.currency !== options.currency)
        return { status: 500, body: { code: 'INVALID_CURRENCY', message: 'Currency not supported.' } };
      if (store.has(id))
        return { status: 409, body: { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' } };
      if (product === 'collection') {
        const payer = body.payer as { partyIdType?: string; partyId?: string } | undefined;
        if (payer?.partyIdType !== 'MSISDN' || !/^260\d{9}$/.test(payer.partyId ?? ''))
          return { status: 400, body: { code: 'INVALID_REQUEST', message: 'Invalid payer.' } };
      } else if (collections.get(String(body.referenceIdToRefund))?.status !== 'SUCCESSFUL') {
        return { status: 400, body: { code: 'RESOURCE_NOT_FOUND', message: 'The transaction to refund was not found.' } };
      }
      const callbackUrl = typeof request.headers['x-callback-url'] === 'string' ? request.headers['x-callback-url'] : null;
      store.set(id, {
        body,
        callbackUrl,
        status: product === 'collection' ? 'PENDING' : 'SUCCESSFUL',
        reason: null,
        financialTransactionId: product === 'collection' ? null : '981569077',
      });
      return { status: 202 };
    }
    return { status: 404, body: { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' } };
  };

  const server = await startHttpStandIn(handle);
  return Object.assign(server, {
    collections,
    refunds,
    async settle(
      reference: string,
      outcome: { status: 'SUCCESSFUL' } | { status: 'FAILED'; reason: string },
      method: 'POST' | 'PUT' = 'PUT',
    ) {
      const transaction = collections.get(reference);
      if (!transaction) throw new Error(`no request to pay ${reference}`);
      Object.assign(
        transaction,
        outcome.status === 'SUCCESSFUL'
          ? { status: 'SUCCESSFUL', financialTransactionId: '1232581108' }
          : { status: 'FAILED', reason: outcome.reason },
      );
      return transaction.callbackUrl ? deliver(transaction.callbackUrl, statusBody(transaction), method) : null;
    },
    revokeTokens: () => tokens.clear(),
  });
}

/** The RequestToPayResult (or RefundResult) body: what Get Status answers and the callback carries. */
function statusBody(transaction: Transaction) {
  const { amount, currency, externalId, payer, payerMessage, payeeNote } = transaction.body;
  return {
    amount,
    currency,
    externalId,
    ...(payer === undefined ? {} : { payer }),
    payerMessage,
    payeeNote,
    status: transaction.status,
    ...(transaction.financialTransactionId === null ? {} : { financialTransactionId: transaction.financialTransactionId }),
    ...(transaction.reason === null ? {} : { reason: transaction.reason }),
  };
}
