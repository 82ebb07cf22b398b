import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeProviderContract } from '../../../tests/contract/paymentProvider.contract.js';
import { startCallbackReceiver, type RecordedRequest } from '../../../tests/support/payments/httpStandIn.js';
import { startMtnMomoStandIn, type MtnMomoStandIn } from '../../../tests/support/payments/mtnMomoStandIn.js';
import { requestCallbackUrl } from '../callbackTokens.js';
import type { IncomingCallback } from '../port.js';
import { mtnMomoProvider, type MtnMomoConfig } from './mtnMomoProvider.js';

const collection = { subscriptionKey: 'collection-key', apiUser: randomUUID(), apiKey: 'collection-secret' };
const disbursement = { subscriptionKey: 'disbursement-key', apiUser: randomUUID(), apiKey: 'disbursement-secret' };
const callbackSecret = 'a-test-secret-of-at-least-thirty-two-characters';
const payer = { msisdn: '260961234567', network: 'mtn' as const, national: '0961234567' };
// Generous: on a loaded machine the first call (a token, then the request) takes a while; the stall test waits past it.
const TIMEOUT_MS = 2_000;

async function openMtn(options: { withRefunds: boolean }) {
  const receiver = await startCallbackReceiver();
  const standIn = await startMtnMomoStandIn({ collection, disbursement, targetEnvironment: 'sandbox', currency: 'EUR' });
  const config: MtnMomoConfig = {
    baseUrl: standIn.url,
    collection,
    targetEnvironment: 'sandbox',
    currency: 'EUR',
    disbursement: options.withRefunds ? disbursement : null,
    callbackBaseUrl: receiver.base,
    callbackSecret,
    timeoutMs: TIMEOUT_MS,
  };
  const asReceived = (request: RecordedRequest): IncomingCallback => ({
    method: request.method,
    path: request.path.slice('/api/payments/callbacks'.length),
    headers: request.headers as Record<string, string>,
    body: request.body,
  });
  return { receiver, standIn, config, provider: mtnMomoProvider(config), asReceived };
}

describeProviderContract('MTN MoMo Collections', async () => {
  const { receiver, standIn, provider, asReceived } = await openMtn({ withRefunds: true });
  const settled = async (reference: string, outcome: Parameters<MtnMomoStandIn['settle']>[1]) => {
    expect(await standIn.settle(reference, outcome)).toBe(200);
    return asReceived(receiver.requests.at(-1)!);
  };
  return {
    provider,
    method: 'mtn_money',
    payer,
    approve: (reference) => settled(reference, { status: 'SUCCESSFUL' }),
    declineForWantOfFunds: (reference) => settled(reference, { status: 'FAILED', reason: 'NOT_ENOUGH_FUNDS' }),
    heldRequests: async (reference) =>
      [...standIn.collections.values()].filter((transaction) => transaction.body.externalId === reference).length,
    mishap: { failNext: standIn.failNext, stallNext: standIn.stallNext, timeoutMs: TIMEOUT_MS },
    async dispose() {
      await standIn.close();
      await receiver.close();
    },
  };
});

describe('MTN MoMo adapter, as momodeveloper.mtn.com documents the API', () => {
  let opened: Awaited<ReturnType<typeof openMtn>>;
  beforeAll(async () => {
    opened = await openMtn({ withRefunds: false });
  });
  afterAll(async () => {
    await opened.standIn.close();
    await opened.receiver.close();
  });

  const ask = (reference = randomUUID(), who = payer) =>
    opened.provider.requestToPay({
      reference,
      rideId: 'ride-1',
      method: 'mtn_money',
      amountNgwee: 4_550,
      payer: who,
      description: 'Tiyende ride ride-1',
    });

  it('sends request-to-pay with the documented headers and body', async () => {
    const reference = randomUUID();
    await ask(reference);
    const sent = opened.standIn.requests.findLast((request) => request.path === '/collection/v1_0/requesttopay')!;
    expect(sent.headers).toMatchObject({
      authorization: expect.stringMatching(/^Bearer /),
      'x-reference-id': reference,
      'x-target-environment': 'sandbox',
      'ocp-apim-subscription-key': 'collection-key',
      'x-callback-url': requestCallbackUrl(opened.receiver.base, callbackSecret, 'mtn_momo', reference),
      'content-type': 'application/json',
    });
    expect(sent.body).toEqual({
      amount: '45.50',
      currency: 'EUR',
      externalId: reference,
      payer: { partyIdType: 'MSISDN', partyId: '260961234567' },
      payerMessage: 'Tiyende ride ride-1',
      payeeNote: 'Tiyende ride ride-1',
    });
  });

  it('fetches a token with Basic auth once, reuses it, and fetches a fresh one after a 401', async () => {
    const tokenCalls = () => opened.standIn.requests.filter((request) => request.path === '/collection/token/').length;
    await ask();
    const before = tokenCalls();
    await ask();
    await ask();
    expect(tokenCalls()).toBe(before);
    opened.standIn.revokeTokens();
    expect(await ask()).toEqual({ status: 'accepted' });
    expect(tokenCalls()).toBe(before + 1);
  });

  it('reports refused credentials as a failure (nothing left us), not as unknown', async () => {
    const wrong = mtnMomoProvider({ ...opened.config, collection: { ...collection, apiKey: 'not-the-key' } });
    const reference = randomUUID();
    expect(
      await wrong.requestToPay({ reference, rideId: 'ride-1', method: 'mtn_money', amountNgwee: 4_550, payer, description: 'x' }),
    ).toMatchObject({
      status: 'failed',
      reason: 'provider_error',
    });
    expect(opened.standIn.collections.has(reference)).toBe(false);
  });

  it('reports a request MTN rejects as bad (400) as failed, not allowed', async () => {
    expect(await ask(randomUUID(), { ...payer, msisdn: '26096' })).toEqual({
      status: 'failed',
      reason: 'not_allowed',
      detail: 'INVALID_REQUEST',
    });
  });

  it('maps MTN’s reasons, in either shape it has sent them', async () => {
    const reference = randomUUID();
    await ask(reference);
    const path = new URL(requestCallbackUrl(opened.receiver.base, callbackSecret, 'mtn_momo', reference)).pathname.slice(
      '/api/payments/callbacks'.length,
    );
    const body = (reason: unknown) => ({ amount: '45.50', currency: 'EUR', externalId: reference, status: 'FAILED', reason });
    const receive = (reason: unknown) => opened.provider.receiveCallback({ method: 'POST', path, headers: {}, body: body(reason) });
    expect(await receive('APPROVAL_REJECTED')).toMatchObject({
      accepted: true,
      outcome: { reason: 'declined', detail: 'APPROVAL_REJECTED' },
    });
    expect(await receive({ code: 'PAYER_NOT_FOUND', message: 'Payer does not exist' })).toMatchObject({
      outcome: { reason: 'payer_not_found' },
    });
    expect(await receive('COULD_NOT_PERFORM_TRANSACTION')).toMatchObject({ outcome: { reason: 'timed_out' } });
    expect(await receive('SOMETHING_NEW')).toMatchObject({ outcome: { reason: 'provider_error', detail: 'SOMETHING_NEW' } });
  });

  it('refuses a callback carrying another reference’s token, or a body for another request', async () => {
    const mine = randomUUID();
    const other = randomUUID();
    await ask(mine);
    await ask(other);
    const callback = opened.asReceived({ ...(await settledRequest(opened, mine)) });
    const swapped = { ...callback, path: callback.path.replace(mine, other) };
    expect(await opened.provider.receiveCallback(swapped)).toMatchObject({ accepted: false, problem: 'unauthenticated' });
    const foreignBody = { ...callback, body: { ...(callback.body as object), externalId: other } };
    expect(await opened.provider.receiveCallback(foreignBody)).toMatchObject({ accepted: false, problem: 'malformed' });
  });

  it('offers no refunds without the Disbursement product’s credentials', () => expect(opened.provider.refunds).toBeUndefined());
});

async function settledRequest(opened: Awaited<ReturnType<typeof openMtn>>, reference: string) {
  await opened.standIn.settle(reference, { status: 'SUCCESSFUL' });
  return opened.receiver.requests.at(-1)!;
}
