import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatZmw } from '../../domain/fare/money.js';
import { seriousViolations } from './support/axe.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { approve, call, driverApplication, eventually, overflowingInMain, places, rideRequest, signInAdmin, signUp, type Party } from './support/parties.js';

/**
 * Paying for a ride (issue 12) in the browser: a rider whose ride is over pays by MTN Mobile
 * Money through the built-in sandbox (no number saved: the ride's page asks for the one whose
 * phone approves; a number on another network is refused naming the field), approves on the
 * development wallet as the phone would, sees the payment settle live and the receipt with its
 * reference; the driver's weekly statement shows the earning; the admin's payments screen lists it
 * and its reconciliation finds the provider agrees with the ledger. Then a ride whose request the
 * payer declines on the development wallet: the ride's page follows it live and says why, the
 * rider pays in cash instead, the driver confirms it, both see it paid, and the driver's earnings
 * count it once, as cash. A vehicle type no other browser test books (the wedding car), so other
 * files' rides never reach these drivers.
 */
const VEHICLE = 'wedding-transport';
const { newContext } = useBrowser();

async function completedRide(rider: Party, driver: Party, paymentMethod: string) {
  const rideId: string = (await call(rider, 'POST', '/api/rides', rideRequest(VEHICLE, { paymentMethod }))).id;
  await eventually(() => call(driver, 'PATCH', `/api/rides/${rideId}`, { status: 'accepted' }).then(() => true, () => false), (accepted) => accepted);
  await call(driver, 'POST', `/api/rides/${rideId}/arrive`);
  const pin = (await eventually(() => call(rider, 'GET', `/api/rides/${rideId}`), (ride) => Boolean(ride.pin?.code))).pin.code;
  await call(driver, 'POST', `/api/rides/${rideId}/start`, { pin });
  await call(driver, 'POST', `/api/rides/${rideId}/complete`);
  const ride = await eventually(() => call(rider, 'GET', `/api/rides/${rideId}`), (answer) => answer.status === 'completed' && answer.finalFareNgwee !== null);
  return { rideId, fareNgwee: ride.finalFareNgwee as number };
}

/** A wedding-car driver signed up at Parklands, approved by the admin and online there. */
async function driverOnline(admin: Party, context: BrowserContext, fullName: string, phoneNumber: string) {
  const driver = await signUp(context, 'driver', fullName, phoneNumber);
  await call(driver, 'POST', '/api/drivers/register', driverApplication(VEHICLE, `BAW ${driver.userId.slice(0, 4).toUpperCase()}`));
  await approve(admin, driver);
  await eventually(() => call(driver, 'GET', `/api/drivers/user/${driver.userId}`), (profile) => profile.verificationStatus === 'approved');
  await call(driver, 'PATCH', `/api/drivers/${driver.userId}/status`, { isOnline: true, location: places.parklands });
  return driver;
}

/** The payment_update messages a page's live socket receives, as they arrive. */
function paymentUpdatesOf(page: Page): Array<{ rideId: string; status: string; failureReason: string | null; method: string }> {
  const received: Array<{ rideId: string; status: string; failureReason: string | null; method: string }> = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string' || !payload.includes('payment_update')) return;
      const message = JSON.parse(payload);
      if (message.type === 'payment_update') received.push(message);
    }),
  );
  return received;
}

describe('payments', () => {
  it('a rider pays a finished ride by mobile money in the sandbox, sees it settle and the receipt; the driver sees the earning', async () => {
    const admin = await signInAdmin(await newContext());
    const rider = await signUp(await newContext(places.freedomPark), 'passenger', 'Bwalya Mwansa');
    const driver = await signUp(await newContext(places.parklands), 'driver', 'Joseph Zulu', '0966 444 555');
    await call(driver, 'POST', '/api/drivers/register', driverApplication(VEHICLE, `BAW ${driver.userId.slice(0, 4).toUpperCase()}`));
    await approve(admin, driver);
    await eventually(() => call(driver, 'GET', `/api/drivers/user/${driver.userId}`), (profile) => profile.verificationStatus === 'approved');
    await call(driver, 'PATCH', `/api/drivers/${driver.userId}/status`, { isOnline: true, location: places.parklands });
    const { rideId, fareNgwee } = await completedRide(rider, driver, 'mtn_money');

    const page = await rider.context.newPage();
    await page.goto(`${baseUrl()}/rides/${rideId}`);
    const panel = page.getByTestId('payment-status');
    const form = panel.getByTestId('pay-form');
    await form.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowingInMain(page)).toEqual([]);
    // Never a PIN: the form asks only for the number whose phone approves.
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    await form.getByLabel('MTN Mobile Money', { exact: true }).check();
    const phone = form.getByLabel('MTN Mobile Money number');
    await phone.fill('0971 234 567');
    await form.getByRole('button', { name: `Pay ${formatZmw(fareNgwee)}` }).click();
    await form.getByRole('alert').getByText('A MTN Mobile Money number starts with 096, 076.').waitFor();
    await phone.fill('0961 234 567');
    await form.getByRole('button', { name: `Pay ${formatZmw(fareNgwee)}` }).click();

    // Awaiting approval: the page says to approve on the phone, and the sandbox stands in for it.
    await panel.getByTestId('approve-on-phone').getByText(/Approve the request for .* on your phone/).waitFor();
    await panel.getByTestId('payment-badge').getByText('Awaiting approval').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowingInMain(page)).toEqual([]);
    await screenshot(page, 'payment-awaiting-approval-360x740');
    await panel.getByTestId('sandbox-prompt').getByRole('button', { name: 'Approve' }).click();

    // Settled, and the receipt: the amount, the method and the provider reference.
    await panel.getByTestId('payment-badge').getByText('Paid').waitFor();
    const receipt = panel.getByTestId('payment-receipt');
    await receipt.getByTestId('receipt-paid').getByText(formatZmw(fareNgwee)).waitFor();
    const settled = await call(rider, 'GET', `/api/rides/${rideId}/payment`);
    expect(settled.payment).toMatchObject({ status: 'succeeded', settledMethod: 'mtn_money', amountNgwee: fareNgwee });
    expect(await receipt.getByTestId('receipt-reference').innerText()).toBe(settled.payment.providerReference);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowingInMain(page)).toEqual([]);
    await screenshot(page, 'payment-receipt-360x740');

    // The rider's payments page lists it as paid.
    await page.goto(`${baseUrl()}/payments`);
    await page.getByTestId(`payment-${rideId}`).getByText('Paid').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowingInMain(page)).toEqual([]);

    // The driver's statement counts the settled payment: the fare, and 88 % of it theirs.
    const driverPage = await driver.context.newPage();
    await driverPage.goto(`${baseUrl()}/driver`);
    await driverPage.getByRole('tab', { name: 'Statement' }).click();
    const statement = driverPage.getByTestId('statement');
    await statement.getByTestId('statement-gross').getByText(formatZmw(fareNgwee)).waitFor();
    const week = await call(driver, 'GET', `/api/drivers/${driver.userId}/statement`);
    expect(week).toMatchObject({ rides: 1, grossNgwee: fareNgwee, mobileMoney: { rides: 1 } });
    await statement.getByTestId('statement-net').getByText(formatZmw(week.netNgwee)).waitFor();
    await statement.getByTestId('statement-balance').getByText(`Tiyende owes you ${formatZmw(week.owedToDriverNgwee)} for this week.`).waitFor();
    expect(await seriousViolations(driverPage)).toEqual([]);
    expect(await overflowingInMain(driverPage)).toEqual([]);
    await screenshot(driverPage, 'driver-statement-360x740');

    // The admin's payments screen lists it, and reconciliation finds the sandbox agrees with the ledger.
    const adminPage = await admin.context.newPage();
    await adminPage.goto(`${baseUrl()}/admin/payments`);
    await adminPage.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await adminPage.getByTestId('admin-payments').getByRole('link', { name: rideId }).waitFor();
    expect(await seriousViolations(adminPage)).toEqual([]);
    await adminPage.getByRole('tab', { name: 'Reconciliation' }).click();
    await adminPage.getByRole('row').filter({ hasText: rideId }).getByText('Matches').waitFor();
    expect(await seriousViolations(adminPage)).toEqual([]);
    await screenshot(adminPage, 'admin-payments-reconciliation-360x740');
  });

  it('a rider declines the mobile-money request on the development wallet, sees why live, pays in cash instead; the driver confirms it and earns it once', { timeout: 120_000 }, async () => {
    const admin = await signInAdmin(await newContext());
    const rider = await signUp(await newContext(places.freedomPark), 'passenger', 'Chanda Mulenga');
    // The rider's MTN wallet: the platform asks it as soon as the trip is over.
    await call(rider, 'POST', '/api/payments/methods', { provider: 'mtn_money', accountNumber: '0962 345 678' });
    const driver = await driverOnline(admin, await newContext(places.parklands), 'Mutale Chileshe', '0966 444 556');
    const { rideId, fareNgwee } = await completedRide(rider, driver, 'mtn_money');

    // The ride's page, open while the phone is asked: it says to approve there.
    const ridePage = await rider.context.newPage();
    const heard = paymentUpdatesOf(ridePage);
    await ridePage.goto(`${baseUrl()}/rides/${rideId}`);
    const panel = ridePage.getByTestId('payment-status');
    await panel.getByTestId('payment-badge').getByText('Awaiting approval').waitFor();
    await panel.getByTestId('approve-on-phone').getByText(/Approve the request for .* on your phone \(MTN Mobile Money, •••• 5678\)/).waitFor();

    // The driver's page for the ride: the rider is approving on their phone.
    const driverPage = await driver.context.newPage();
    await driverPage.goto(`${baseUrl()}/track/${rideId}`);
    const driverPanel = driverPage.getByTestId('payment-status');
    await driverPanel.getByTestId('approve-on-phone').getByText(`The rider is approving ${formatZmw(fareNgwee)} by MTN Mobile Money on their phone.`).waitFor();

    // The payer declines on the development wallet (the /payments page stands in for the phone).
    const walletPage = await rider.context.newPage();
    await walletPage.goto(`${baseUrl()}/payments`);
    const wallet = walletPage.getByTestId('sandbox-wallet');
    const request = wallet.getByRole('listitem').filter({ hasText: formatZmw(fareNgwee) }).filter({ hasText: '•••• 5678' });
    await request.waitFor();
    expect(await seriousViolations(walletPage)).toEqual([]);
    expect(await overflowingInMain(walletPage)).toEqual([]);
    await request.getByRole('button', { name: 'Decline' }).click();
    await wallet.getByText('No request is waiting.').waitFor();
    await walletPage.getByTestId(`payment-${rideId}`).getByText('Not paid').waitFor();

    // The ride's page, never reloaded, follows it over its live socket and says why.
    await panel.getByTestId('payment-badge').getByText('Not paid').waitFor();
    await panel.getByTestId('payment-failure').getByText('The request was declined on the phone.').waitFor();
    expect(heard.filter((update) => update.rideId === rideId && update.status === 'failed')).toEqual([
      expect.objectContaining({ failureReason: 'declined', method: 'mtn_money' }),
    ]);
    await driverPanel.getByTestId('payment-failure').getByText('The request was declined on the phone.').waitFor();
    expect(await seriousViolations(ridePage)).toEqual([]);
    expect(await overflowingInMain(ridePage)).toEqual([]);
    await screenshot(ridePage, 'payment-declined-360x740');

    // The rider pays again, in cash this time.
    const form = panel.getByTestId('pay-form');
    await form.getByRole('group', { name: 'Pay again, by the same method or another' }).waitFor();
    await form.getByLabel('Cash', { exact: true }).check();
    expect(await form.getByLabel('MTN Mobile Money number').count()).toBe(0);
    await form.getByRole('button', { name: 'I will pay in cash' }).click();
    await panel.getByTestId('cash-owed').getByText(`Pay your driver ${formatZmw(fareNgwee)} in cash.`, { exact: false }).waitFor();
    expect(await panel.getByTestId('pay-form').count()).toBe(0);

    // The driver's page follows too: collect the cash, then confirm it.
    await driverPanel.getByTestId('cash-owed').getByText(`Collect ${formatZmw(fareNgwee)} in cash from the rider, then confirm.`).waitFor();
    expect(await seriousViolations(driverPage)).toEqual([]);
    expect(await overflowingInMain(driverPage)).toEqual([]);
    await driverPanel.getByTestId('driver-cash-actions').getByRole('button', { name: 'Cash collected' }).click();

    // Both see it paid: cash, confirmed by the driver, on the second attempt.
    await driverPanel.getByTestId('payment-badge').getByText('Paid').waitFor();
    await panel.getByTestId('payment-badge').getByText('Paid').waitFor();
    const receipt = panel.getByTestId('payment-receipt');
    await receipt.getByTestId('receipt-paid').getByText(formatZmw(fareNgwee)).waitFor();
    await receipt.getByText('Cash', { exact: true }).waitFor();
    expect(heard.filter((update) => update.rideId === rideId && update.status === 'succeeded')).toEqual([expect.objectContaining({ method: 'cash' })]);
    const settled = (await call(rider, 'GET', `/api/rides/${rideId}/payment`)).payment;
    expect(settled).toMatchObject({ status: 'succeeded', method: 'cash', settledMethod: 'cash', settledBy: 'driver', attempt: 2, amountNgwee: fareNgwee });
    expect(settled.attempts.map((attempt: { method: string; status: string }) => `${attempt.method}:${attempt.status}`)).toEqual(['mtn_money:failed', 'cash:succeeded']);
    expect(await seriousViolations(ridePage)).toEqual([]);
    await screenshot(ridePage, 'payment-cash-after-decline-360x740');

    // The driver's earnings count the fare once, as cash (the declined request counts for nothing).
    const earnings = await eventually(
      () => call(driver, 'GET', `/api/drivers/${driver.userId}/earnings`),
      (answer) => answer.summary.total.rides > 0,
    );
    expect(earnings.summary.total).toMatchObject({ rides: 1, grossNgwee: fareNgwee });
    expect(earnings.rides).toEqual([expect.objectContaining({ rideId, method: 'cash', grossNgwee: fareNgwee })]);
    const week = await call(driver, 'GET', `/api/drivers/${driver.userId}/statement`);
    expect(week).toMatchObject({ rides: 1, grossNgwee: fareNgwee, cash: { rides: 1, grossNgwee: fareNgwee }, mobileMoney: { rides: 0 } });
    await driverPage.goto(`${baseUrl()}/driver`);
    await driverPage.getByRole('tab', { name: 'Statement' }).click();
    const statement = driverPage.getByTestId('statement');
    await statement.getByTestId('statement-rides').getByText('1', { exact: true }).waitFor();
    await statement.getByTestId('statement-gross').getByText(formatZmw(fareNgwee)).waitFor();
    expect(await statement.getByTestId('statement-line').count()).toBe(1);
    await statement.getByTestId('statement-line').getByText('Cash', { exact: true }).waitFor();
    await statement.getByTestId('statement-balance').getByText(`You owe Tiyende ${formatZmw(week.owedByDriverNgwee)} in commission for this week.`).waitFor();
    expect(await seriousViolations(driverPage)).toEqual([]);
    expect(await overflowingInMain(driverPage)).toEqual([]);
  });
});
