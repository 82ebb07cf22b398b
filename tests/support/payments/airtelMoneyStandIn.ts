import { constants, createDecipheriv, createHmac, generateKeyPairSync, privateDecrypt, randomUUID, type KeyObject } from 'node:crypto';
import { deliver, startHttpStandIn, type HttpStandIn, type RecordedRequest, type Reply } from './httpStandIn.js';

/**
 * Spec support: Airtel Money's Open API as its developer portal documents it for Zambia —
 * `POST /auth/oauth2/token` (client credentials, `expires_in` as a string), `GET
 * /v1/rsa/encryption-keys`, `POST /merchant/v1/payments/` (X-Country ZM, X-Currency ZMW, signed
 * with x-signature / x-key), the enquiry `GET /standard/v1/payments/{id}` (TS, TF, TIP, …),
 * `POST /standard/v1/payments/refund`, and callbacks to the application's one callback URL, with
 * a `hash` when callback authentication is on.
 */
interface Transaction {
  body: Record<string, unknown>;
  status: 'TIP' | 'TS' | 'TF';
  responseCode: string;
  airtelMoneyId: string | null;
}

export interface AirtelMoneyStandIn extends HttpStandIn {
  transactions: Map<string, Transaction>;
  refunded: string[];
  /** The payer enters their PIN (TS) or the payment fails with one of Airtel's response codes (TF). */
  settle(id: string, outcome: { status: 'TS' } | { status: 'TF'; responseCode: string }): Promise<number>;
  revokeTokens(): void;
  /** The callback as Airtel would send it (hashed when a private key is set), without sending it. */
  callbackBody(id: string): { transaction: Record<string, string>; hash?: string };
}

const ok = (data: unknown, responseCode = 'DP00800001006') => ({
  status: 200,
  body: { data, status: { code: '200', message: 'SUCCESS', result_code: 'ESB000010', response_code: responseCode, success: true } },
});
const refused = (status: number, resultCode: string, message: string, responseCode?: string): Reply => ({
  status,
  body: {
    status: {
      code: String(status),
      message,
      result_code: resultCode,
      ...(responseCode ? { response_code: responseCode } : {}),
      success: false,
    },
  },
});

export async function startAirtelMoneyStandIn(options: {
  clientId: string;
  clientSecret: string;
  /** Where the application's callbacks go (set on Airtel's portal). */
  callbackUrl: () => string;
  callbackPrivateKey: string | null;
  messageSigning: boolean;
}): Promise<AirtelMoneyStandIn> {
  const transactions = new Map<string, Transaction>();
  const refunded: string[] = [];
  const tokens = new Set<string>();
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });

  const handle = (request: RecordedRequest): Reply => {
    const path = request.path;
    if (path === '/auth/oauth2/token' && request.method === 'POST') {
      const body = request.body as Record<string, string> | null;
      if (body?.client_id !== options.clientId || body.client_secret !== options.clientSecret || body.grant_type !== 'client_credentials') {
        return { status: 401, body: { error_description: 'Invalid client', error: 'invalid_client' } };
      }
      const token = randomUUID();
      tokens.add(token);
      return { status: 200, body: { access_token: token, expires_in: '180', token_type: 'bearer' } };
    }
    if (!tokens.has(request.headers.authorization?.replace(/^Bearer /, '') ?? '')) return { status: 401, body: { error: 'invalid_token' } };
    if (request.headers['x-country'] !== 'ZM' || request.headers['x-currency'] !== 'ZMW')
      return refused(400, 'ROUTER006', 'Invalid Country');
    if (path === '/v1/rsa/encryption-keys' && request.method === 'GET') {
      return {
        status: 200,
        body: {
          data: {
            key_id: 100,
            key: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
            valid_upto: '31-12-2099 23:59:59',
          },
          status: { code: '200', message: 'Success', response_code: 'DP02010001001', result_code: 'ESB000010', success: true },
        },
      };
    }
    if (request.method === 'POST' && options.messageSigning && !signatureMatches(request, privateKey)) {
      return refused(403, 'ESB000008', 'Forbidden: X-signature and payload did not match', 'DP00800001026');
    }
    if (path === '/merchant/v1/payments/' && request.method === 'POST') {
      const body = request.body as {
        subscriber?: { msisdn?: string };
        transaction?: { id?: string; amount?: unknown; currency?: string };
      } | null;
      const id = body?.transaction?.id;
      if (!id || typeof body.transaction?.amount !== 'number' || body.transaction.currency !== 'ZMW')
        return refused(400, 'ESB000008', 'Field validation error');
      if (!/^[79]7\d{7}$/.test(body.subscriber?.msisdn ?? '')) return refused(400, 'ESB000036', 'Invalid MSISDN Length', 'DP00800001005');
      if (transactions.has(id)) return refused(200, 'ESB000041', 'External Transaction ID already exists');
      transactions.set(id, { body: body as Record<string, unknown>, status: 'TIP', responseCode: 'DP00800001006', airtelMoneyId: null });
      return ok({ transaction: { id, status: 'SUCCESS' } });
    }
    const enquiry = /^\/standard\/v1\/payments\/([^/]+)$/.exec(path);
    if (enquiry && request.method === 'GET') {
      const transaction = transactions.get(decodeURIComponent(enquiry[1]!));
      if (!transaction) return refused(200, 'ESB000045', 'No Transaction Found');
      const { status, responseCode, airtelMoneyId } = transaction;
      return ok(
        {
          transaction: {
            ...(airtelMoneyId ? { airtel_money_id: airtelMoneyId } : {}),
            id: enquiry[1],
            message: status === 'TS' ? 'Success' : status === 'TF' ? 'Failed' : 'In process',
            status,
          },
        },
        responseCode,
      );
    }
    if (path === '/standard/v1/payments/refund' && request.method === 'POST') {
      const airtelMoneyId = (request.body as { transaction?: { airtel_money_id?: string } } | null)?.transaction?.airtel_money_id;
      const paid = [...transactions.values()].find(
        (transaction) => transaction.airtelMoneyId === airtelMoneyId && transaction.status === 'TS',
      );
      if (!paid || refunded.includes(airtelMoneyId!)) return refused(200, 'ESB000011', 'Failed');
      refunded.push(airtelMoneyId!);
      return ok({ transaction: { airtel_money_id: `CI${airtelMoneyId!.slice(2)}R`, status: 'SUCCESS' } });
    }
    return { status: 404, body: { error: 'Not Found' } };
  };

  const server = await startHttpStandIn(handle);
  const callbackBody = (id: string) => {
    const found = transactions.get(id)!;
    const transaction = {
      id,
      message:
        found.status === 'TS'
          ? `Paid ZMW ${found.body.transaction ? (found.body.transaction as { amount: number }).amount : ''}`
          : 'Transaction failed',
      status_code: found.status,
      airtel_money_id: found.airtelMoneyId ?? `MP${id.slice(0, 8)}`,
    };
    return options.callbackPrivateKey === null
      ? { transaction }
      : { transaction, hash: createHmac('sha256', options.callbackPrivateKey).update(JSON.stringify(transaction)).digest('base64') };
  };
  return Object.assign(server, {
    transactions,
    refunded,
    async settle(id: string, outcome: { status: 'TS' } | { status: 'TF'; responseCode: string }) {
      const transaction = transactions.get(id);
      if (!transaction) throw new Error(`no payment ${id}`);
      Object.assign(
        transaction,
        outcome.status === 'TS'
          ? { status: 'TS', responseCode: 'DP00800001001', airtelMoneyId: `MP${id.slice(0, 8).toUpperCase()}` }
          : { status: 'TF', responseCode: outcome.responseCode, airtelMoneyId: `MP${id.slice(0, 8).toUpperCase()}` },
      );
      return deliver(options.callbackUrl(), callbackBody(id));
    },
    revokeTokens: () => tokens.clear(),
    callbackBody,
  });
}

/** Undoes the message signing: RSA (PKCS#1 v1.5) opens `key:iv`, AES-256-CBC opens the payload, which must be the body. */
function signatureMatches(request: RecordedRequest, privateKey: KeyObject): boolean {
  const signature = request.headers['x-signature'];
  const sealedKey = request.headers['x-key'];
  if (typeof signature !== 'string' || typeof sealedKey !== 'string') return false;
  try {
    // Node refuses PKCS#1 v1.5 private decryption (CVE-2023-46809); open the block raw and strip the padding by hand.
    const block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(sealedKey, 'base64'));
    if (block[0] !== 0 || block[1] !== 2) return false;
    const [key, iv] = block
      .subarray(block.indexOf(0, 2) + 1)
      .toString('utf8')
      .split(':') as [string, string];
    const decipher = createDecipheriv('aes-256-cbc', Buffer.from(key, 'base64'), Buffer.from(iv, 'base64'));
    const payload = Buffer.concat([decipher.update(Buffer.from(signature, 'base64')), decipher.final()]).toString('utf8');
    return payload === request.text;
  } catch {
    return false;
  }
}
