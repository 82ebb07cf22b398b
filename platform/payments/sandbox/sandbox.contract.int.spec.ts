import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MobileNetwork } from '../../../domain/shared/phone.js';
import { describeProviderContract } from '../../../tests/contract/paymentProvider.contract.js';
import { createTestDatabase } from '../../../tests/support/database.js';
import { startCallbackReceiver, type RecordedRequest } from '../../../tests/support/payments/httpStandIn.js';
import { createKysely, createPool } from '../../database/connect.js';
import { migrateToLatest } from '../../database/migrate.js';
import type { IncomingCallback } from '../port.js';
import { sandboxPaymentMigrations } from './migrations.js';
import { sandboxProvider } from './sandboxProvider.js';
import type { SandboxDatabase } from './sandboxTables.js';

const payer: { msisdn: string; network: MobileNetwork; national: string } = {
  msisdn: '260951234567',
  network: 'zamtel',
  national: '0951234567',
};
const callbackSecret = 'a-test-secret-of-at-least-thirty-two-characters';

async function openSandbox() {
  const database = await createTestDatabase('sandbox');
  const pool = createPool(database.url, 4);
  const db = createKysely<SandboxDatabase>(pool);
  await migrateToLatest(db, 'payments_sandbox', sandboxPaymentMigrations);
  const receiver = await startCallbackReceiver();
  const provider = sandboxProvider({ db, callbackBaseUrl: receiver.base, callbackSecret, timeoutMs: 2_000 });
  const asReceived = (request: RecordedRequest): IncomingCallback => ({
    method: request.method,
    path: request.path.slice('/api/payments/callbacks'.length),
    headers: request.headers as Record<string, string>,
    body: request.body,
  });
  const dispose = async () => {
    await receiver.close();
    await db.destroy();
    await database.drop();
  };
  return { database, db, receiver, provider, asReceived, dispose };
}

describeProviderContract('built-in sandbox', async () => {
  const { db, receiver, provider, asReceived, dispose } = await openSandbox();
  const decided = async (decision: Promise<unknown>) => {
    expect(await decision).toMatchObject({ callback: { delivered: true } });
    return asReceived(receiver.requests.at(-1)!);
  };
  return {
    provider,
    method: 'zamtel_kwacha',
    payer,
    approve: (reference) => decided(provider.wallet.approve(reference)),
    declineForWantOfFunds: (reference) => decided(provider.wallet.decline(reference, 'insufficient_funds')),
    heldRequests: async (reference) =>
      (await db.selectFrom('sandbox_payment_requests').select('reference').where('reference', '=', reference).execute()).length,
    dispose,
  };
});

describe('the sandbox’s development wallet', () => {
  let opened: Awaited<ReturnType<typeof openSandbox>>;
  beforeAll(async () => {
    opened = await openSandbox();
  });
  afterAll(() => opened.dispose());

  const ask = (
    reference = randomUUID(),
    who: { msisdn: string; network: MobileNetwork } = payer,
    method: 'zamtel_kwacha' | 'mtn_money' = 'zamtel_kwacha',
  ) =>
    opened.provider.requestToPay({
      reference,
      rideId: 'ride-7',
      method,
      amountNgwee: 4_550,
      payer: who,
      description: 'Tiyende ride ride-7',
    });

  it('lists the pending requests a payer would see on their phone, newest first', async () => {
    const first = randomUUID();
    const second = randomUUID();
    await ask(first);
    await ask(second);
    const pending = await opened.provider.wallet.list({ status: 'pending' });
    expect(pending.map((row) => row.reference).slice(0, 2)).toEqual([second, first]);
    expect(pending[0]).toMatchObject({
      ride_id: 'ride-7',
      msisdn: '260951234567',
      amount_ngwee: 4_550,
      method: 'zamtel_kwacha',
      description: 'Tiyende ride ride-7',
    });
  });

  it('decides a request once: a second approval or a decline after it finds nothing pending', async () => {
    const reference = randomUUID();
    await ask(reference);
    expect(await opened.provider.wallet.approve(reference)).toMatchObject({
      request: { status: 'approved', transaction_id: expect.stringMatching(/^SBX-/) },
    });
    expect(await opened.provider.wallet.approve(reference)).toBeNull();
    expect(await opened.provider.wallet.decline(reference)).toBeNull();
    expect(await opened.provider.wallet.approve('not-a-reference')).toBeNull();
  });

  it('refuses a number on another network than the wallet’s', async () =>
    expect(await ask(randomUUID(), { msisdn: '260971234567', network: 'airtel' }, 'mtn_money')).toMatchObject({
      status: 'failed',
      reason: 'payer_not_found',
    }));

  it('when its callback cannot be delivered, says so and still answers status polls', async () => {
    const unreachable = sandboxProvider({
      db: opened.db,
      callbackBaseUrl: 'http://127.0.0.1:9/api/payments/callbacks',
      callbackSecret,
      timeoutMs: 500,
    });
    const reference = randomUUID();
    await unreachable.requestToPay({ reference, rideId: 'ride-8', method: 'zamtel_kwacha', amountNgwee: 4_550, payer, description: 'x' });
    const decision = await unreachable.wallet.approve(reference);
    expect(decision?.callback).toMatchObject({ delivered: false, detail: expect.stringMatching(/unreachable|no answer/) });
    expect(decision?.request.callback_error).toBeTruthy();
    expect(await unreachable.status(reference)).toMatchObject({ status: 'succeeded' });
  });

  it('refunds in parts, never more than was paid', async () => {
    const reference = randomUUID();
    await ask(reference);
    await opened.provider.wallet.approve(reference);
    const refund = (amountNgwee: number, refundReference = randomUUID()) =>
      opened.provider.refunds!.refund({
        refundReference,
        paymentReference: reference,
        providerTransactionId: null,
        payer,
        amountNgwee,
        collectedNgwee: 4_550,
        reason: 'Detour',
      });
    expect(await refund(3_000)).toMatchObject({ status: 'succeeded' });
    expect(await refund(2_000)).toEqual({ status: 'failed', detail: 'more than the payment left to refund' });
    expect(await refund(1_550)).toMatchObject({ status: 'succeeded' });
  });
});
