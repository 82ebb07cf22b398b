import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../tools/demo/roster.js';
import { seriousViolations } from './support/axe.js';
import { baseUrl, contentOverflow, DESKTOP, openPage, PHONE, useBrowser, visit } from './support/browser.js';
import { signInNewPassenger } from './support/passenger.js';

const { browser } = useBrowser();

/** Signs a demo driver in (a code is accepted once: if this step's was used, the next one) and puts them on duty in Kitwe. */
async function demoDriverOnDuty(context: BrowserContext, email: string): Promise<string> {
  const api = context.request;
  const login = await api.post(`${baseUrl()}/api/auth/login`, { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { userId } = (await login.json()) as { userId: string };
  const totp = new TOTP({ secret: Secret.fromBase32(DEMO_TOTP_SECRET), algorithm: 'SHA1', digits: 6, period: 30 });
  let verified = await api.post(`${baseUrl()}/api/auth/verify-mfa`, { data: { userId, code: totp.generate() } });
  if (verified.status() !== 200) verified = await api.post(`${baseUrl()}/api/auth/verify-mfa`, { data: { userId, code: totp.generate({ timestamp: Date.now() + 30_000 }) } });
  expect(verified.status()).toBe(200);
  const duty = await api.patch(`${baseUrl()}/api/drivers/${userId}/status`, { data: { isOnline: true, location: { lat: -12.809, lng: 28.226 } } });
  expect(duty.status()).toBe(200);
  return userId;
}

async function openBooking(page: Page, path = '/book') {
  await visit(page, path);
  await page.getByRole('heading', { name: 'Book a ride', level: 1 }).waitFor();
}

/** Types into a place search and picks the first suggestion with the keyboard alone. */
async function chooseByKeyboard(page: Page, label: string, typed: string, expected: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.focus();
  await page.keyboard.type(typed);
  await page.getByRole('option', { name: new RegExp(expected) }).first().waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(input.inputValue()).resolves.toBe(expected);
}

const problems = (page: Page) => page.getByTestId('booking-problems').locator('li').allTextContents();

describe('booking', () => {
  it('asks a visitor to sign in first', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/book');
    await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    await page.getByText('Please login to book', { exact: true }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.waitForURL(`${baseUrl()}/auth?redirect=%2Fbook`);
    await context.close();
  });

  it('lists every validation message on Book', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await signInNewPassenger(context);
    await openBooking(page);
    await page.getByRole('heading', { name: 'Car', level: 2 }).waitFor();
    await page.getByRole('switch', { name: 'Schedule for later' }).check();
    await page.getByLabel('Passengers').selectOption('');
    await page.getByRole('button', { name: 'Schedule ride' }).click();
    await expect(problems(page)).resolves.toEqual([
      'Pickup location is required',
      'Destination is required',
      'Date and time required for scheduled rides',
      'Number of passengers is required',
    ]);

    await page.getByRole('button', { name: /^Motorcycle Courier/ }).click();
    await expect(page.getByRole('button', { name: /^Motorcycle Courier/ }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByRole('switch', { name: 'Schedule for later' }).uncheck();
    await page.getByRole('button', { name: 'Book now' }).click();
    await expect(problems(page)).resolves.toEqual(['Pickup location is required', 'Destination is required', 'Package weight/size is required for courier services']);
    await expect(page.getByLabel('Passengers').count()).resolves.toBe(0);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await contentOverflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('books a fixed-price ride chosen by keyboard, with the live fare, and goes on to tracking', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await signInNewPassenger(context);
    await openBooking(page);
    await chooseByKeyboard(page, 'Pickup', 'kitwe cen', 'Kitwe Central Business District');
    await chooseByKeyboard(page, 'Destination', 'nkana stad', 'Nkana Stadium');
    await page.getByText('Calculating your fare...').waitFor();
    const total = page.getByTestId('fare-total');
    await total.waitFor();
    await expect(total.textContent()).resolves.toMatch(/ZMW \d+\.\d/);
    // The rider asks for their trusted contacts to be texted when the trip starts.
    await page.getByRole('switch', { name: 'Text my trusted contacts a link to follow the trip when it starts' }).check();
    await page.getByRole('button', { name: 'Book now' }).click();
    await page.waitForURL(/\/track\/[^/]+$/);
    const rideId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const share = await page.evaluate((id) => fetch(`/api/rides/${id}/share`).then((response) => response.json()), rideId);
    expect(share).toMatchObject({ notifyAtTripStart: true });
    type MyRides = { rides: Array<{ id: string; pricingMethod: string; pickupLocation: { address: string } }> };
    await expect
      .poll(async () => ((await page.evaluate(() => fetch('/api/rides/mine').then((response) => response.json()))) as MyRides).rides.find((ride) => ride.id === rideId))
      .toMatchObject({ pricingMethod: 'fixed', pickupLocation: { address: 'Kitwe Central Business District' } });
    await context.close();
  });

  it('books a bidding ride and waits for drivers on the Driver Bids view', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await signInNewPassenger(context);
    await openBooking(page, '/book?vehicle=car&pricing=bidding&fromPlace=mukuba-mall&toPlace=copperbelt-university');
    await expect(page.getByRole('combobox', { name: 'Pickup', exact: true }).inputValue()).resolves.toBe('Mukuba Mall');
    const offer = page.getByLabel('Your offer (ZMW)');
    await expect.poll(() => offer.inputValue(), { timeout: 10_000 }).toMatch(/^\d+\.\d$/);
    await page.getByText(/^Between ZMW/).waitFor();
    await page.getByRole('button', { name: 'Book now' }).click();
    await page.waitForURL(/\/book\/[^/]+\/bids$/);
    await page.getByRole('heading', { name: 'Waiting for Drivers' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await contentOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Decline all and cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Decline all and cancel' }).click();
    await page.waitForURL(`${baseUrl()}/book`);
    await context.close();
  });
  it("shows a driver's bid as it comes in, and accepting it goes on to tracking", async () => {
    const { page, context } = await openPage(browser, PHONE);
    await signInNewPassenger(context);
    await openBooking(page, '/book?vehicle=car&pricing=bidding&fromPlace=mukuba-mall&toPlace=nkana-east');
    await expect.poll(() => page.getByLabel('Your offer (ZMW)').inputValue(), { timeout: 10_000 }).toMatch(/^\d+\.\d$/);
    await page.getByRole('button', { name: 'Book now' }).click();
    await page.waitForURL(/\/book\/[^/]+\/bids$/);
    await page.getByRole('heading', { name: 'Waiting for Drivers' }).waitFor();
    const rideId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
    const ride = (await page.evaluate((id) => fetch(`/api/rides/${id}`).then((response) => response.json()), rideId)) as { offeredFare: number };

    const driverContext = await browser.newContext();
    try {
      await demoDriverOnDuty(driverContext, 'driver.ndola.car@demo.tiyende.app');
      const bid = await driverContext.request.post(`${baseUrl()}/api/bids`, { data: { rideId, bidAmount: ride.offeredFare + 2, message: 'Near Mukuba Mall', estimatedArrival: 4 } });
      expect(bid.status()).toBe(201);

      const card = page.getByTestId('bid');
      await card.waitFor({ timeout: 10_000 });
      await expect(card.textContent()).resolves.toContain('Near Mukuba Mall');
      expect(await seriousViolations(page)).toEqual([]);
      await card.getByRole('button', { name: /^Accept ZMW/ }).click();
      await page.waitForURL(`${baseUrl()}/track/${rideId}`);
      // The ride's read model follows the accepting write within moments.
      await expect
        .poll(() => page.evaluate((id) => fetch(`/api/rides/${id}`).then((response) => response.json()), rideId))
        .toMatchObject({ status: 'accepted', agreedFare: ride.offeredFare + 2 });
    } finally {
      // Leave the demo driver free for whoever uses it next.
      await page.evaluate((id) => fetch(`/api/rides/${id}/cancel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reason: 'test finished' }) }), rideId);
      await driverContext.close();
    }
    await context.close();
  });
});
