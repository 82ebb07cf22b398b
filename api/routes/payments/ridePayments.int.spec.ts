import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestCallbackUrl } from '../../../platform/payments/callbackTokens.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import { createKysely } from '../../../platform/database/connect.js';
import type { SandboxDatabase } from '../../../platform/payments/index.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver, completedRide, type TestDriver } from '../../../tests/support/fixtures/apiDrivers.js';

const CALLBACK_SECRET = 'a-test-callback-secret-of-forty-characters!';
const CALLBACK_BASE = 'http://tiyende.test/api/payments/callbacks';

let bed: ApiTestBed;
let admin: SignedIn;
let rider: SignedIn;
let stranger: SignedIn;
let driver: TestDriver;
beforeAll(async () => {
  bed = await startApiTestBed({
    startAt: new Date('2026-12-01T08:00:00Z'),
    paymentsEnv: { PAYMENTS_CALLBACK_SECRET: CALLBACK_SECRET },
    collector: { firstCheckAfterMs: 30_000 },
  });
  [admin, rider, stranger] = await Promise.all([bed.signIn('admin'), bed.signIn('passenger'), bed.signIn('passenger')]);
  driver = await approvedDriver(bed, admin);
  // The rider's wallets: the platform asks these numbers when a ride paid by mobile money completes.
  for (const [provider, accountNumber] of [
    ['mtn_money', '0961234567'],
    ['airtel_money', '0971234567'],
  ]) {
    const saved = await call('POST', '/api/payments/methods', rider, { provider, accountNumber });
    expect(saved.statusCode).toBe(201);
  }
}, 60_000);
afterAll(() => bed.close());

function call(method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object) {
  return bed.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
}

const paymentOf = async (rideId: string, who: SignedIn = rider) => (await call('GET', `/api/rides/${rideId}/payment`, who)).json();

/** Waits (the read models, reactors and collector run on their own) until the ride's payment is in `status`. */
async function paymentReaches(rideId: string, status: string) {
  for (let round = 0; round < 200; round++) {
    await bed.settle();
    const { payment } = await paymentOf(rideId);
    if (payment?.status === status) return payment;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the payment of ${rideId} never reached ${status}: ${JSON.stringify((await paymentOf(rideId)).payment)}`);
}

const pendingInWallet = async (rideId: string) => {
  const listed = await call('GET', '/api/dev/payments/sandbox', rider);
  expect(listed.statusCode).toBe(200);
  return (listed.json().requests as Array<{ rideId: string; reference: string; msisdn: string }>).find((request) => request.rideId === rideId);
};

const eventCount = async () => (await bed.store.readAll({ maxCount: 100_000 })).events.length;

describe('a ride paid by MTN MoMo in the sandbox', () => {
  let rideId: string;
  let fareNgwee: number;
  let reference: string;

  it('is asked for when the trip completes, and waits for approval on the payer’s phone', async () => {
    ({ rideId, fareNgwee } = await completedRide(bed, rider, driver, { paymentMethod: 'mtn_money' }));
    const payment = await paymentReaches(rideId, 'awaitingApproval');
    expect(payment).toMatchObject({ method: 'mtn_money', amountNgwee: fareNgwee, attempt: 1 });
    expect(payment.attempts[0]).toMatchObject({ gateway: 'sandbox', payerPhone: '•••• 4567' });
    const request = await pendingInWallet(rideId);
    expect(request).toMatchObject({ msisdn: '•••• 4567' });
    reference = request!.reference;
    expect(payment.providerReference).toBe(reference);
    // Nobody else sees or decides this request.
    expect((await call('GET', '/api/dev/payments/sandbox', stranger)).json().requests.map((r: { rideId: string }) => r.rideId)).not.toContain(rideId);
    expect((await call('POST', `/api/dev/payments/sandbox/${reference}/approve`, stranger)).statusCode).toBe(404);
  });

  it('succeeds when the payer approves; the receipt lists every fare line, the total, the reference and the method', async () => {
    const approved = await call('POST', `/api/dev/payments/sandbox/${reference}/approve`, rider);
    expect(approved.statusCode).toBe(200);
    const payment = await paymentReaches(rideId, 'succeeded');
    expect(payment).toMatchObject({ settledMethod: 'mtn_money', settledBy: 'provider', providerReference: reference });
    expect(payment.providerTransactionId).toMatch(/^SBX-/);
    const { receipt } = await paymentOf(rideId);
    expect(receipt.totalNgwee).toBe(fareNgwee);
    expect(receipt.lines.length).toBeGreaterThan(1);
    expect(receipt.lines.reduce((sum: number, line: { amountNgwee: number }) => sum + line.amountNgwee, 0)).toBe(fareNgwee);
    // The driver and admins read it too; a stranger learns nothing.
    expect((await call('GET', `/api/rides/${rideId}/payment`, driver)).statusCode).toBe(200);
    expect((await call('GET', `/api/rides/${rideId}/payment`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/rides/${rideId}/payment`, stranger)).statusCode).toBe(404);
  });

  it('a replayed callback changes nothing; a forged one is refused and changes nothing', async () => {
    await bed.settle();
    const before = await eventCount();
    const url = requestCallbackUrl(CALLBACK_BASE, CALLBACK_SECRET, 'sandbox', reference).slice('http://tiyende.test'.length);
    const body = { reference, status: 'SUCCESSFUL', transactionId: 'SBX-REPLAYED', reason: null };
    const replayed = await bed.app.inject({ method: 'POST', url, payload: body });
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual({ status: 'unchanged' });
    const forgedUrl = `/api/payments/callbacks/sandbox/${reference}/${'A'.repeat(43)}`;
    const forged = await bed.app.inject({ method: 'POST', url: forgedUrl, payload: { ...body, status: 'FAILED', reason: 'declined' } });
    expect(forged.statusCode).toBe(401);
    const unknownGateway = await bed.app.inject({ method: 'POST', url: '/api/payments/callbacks/paypal/x/y', payload: body });
    expect(unknownGateway.statusCode).toBe(404);
    await bed.settle();
    expect(await eventCount()).toBe(before);
    expect((await paymentOf(rideId)).payment.status).toBe('succeeded');
  });

  it('an admin refunds it, never more than was paid, and the sandbox sends it back', async () => {
    const tooMuch = await call('POST', `/api/admin/payments/${rideId}/refunds`, admin, { amount: fareNgwee / 100 + 1, reason: 'Detour' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().field).toBe('amountNgwee');
    const whole = await call('POST', `/api/admin/payments/${rideId}/refunds`, admin, { amount: fareNgwee / 100, reason: 'Detour' });
    expect(whole.statusCode).toBe(200);
    const again = await call('POST', `/api/admin/payments/${rideId}/refunds`, admin, { amount: 1, reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect((await call('POST', `/api/admin/payments/${rideId}/refunds`, rider, { amount: 1, reason: 'Mine' })).statusCode).toBe(403);
    const refunded = await paymentReaches(rideId, 'refunded');
    expect(refunded.refundedNgwee).toBe(fareNgwee);
    const refunds = (await call('GET', '/api/admin/payments/refunds', admin)).json().refunds;
    expect(refunds[0]).toMatchObject({ rideId, amountNgwee: fareNgwee, status: 'completed' });
  });
});

describe('a ride declined on Airtel Money, then paid in cash', () => {
  let rideId: string;

  it('fails with the reason when the payer declines, and the admins see the failure', async () => {
    ({ rideId } = await completedRide(bed, rider, driver, { paymentMethod: 'airtel_money' }));
    await paymentReaches(rideId, 'awaitingApproval');
    const request = await pendingInWallet(rideId);
    const declined = await call('POST', `/api/dev/payments/sandbox/${request!.reference}/decline`, rider, { reason: 'insufficient_funds' });
    expect(declined.statusCode).toBe(200);
    const failed = await paymentReaches(rideId, 'failed');
    expect(failed.failureReason).toBe('insufficient_funds');
    const failures = (await call('GET', '/api/admin/payments/failures', admin)).json().failures;
    expect(failures).toContainEqual(expect.objectContaining({ rideId, attempt: 1, reason: 'insufficient_funds', method: 'airtel_money' }));
  });

  it('the rider chooses cash and the driver confirms they collected it', async () => {
    expect((await call('POST', `/api/rides/${rideId}/payment`, stranger, { method: 'cash' })).statusCode).toBe(404);
    const cash = await call('POST', `/api/rides/${rideId}/payment`, rider, { method: 'cash' });
    expect(cash.statusCode).toBe(200);
    expect(cash.json().payment).toMatchObject({ status: 'requested', method: 'cash', attempt: 2 });
    expect((await call('POST', `/api/rides/${rideId}/payment/cash-collected`, rider)).statusCode).toBe(403);
    const collected = await call('POST', `/api/rides/${rideId}/payment/cash-collected`, driver);
    expect(collected.statusCode).toBe(200);
    expect(collected.json().payment).toMatchObject({ status: 'succeeded', settledMethod: 'cash', settledBy: 'driver' });
  });

  it('the driver sees it in their weekly statement: cash kept, the 12 % commission owed to the platform', async () => {
    await bed.settle();
    const response = await call('GET', `/api/drivers/${driver.driverId}/statement`, driver);
    expect(response.statusCode).toBe(200);
    const statement = response.json();
    expect(statement.weekStartsOn).toBe('2026-11-30');
    const line = statement.lines.find((candidate: { rideId: string }) => candidate.rideId === rideId);
    const fare = (await paymentOf(rideId)).payment.amountNgwee;
    const commission = Math.round((fare * 12) / 100);
    expect(line).toMatchObject({ method: 'cash', grossNgwee: fare, commissionNgwee: commission, owedByDriverNgwee: commission, owedToDriverNgwee: 0 });
    // The MoMo ride refunded in full earned nothing and is left out.
    expect(statement.cash.rides).toBe(1);
    expect(statement.balanceNgwee).toBe(statement.owedToDriverNgwee - statement.owedByDriverNgwee);
    expect((await call('GET', `/api/drivers/${driver.driverId}/statement?week=2026-12-02`, driver)).statusCode).toBe(400);
    expect((await call('GET', `/api/drivers/${driver.driverId}/statement`, rider)).statusCode).toBe(403);
  });
});

describe('a payment whose callback never comes', () => {
  it('is settled by polling the provider (the same path heals a crash between its success and our append)', async () => {
    const { rideId } = await completedRide(bed, rider, driver, { paymentMethod: 'mtn_money' });
    await paymentReaches(rideId, 'awaitingApproval');
    const request = await pendingInWallet(rideId);
    // The provider has the money, but no callback reaches us.
    await createKysely<SandboxDatabase>(bed.pool)
      .updateTable('sandbox_payment_requests')
      .set({ status: 'approved', transaction_id: 'SBX-POLLED', decided_at: bed.clock.now() })
      .where('reference', '=', request!.reference)
      .execute();
    await bed.settle();
    expect((await paymentOf(rideId)).payment.status).toBe('awaitingApproval');
    const report = (await call('GET', '/api/admin/payments/reconciliation', admin)).json();
    expect(report.lines).toContainEqual(expect.objectContaining({ rideId, providerStatus: 'succeeded', ledgerStatus: 'awaitingApproval', verdict: 'mismatch' }));
    bed.clock.advance(31_000);
    const payment = await paymentReaches(rideId, 'succeeded');
    expect(payment.providerTransactionId).toBe('SBX-POLLED');
    const csv = await call('GET', '/api/admin/payments/reconciliation.csv', admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('rideId,attempt,reference,gateway,method,amountNgwee,requestedAt,ledgerStatus,providerStatus,providerDetail,verdict');
    expect(csv.body).toContain(`${rideId},1,${request!.reference},sandbox,mtn_money`);
    expect((await call('GET', '/api/admin/payments/reconciliation', rider)).statusCode).toBe(403);
  });

  it('expires when nobody approves within five minutes; the rider may pay again', async () => {
    const { rideId } = await completedRide(bed, rider, driver, { paymentMethod: 'mtn_money' });
    await paymentReaches(rideId, 'awaitingApproval');
    bed.clock.advance(5 * 60_000 + 1_000);
    const expired = await paymentReaches(rideId, 'expired');
    expect(expired.failureReason).toBe('expired');
    const again = await call('POST', `/api/rides/${rideId}/payment`, rider, { method: 'mtn_money', phoneNumber: '0761234567' });
    expect(again.statusCode).toBe(200);
    expect(again.json().payment).toMatchObject({ status: 'requested', attempt: 2 });
  });
});

describe('refusals name the field and change nothing', () => {
  it('a number on another network, a missing number, a PIN, a method not offered', async () => {
    const { rideId } = await completedRide(bed, rider, driver);
    const before = await eventCount();
    const wrongNetwork = await call('POST', `/api/rides/${rideId}/payment`, rider, { method: 'mtn_money', phoneNumber: '0971234567' });
    expect(wrongNetwork.statusCode).toBe(400);
    expect(wrongNetwork.json().issues[0].field).toBe('body.phoneNumber');
    const missing = await call('POST', `/api/rides/${rideId}/payment`, rider, { method: 'zamtel_kwacha' });
    expect(missing.json().issues[0].field).toBe('body.phoneNumber');
    const pin = await call('POST', '/api/payments/process', rider, { rideId, paymentMethod: 'mtn_money', phoneNumber: '0961234567', pin: '1234' });
    expect(pin.statusCode).toBe(400);
    expect(pin.json().issues[0].field).toBe('body.pin');
    const card = await call('POST', `/api/rides/${rideId}/payment`, rider, { method: 'credit_card' });
    expect(card.statusCode).toBe(400);
    expect((await call('POST', `/api/rides/${rideId}/payment`, driver, { method: 'cash' })).statusCode).toBe(403);
    await bed.settle();
    expect(await eventCount()).toBe(before);
  });
});
