import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeProviderContract } from '../../../tests/contract/paymentProvider.contract.js';
import { startAirtelMoneyStandIn } from '../../../tests/support/payments/airtelMoneyStandIn.js';
import { startCallbackReceiver, type RecordedRequest } from '../../../tests/support/payments/httpStandIn.js';
import type { IncomingCallback } from '../port.js';
import { airtelCallbackUrl, airtelMoneyProvider, type AirtelMoneyConfig } from './airtelMoneyProvider.js';

const credentials = { clientId: 'tiyende-client', clientSecret: 'tiyende-client-secret' };
const callbackPrivateKey = 'airtel-application-callback-private-key';
const payer = { msisdn: '260971234567', network: 'airtel' as const, national: '0971234567' };
// Generous: on a loaded machine the first call (token, keys, the request) takes a while; the stall test waits past it.
const TIMEOUT_MS = 2_000;

async function openAirtel() {
  const receiver = await startCallbackReceiver();
  const config: AirtelMoneyConfig = {
    baseUrl: '',
    ...credentials,
    callbackPrivateKey,
    messageSigning: true,
    callbackBaseUrl: receiver.base,
    callbackSecret: 'a-test-secret-of-at-least-thirty-two-characters',
    timeoutMs: TIMEOUT_MS,
  };
  const standIn = await startAirtelMoneyStandIn({
    ...credentials,
    callbackUrl: () => airtelCallbackUrl(config),
    callbackPrivateKey,
    messageSigning: true,
  });
  config.baseUrl = standIn.url;
  const asReceived = (request: RecordedRequest): IncomingCallback => ({
    method: request.method,
    path: request.path.slice('/api/payments/callbacks'.length),
    headers: request.headers as Record<string, string>,
    body: request.body,
  });
  return { receiver, standIn, config, provider: airtelMoneyProvider(config), asReceived };
}

describeProviderContract('Airtel Money Collections', async () => {
  const { receiver, standIn, provider, asReceived } = await openAirtel();
  const settled = async (reference: string, outcome: Parameters<typeof standIn.settle>[1]) => {
    expect(await standIn.settle(reference, outcome)).toBe(200);
    return asReceived(receiver.requests.at(-1)!);
  };
  return {
    provider,
    method: 'airtel_money',
    payer,
    approve: (reference) => settled(reference, { status: 'TS' }),
    declineForWantOfFunds: (reference) => settled(reference, { status: 'TF', responseCode: 'DP00800001007' }),
    heldRequests: async (reference) =>
      [...standIn.transactions.values()].filter((transaction) => (transaction.body.transaction as { id: string }).id === reference).length,
    mishap: { failNext: standIn.failNext, stallNext: standIn.stallNext, timeoutMs: TIMEOUT_MS },
    async dispose() {
      await standIn.close();
      await receiver.close();
    },
  };
});

describe('Airtel Money adapter, as Airtel’s developer portal documents the API for Zambia', () => {
  let opened: Awaited<ReturnType<typeof openAirtel>>;
  beforeAll(async () => {
    opened = await openAirtel();
  });
  afterAll(async () => {
    await opened.standIn.close();
    await opened.receiver.close();
  });

  const ask = (reference = randomUUID(), provider = opened.provider) =>
    provider.requestToPay({
      reference,
      rideId: 'ride-1',
      method: 'airtel_money',
      amountNgwee: 4_550,
      payer,
      description: 'Tiyende ride ride-1',
    });

  it('sends the USSD push signed, with the country headers, the number without its country code, and our reference as the id', async () => {
    const reference = randomUUID();
    expect(await ask(reference)).toEqual({ status: 'accepted' });
    const sent = opened.standIn.requests.findLast((request) => request.path === '/merchant/v1/payments/')!;
    expect(sent.headers).toMatchObject({
      authorization: expect.stringMatching(/^Bearer /),
      'x-country': 'ZM',
      'x-currency': 'ZMW',
      'x-signature': expect.any(String),
      'x-key': expect.any(String),
    });
    expect(sent.body).toEqual({
      reference: 'Tiyende ride ride-1',
      subscriber: { country: 'ZM', currency: 'ZMW', msisdn: '971234567' },
      transaction: { amount: 45.5, country: 'ZM', currency: 'ZMW', id: reference },
    });
  });

  it('fails a request Airtel refuses for want of a valid signature (Zambia requires signed messages)', async () => {
    const unsigned = airtelMoneyProvider({ ...opened.config, messageSigning: false });
    expect(await ask(randomUUID(), unsigned)).toMatchObject({ status: 'failed', detail: expect.stringContaining('DP00800001026') });
  });

  it('reads the token’s lifetime as Airtel sends it (a string of seconds), reuses it, and fetches a fresh one after a 401', async () => {
    const tokenCalls = () => opened.standIn.requests.filter((request) => request.path === '/auth/oauth2/token').length;
    await ask();
    const before = tokenCalls();
    await ask();
    expect(tokenCalls()).toBe(before);
    opened.standIn.revokeTokens();
    expect(await ask()).toEqual({ status: 'accepted' });
    expect(tokenCalls()).toBe(before + 1);
  });

  it('checks the callback’s hash: a changed transaction or a missing hash is refused', async () => {
    const reference = randomUUID();
    await ask(reference);
    await opened.standIn.settle(reference, { status: 'TF', responseCode: 'DP00800001008' });
    const genuine = opened.asReceived(opened.receiver.requests.at(-1)!);
    const body = genuine.body as { transaction: Record<string, string>; hash: string };
    const turned = { ...genuine, body: { ...body, transaction: { ...body.transaction, status_code: 'TS' } } };
    expect(await opened.provider.receiveCallback(turned)).toMatchObject({ accepted: false, problem: 'unauthenticated' });
    const unhashed = { ...genuine, body: { transaction: body.transaction } };
    expect(await opened.provider.receiveCallback(unhashed)).toMatchObject({ accepted: false, problem: 'unauthenticated' });
    expect(await opened.provider.receiveCallback(genuine)).toMatchObject({
      accepted: true,
      outcome: { status: 'failed', reason: 'declined' },
    });
  });

  it('refunds only in full, by the payment’s airtel_money_id', async () => {
    const reference = randomUUID();
    await ask(reference);
    await opened.standIn.settle(reference, { status: 'TS' });
    const status = await opened.provider.status(reference);
    const providerTransactionId = status.status === 'succeeded' ? status.providerTransactionId : null;
    const refund = (amountNgwee: number) =>
      opened.provider.refunds!.refund({
        refundReference: randomUUID(),
        paymentReference: reference,
        providerTransactionId,
        payer,
        amountNgwee,
        collectedNgwee: 4_550,
        reason: 'Complaint upheld',
      });
    expect(opened.provider.refunds!.partial).toBe(false);
    expect(await refund(1_000)).toEqual({ status: 'failed', detail: 'Airtel Money refunds a payment only in full' });
    expect(await refund(4_550)).toMatchObject({ status: 'succeeded' });
    expect(opened.standIn.refunded).toEqual([providerTransactionId]);
  });
});
