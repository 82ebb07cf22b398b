import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { baseUrl, DESKTOP, openPage, PHONE, useBrowser, visit } from './support/browser.js';
import { call, eventually, signUp, type Party } from './support/parties.js';
import { rawKeysSeen, watchForRawKeys } from './support/rawKeys.js';
import { bidOnRideScene } from './support/scenes.js';

/**
 * axe-core on every public, rider and driver screen (the admin portal has its own specs), in
 * each state that changes a page's structure, at 360 px: no serious or critical violations,
 * nothing wider than the phone (the page never scrolls sideways, the top bar included), and never
 * a translation key on screen, not even while a route's texts load.
 */
const { browser, newContext } = useBrowser({ prepare: watchForRawKeys });

/** A visitor's page at 360 px, watched for translation keys. */
async function visitorPage() {
  const opened = await openPage(browser, PHONE);
  await watchForRawKeys(opened.context);
  return opened;
}

/** The page's full width: at most the phone's 360 px when nothing sticks out. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function expectAccessibleAndNarrow(page: Page) {
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  expect(await rawKeysSeen(page)).toEqual([]);
}

/** Opens a path in a signed-in context, checks it, and closes the page. */
async function checkSignedIn(context: BrowserContext, path: string, ready: (page: Page) => Promise<unknown> = (page) => page.locator('main#main h1').first().waitFor()) {
  const page = await context.newPage();
  await page.goto(`${baseUrl()}${path}`);
  await ready(page);
  await expectAccessibleAndNarrow(page);
  await page.close();
}

/** Every screen a visitor reaches, including states that change the page's structure. */
const publicRoutes = [
  '/',
  '/book',
  '/book?vehicle=truck&fromPlace=kitwe-cbd&from=Kitwe%20CBD&toPlace=nkana-stadium&to=Nkana%20Stadium',
  '/track/some-ride',
  '/driver',
  '/profile',
  '/auth',
  '/auth?tab=signup',
  '/auth?error=google_auth_failed',
  '/login',
  '/support',
  '/support?tab=trips',
  '/support?tab=account',
  '/support?tab=faq',
  '/support?tab=contact',
  '/support?tab=resources',
  '/accessibility',
  '/kitwe',
  '/chililabombwe',
  '/lusaka',
  '/no/such/page',
];

describe('axe-core finds no serious or critical violations', () => {
  it.each(publicRoutes)('%s for a visitor at 360 px, with no horizontal scrolling', async (route) => {
    const { page, context } = await visitorPage();
    await visit(page, route);
    await expectAccessibleAndNarrow(page);
    await context.close();
  });

  it('on each step of signing up with two-factor: method, app enrolment (QR, backup codes) and code entry', async () => {
    const { page, context } = await visitorPage();
    await visit(page, '/auth?tab=signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Full name').fill('Mwansa Kunda');
    await form.getByLabel('Email address').fill(`axe.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.zm`);
    await form.getByLabel('Password', { exact: true }).fill('copper-belt-1');
    await form.getByLabel('Confirm password').fill('copper-belt-1');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Protect your account' }).waitFor();
    await expectAccessibleAndNarrow(page);
    await page.getByRole('radio', { name: /Authenticator app/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    await expectAccessibleAndNarrow(page);
    await page.getByRole('button', { name: /I have saved my codes/ }).click();
    await page.getByLabel('6-digit code').waitFor();
    await expectAccessibleAndNarrow(page);
    await context.close();
  });

  describe('signed in', () => {
    let rider: Party;
    let biddingRideId: string;
    let fixedRideId: string;
    let driver: Party;

    beforeAll(async () => {
      ({ rider, driver, biddingRideId, fixedRideId } = await bidOnRideScene(newContext, {
        rider: 'Chileshe Mumba Kapambwe',
        driver: { fullName: 'Kelvin Mulenga Chisanga', phoneNumber: '0966 400 500', plateNumber: 'BAX 4242' },
        bid: { overQuoteZmw: 3, message: 'At Parklands now', estimatedArrival: 4 },
      }));
      await eventually(() => call(rider, 'GET', `/api/bids/ride/${biddingRideId}`), (answer) => answer.bids.length === 1);
    });

    /** A label and the path it opens (the ride ids exist once beforeAll has run). */
    const riderScreens: [string, () => string][] = [
      ['/', () => '/'],
      ['/book', () => '/book'],
      ['/book?vehicle=car&pricing=bidding (bidding form)', () => '/book?vehicle=car&pricing=bidding&fromPlace=mukuba-mall&toPlace=copperbelt-university'],
      ['/book/$rideId/bids (with a bid)', () => `/book/${biddingRideId}/bids`],
      ['/track/$rideId (looking for a driver)', () => `/track/${fixedRideId}`],
      ['/track/$rideId (not theirs)', () => '/track/no-such-ride'],
      ['/profile', () => '/profile'],
      ['/driver (a rider: driver accounts only)', () => '/driver'],
      ['/accessibility', () => '/accessibility'],
      ['/support', () => '/support?tab=trips'],
      ['/kitwe', () => '/kitwe'],
      ['/no/such/page', () => '/no/such/page'],
    ];
    it.each(riderScreens)('%s for a rider at 360 px, top bar included', async (_label, path) => {
      await checkSignedIn(rider.context, path());
    });

    it('/driver for a driver who has not applied: the application form', async () => {
      const newcomer = await signUp(await newContext(), 'driver', 'Musonda Chanda');
      await checkSignedIn(newcomer.context, '/driver', (page) => page.getByRole('heading', { name: 'Become a driver partner' }).waitFor());
    });

    it('/driver for an approved driver: online with requests, the place-bid modal open, then a ride in hand; and its tracking page', async () => {
      const page = await driver.context.newPage();
      await page.goto(`${baseUrl()}/driver`);
      const biddingCard = page.locator(`[data-ride-id="${biddingRideId}"]`);
      await biddingCard.waitFor({ timeout: 15_000 });
      await page.locator(`[data-ride-id="${fixedRideId}"]`).waitFor({ timeout: 15_000 });
      await expectAccessibleAndNarrow(page);
      await page.getByRole('tab', { name: 'Ride History' }).click();
      await page.getByTestId('no-history').waitFor();
      await expectAccessibleAndNarrow(page);
      await page.getByRole('tab', { name: 'Earnings' }).click();
      await expectAccessibleAndNarrow(page);
      await page.getByRole('tab', { name: 'Available Rides' }).click();

      // The driver's bid on that ride is live (placed in beforeAll): withdrawn, the modal opens again.
      await biddingCard.getByRole('button', { name: 'Withdraw bid' }).click();
      await biddingCard.getByRole('button', { name: 'Place a bid' }).click();
      await page.getByRole('dialog', { name: 'Place your bid' }).waitFor();
      await expectAccessibleAndNarrow(page);
      await page.keyboard.press('Escape');

      await page.locator(`[data-ride-id="${fixedRideId}"]`).getByRole('button', { name: 'Accept ride' }).click();
      await page.getByTestId('active-ride').getByRole('button', { name: 'I have arrived' }).waitFor({ timeout: 15_000 });
      await expectAccessibleAndNarrow(page);
      await page.close();

      await checkSignedIn(driver.context, `/track/${fixedRideId}`, (trackPage) => trackPage.getByTestId('status-banner').filter({ hasText: /^Head to the pickup/ }).waitFor({ timeout: 15_000 }));
      await checkSignedIn(rider.context, `/track/${fixedRideId}`, (trackPage) => trackPage.getByTestId('driver-card').waitFor({ timeout: 15_000 }));
    });
  });

  it('with the menus open, high contrast on and a language other than English', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await visit(page, '/accessibility');
    await page.getByRole('switch', { name: /High contrast/ }).check();
    await page.getByRole('banner').locator('.language-switcher__button').first().click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('menuitemradio', { name: 'Ichibemba' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('bem');
    await visit(page, '/');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
