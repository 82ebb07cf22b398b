import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatZmw } from '../../domain/fare/money.js';
import { seriousViolations } from './support/axe.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { approve, call, driverApplication, eventually, overflowingInMain, places, reject, rideRequest, signInAdmin, signUp, type Party } from './support/parties.js';

/**
 * The driver's side: applying through the form, the dashboard once approved, a bidding ride won
 * live, the PIN lock and its reissue, completing and rating, and the figures afterwards. A
 * vehicle type no other browser test books (guest shuttle), so the request list is this test's own.
 */
const VEHICLE = 'guest-shuttle';

const { newContext } = useBrowser();
/** One admin session for the file: a TOTP code is accepted once per 30 s window. */
let admin: Party | undefined;
const theAdmin = async () => (admin ??= await signInAdmin(await newContext()));

const expectNoProblems = async (page: Page) => {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await overflowingInMain(page)).toEqual([]);
};

describe('the driver dashboard', () => {
  it('takes a driver from the application form to a won bid, a locked and reissued PIN, a completed trip and real figures', async () => {
    const driverContext = await newContext(places.parklands);
    const driver = await signUp(driverContext, 'driver', 'Bwalya Phiri', '0966 123 987');
    const page = await driverContext.newPage();
    await page.goto(`${baseUrl()}/driver`);
    await page.getByRole('heading', { name: 'Become a driver partner' }).waitFor();
    await expectNoProblems(page);

    // The form says what is missing before anything is sent.
    await page.getByRole('button', { name: 'Send application' }).click();
    expect(await page.getByText('This field is required').count()).toBeGreaterThanOrEqual(12);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('reg-licenceNumber');

    await page.getByLabel('Driving licence number').fill('ZL-778899');
    await page.getByLabel('Service you will offer').selectOption(VEHICLE);
    await page.getByLabel('Make').fill('Toyota');
    await page.getByLabel('Model', { exact: true }).fill('HiAce');
    await page.getByLabel('Year').fill('2016');
    await page.getByLabel('Colour').fill('Cream');
    await page.getByLabel('Number plate').fill('BAN SHUTTLE');
    const documents = page.locator('fieldset.driver-register__document');
    expect(await documents.count()).toBe(6);
    for (let index = 0; index < 6; index++) {
      await documents.nth(index).getByLabel('Document number').fill(`DOC-${index + 1}`);
      await documents.nth(index).getByLabel('Expiry date').fill(index === 5 ? '2020-01-31' : '2030-06-30');
    }
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.getByText('This document has expired').waitFor();
    await documents.nth(5).getByLabel('Expiry date').fill('2030-06-30');
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.getByTestId('application-status').filter({ hasText: 'Your application is being reviewed' }).waitFor();
    await expectNoProblems(page);

    await approve(await theAdmin(), driver);
    await page.reload();
    await page.getByTestId('offline-notice').filter({ hasText: 'You need to be online to see ride requests' }).waitFor();
    await page.getByTestId('stat-today').filter({ hasText: 'ZMW 0.0' }).waitFor();
    expect(await page.getByTestId('stat-week').innerText()).toContain('ZMW 0.0');
    expect(await page.getByTestId('stat-rides').innerText()).toContain('0');
    expect(await page.getByTestId('stat-rating').innerText()).toContain('No ratings yet');
    await page.getByRole('tab', { name: 'Ride History' }).click();
    await page.getByTestId('no-history').filter({ hasText: 'No Completed Rides' }).waitFor();
    await page.getByRole('tab', { name: 'Available Rides' }).click();
    await expectNoProblems(page);

    await page.getByRole('switch', { name: 'Available for rides' }).check();
    await page.getByTestId('no-rides').filter({ hasText: 'No Rides Available' }).waitFor();

    // A rider asks for a bidding ride; it reaches the online driver's list live.
    const riderContext = await newContext(places.freedomPark);
    const rider = await signUp(riderContext, 'passenger', 'Thandiwe Lungu');
    const quote = await call(rider, 'POST', '/api/fares/quote', {
      vehicleType: VEHICLE,
      pickup: places.freedomPark,
      dropoff: places.copperbeltUniversity,
      pricingMethod: 'bidding',
    });
    const ride = await call(rider, 'POST', '/api/rides', rideRequest(VEHICLE, { pricingMethod: 'bidding', proposedFare: quote.totalNgwee / 100, passengerCount: 6 }));
    const card = page.locator(`[data-ride-id="${ride.id}"]`);
    await card.waitFor({ timeout: 15_000 });
    expect(await card.innerText()).toContain('Open to bids');

    // The bid modal keeps the amount within the ride's bounds.
    await card.getByRole('button', { name: 'Place a bid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Place your bid' });
    await dialog.waitFor();
    await dialog.getByLabel('Your fare (ZMW)').fill(String((ride.quote.floorNgwee - 100) / 100));
    await dialog.getByRole('button', { name: 'Send bid' }).click();
    await dialog.getByText(`The fare must be at least ${formatZmw(ride.quote.floorNgwee)}`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const bidNgwee = ride.quote.totalNgwee + 500;
    await dialog.getByLabel('Your fare (ZMW)').fill(String(bidNgwee / 100));
    await dialog.getByLabel('Minutes to reach the pickup').fill('4');
    await dialog.getByLabel('Message to the rider (optional)').fill('Clean shuttle, six seats');
    await dialog.getByRole('button', { name: 'Send bid' }).click();
    await card.getByTestId('my-bid').filter({ hasText: `Your bid of ${formatZmw(bidNgwee)} is waiting for the rider` }).waitFor();

    // The rider takes the bid: the driver hears it live and the ride becomes theirs.
    const { bids } = await eventually(() => call(rider, 'GET', `/api/bids/ride/${ride.id}`), (answer) => answer.bids.length > 0);
    expect(bids).toHaveLength(1);
    expect(bids[0]).toMatchObject({ bidAmountNgwee: bidNgwee, estimatedArrival: 4, message: 'Clean shuttle, six seats' });
    await call(rider, 'PATCH', `/api/bids/${bids[0].id}`, { status: 'accepted' });
    await page.getByText('Your bid was accepted. Head to the pickup.').waitFor({ timeout: 15_000 });
    const active = page.getByTestId('active-ride');
    await active.getByTestId('status-banner').filter({ hasText: /^Head to the pickup • ETA \d+ min$/ }).waitFor();
    await active.getByRole('button', { name: 'I have arrived' }).click();
    await active.getByTestId('status-banner').filter({ hasText: 'You are at the pickup: ask the rider for their PIN' }).waitFor();

    // Five wrong PINs lock the start; the rider's reissue unlocks it with a new PIN.
    const firstPin: string = (await eventually(() => call(rider, 'GET', `/api/rides/${ride.id}`), (answer) => answer.pin?.status === 'issued')).pin.code;
    const wrong = firstPin === '1111' ? '2222' : '1111';
    for (let attempt = 1; attempt <= 4; attempt++) {
      await active.getByTestId('pin-input').fill(wrong);
      await active.getByRole('button', { name: 'Start trip' }).click();
      await active.getByTestId('pin-error').filter({ hasText: `Attempts left: ${5 - attempt}` }).waitFor();
    }
    await active.getByTestId('pin-input').fill(wrong);
    await active.getByRole('button', { name: 'Start trip' }).click();
    await active.getByTestId('pin-locked').waitFor();
    expect(await active.getByTestId('pin-input').count()).toBe(0);
    const reissued = await call(rider, 'POST', `/api/rides/${ride.id}/reissue-pin`);
    const newPin: string = reissued.pin.code;
    await active.getByTestId('pin-input').waitFor({ timeout: 15_000 });
    await active.getByTestId('pin-input').fill(newPin);
    await active.getByRole('button', { name: 'Start trip' }).click();
    await active.getByTestId('status-banner').filter({ hasText: /^Trip in progress • ETA \d+ min$/ }).waitFor();
    await expectNoProblems(page);

    await active.getByRole('button', { name: 'Complete trip' }).click();
    await active.getByTestId('status-banner').filter({ hasText: 'Trip completed successfully' }).waitFor();
    // Paid in cash: the driver confirms it, and the fare counts in their earnings from then on.
    await active.getByTestId('driver-cash-actions').getByRole('button', { name: 'Cash collected' }).click();
    await eventually(() => call(driver, 'GET', `/api/rides/${ride.id}/payment`), (answer) => answer.payment?.status === 'succeeded');
    await active.locator('label.stars__star').nth(2).click();
    await active.getByRole('button', { name: 'Send rating' }).click();
    await active.waitFor({ state: 'detached' });
    const ratedByDriver = await eventually(() => call(driver, 'GET', `/api/rides/${ride.id}`), (answer) => answer.ratings.byDriver !== null);
    expect(ratedByDriver.ratings.byDriver).toEqual({ stars: 3, comment: null });

    // Real figures: the fare paid less the 12 % commission, on today's and this week's cards.
    const earnings = await eventually(
      () => call(driver, 'GET', `/api/drivers/${driver.userId}/earnings`),
      (answer) => answer.summary.today.rides === 1,
    );
    expect(earnings.summary.today.grossNgwee).toBe(bidNgwee);
    expect(earnings.commissionPercent).toBe(12);
    const net = formatZmw(earnings.summary.today.netNgwee);
    await page.getByTestId('stat-today').filter({ hasText: net }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('stat-week').innerText()).toContain(net);
    expect(await page.getByTestId('stat-today').innerText()).toContain('12 % commission');
    await page.getByTestId('stat-rides').filter({ hasText: '1' }).waitFor();
    await page.getByRole('tab', { name: 'Ride History' }).click();
    await page.getByTestId('history-ride').filter({ hasText: 'You rated 3/5' }).waitFor();
    await page.getByRole('tab', { name: 'Earnings' }).click();
    await page.getByRole('table').getByText(net).first().waitFor();
    await expectNoProblems(page);
    await screenshot(page, 'driver-dashboard-phone');

    // Neither PIN ever showed on the driver's screen.
    const text = await page.locator('body').innerText();
    expect(text).not.toContain(firstPin);
    expect(text).not.toContain(newPin);
  });

  it('explains a rejected application with its reason and lets the driver apply again', async () => {
    const context = await newContext();
    const driver = await signUp(context, 'driver', 'Kabwe Mwansa');
    await call(driver, 'POST', '/api/drivers/register', driverApplication(VEHICLE, 'BAN REJECT'));
    await reject(await theAdmin(), driver, 'The police clearance is unreadable');
    await eventually(() => call(driver, 'GET', `/api/drivers/user/${driver.userId}`), (profile) => profile.verificationStatus === 'rejected');
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/driver`);
    await page.getByTestId('application-status').filter({ hasText: 'Your application was not approved' }).waitFor();
    await page.getByText('The police clearance is unreadable').waitFor();
    await expectNoProblems(page);
    await page.getByRole('button', { name: 'Apply again' }).click();
    await page.getByRole('heading', { name: 'Apply again' }).waitFor();
    expect(await page.locator('fieldset.driver-register__document').count()).toBe(6);
  });
});
