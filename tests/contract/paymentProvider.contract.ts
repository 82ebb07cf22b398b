import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MobileMoneyMethod } from '../../domain/catalogue/payments.js';
import { paymentDecider, type PaymentCommand } from '../../domain/payment/index.js';
import { fold } from '../../domain/shared/index.js';
import { fixedDeps } from '../../domain/shared/spec.js';
import type { MobileNetwork } from '../../domain/shared/phone.js';
import type { CallbackVerdict, IncomingCallback, PaymentProvider } from '../../platform/payments/port.js';

export interface ProviderUnderTest {
  provider: PaymentProvider;
  method: MobileMoneyMethod;
  payer: { msisdn: string; network: MobileNetwork; national: string };
  /** The payer approves on their phone; resolves with the callback as our route received it. */
  approve(reference: string): Promise<IncomingCallback>;
  /** The payer's wallet lacks the money; resolves with the callback as our route received it. */
  declineForWantOfFunds(reference: string): Promise<IncomingCallback>;
  /** How many requests the provider holds under the reference. */
  heldRequests(reference: string): Promise<number>;
  /** Makes the provider's next answer a 5xx, or no answer within our deadline; absent where no network lies between. */
  mishap?: { failNext(status: number): void; stallNext(ms: number): void; timeoutMs: number };
  dispose(): Promise<void>;
}

const RIDE = 'ride-contract-1';
const FARE = 4_550;

/**
 * What every payment provider adapter must do, against a stand-in answering in the provider's
 * documented shapes: ask, learn the outcome by callback and by status, refuse forged callbacks,
 * take a replayed one as nothing new, and never call a payment failed when it does not know.
 */
export function describeProviderContract(name: string, open: () => Promise<ProviderUnderTest>) {
  describe(`payment provider contract: ${name}`, () => {
    let subject: ProviderUnderTest;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => {
      await subject?.dispose();
    });

    const ask = async () => {
      const reference = randomUUID();
      const { provider, method, payer } = subject;
      const outcome = await provider.requestToPay({
        reference,
        rideId: RIDE,
        method,
        amountNgwee: FARE,
        payer,
        description: 'Tiyende ride',
      });
      expect(outcome).toEqual({ status: 'accepted' });
      return reference;
    };

    it('asks the payer: the request is accepted and pending until they answer', async () => {
      const reference = await ask();
      expect(await subject.provider.status(reference)).toEqual({ status: 'pending' });
      expect(await subject.heldRequests(reference)).toBe(1);
    });

    it('approved: the callback and the status both say succeeded, with the same provider transaction id', async () => {
      const reference = await ask();
      const verdict = await subject.provider.receiveCallback(await subject.approve(reference));
      expect(verdict).toEqual({ accepted: true, reference, outcome: { status: 'succeeded', providerTransactionId: expect.any(String) } });
      const polled = await subject.provider.status(reference);
      expect(polled).toEqual(verdict.accepted ? verdict.outcome : null);
    });

    it('declined for want of funds: failed with that reason, by callback and by status', async () => {
      const reference = await ask();
      const verdict = await subject.provider.receiveCallback(await subject.declineForWantOfFunds(reference));
      expect(verdict).toMatchObject({ accepted: true, reference, outcome: { status: 'failed', reason: 'insufficient_funds' } });
      expect(await subject.provider.status(reference)).toMatchObject({ status: 'failed', reason: 'insufficient_funds' });
    });

    it('re-sending the same reference stands as the one request: accepted, never a second charge', async () => {
      const reference = await ask();
      const { provider, method, payer } = subject;
      expect(
        await provider.requestToPay({ reference, rideId: RIDE, method, amountNgwee: FARE, payer, description: 'Tiyende ride' }),
      ).toEqual({ status: 'accepted' });
      expect(await subject.heldRequests(reference)).toBe(1);
    });

    it('a reference the provider never saw is not found', async () => {
      expect(await subject.provider.status(randomUUID())).toEqual({ status: 'not_found' });
    });

    it('refuses a forged callback: a made-up token, or a body not in the provider’s shape', async () => {
      const reference = await ask();
      const genuine = await subject.approve(reference);
      const segments = genuine.path.split('/');
      const madeUp: IncomingCallback = { ...genuine, path: [...segments.slice(0, -1), 'bm90LW91ci10b2tlbg'].join('/') };
      expect(await subject.provider.receiveCallback(madeUp)).toMatchObject({ accepted: false, problem: 'unauthenticated' });
      const shapeless: IncomingCallback = { ...genuine, body: { status: 'SUCCESSFUL', paid: true } };
      expect(await subject.provider.receiveCallback(shapeless)).toMatchObject({ accepted: false });
    });

    it('recognises a replayed callback: the same verdict, and the payment takes it as nothing new', async () => {
      const reference = await ask();
      const callback = await subject.approve(reference);
      const first = await subject.provider.receiveCallback(callback);
      const replay = await subject.provider.receiveCallback(structuredClone(callback));
      expect(replay).toEqual(first);
      const history = [
        ...paymentFor(subject, reference),
        ...paymentDecider.decide(recorded(first), paymentOf(subject, reference), fixedDeps()),
      ];
      expect(history.at(-1)?.type).toBe('PaymentSucceeded');
      expect(paymentDecider.decide(recorded(replay), fold(paymentDecider, history), fixedDeps())).toEqual([]);
    });

    it('a 5xx or no answer in time is unknown — ask again later — never failed', async ({ skip }) => {
      if (!subject.mishap) return skip('no network lies between us and this provider');
      const { provider, method, payer, mishap } = subject;
      const reference = randomUUID();
      mishap.failNext(503);
      expect(
        await provider.requestToPay({ reference, rideId: RIDE, method, amountNgwee: FARE, payer, description: 'Tiyende ride' }),
      ).toMatchObject({ status: 'unknown' });
      const accepted = await ask();
      mishap.stallNext(mishap.timeoutMs + 500);
      expect(await provider.status(accepted)).toMatchObject({ status: 'unknown' });
      mishap.failNext(500);
      expect(await provider.status(accepted)).toMatchObject({ status: 'unknown' });
      expect(await provider.status(accepted)).toEqual({ status: 'pending' });
    });

    it('refunds a collected payment in full, where the provider refunds at all', async ({ skip }) => {
      const refunds = subject.provider.refunds;
      if (!refunds) return skip('this provider is configured without refunds');
      const reference = await ask();
      const verdict = await subject.provider.receiveCallback(await subject.approve(reference));
      const providerTransactionId =
        verdict.accepted && verdict.outcome.status === 'succeeded' ? verdict.outcome.providerTransactionId : null;
      const refundReference = randomUUID();
      const outcome = await refunds.refund({
        refundReference,
        paymentReference: reference,
        providerTransactionId,
        payer: subject.payer,
        amountNgwee: FARE,
        collectedNgwee: FARE,
        reason: 'Complaint upheld',
      });
      expect(['succeeded', 'pending']).toContain(outcome.status);
      if (refunds.status) expect(await refunds.status(refundReference)).toMatchObject({ status: 'succeeded' });
    });
  });
}

/** The payment stream of a ride whose attempt went to this provider under the reference. */
function paymentFor(subject: ProviderUnderTest, reference: string) {
  const request: PaymentCommand = {
    type: 'RequestPayment',
    actor: { userId: 'payments', role: 'system' },
    data: {
      rideId: RIDE,
      riderId: 'user-rider',
      driverId: 'driver-1',
      driverUserId: 'user-driver',
      amountNgwee: FARE,
      method: subject.method,
      payerPhone: subject.payer.national,
      gateway: subject.provider.gateway,
      providerReference: reference,
    },
  };
  return paymentDecider.decide(request, paymentDecider.initialState(), fixedDeps());
}

const paymentOf = (subject: ProviderUnderTest, reference: string) => fold(paymentDecider, paymentFor(subject, reference));

function recorded(verdict: CallbackVerdict): PaymentCommand {
  if (!verdict.accepted || verdict.outcome.status !== 'succeeded')
    throw new Error(`expected an accepted success, got ${JSON.stringify(verdict)}`);
  return {
    type: 'RecordPaymentSucceeded',
    actor: { userId: 'payments', role: 'system' },
    data: { rideId: RIDE, providerReference: verdict.reference, providerTransactionId: verdict.outcome.providerTransactionId },
  };
}
