import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launchBrowser, PHONE, screenshot, screenshotDir } from './support/browser.js';
import { approve, call, driverApplication, eventually, places, rideRequest, signInAdmin, signUp, type Party } from './support/parties.js';
import { rawKeysSeen, watchForRawKeys } from './support/rawKeys.js';

/**
 * The main screens as a phone (360×740) and a laptop (1280×800) show them, kept as PNG test
 * artifacts (support/browser.ts says where). The screens hold real data: a bid on the rider's
 * bidding ride, a driver on the way on their fixed-price ride.
 */
let browser: Browser;
const contexts: BrowserContext[] = [];
let visitor: BrowserContext;
let rider: Party;
let driver: Party;
let biddingRideId: string;
let fixedRideId: string;

async function newContext(geolocation?: { lat: number; lng: number }) {
  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'en-GB',
    ...(geolocation ? { geolocation: { latitude: geolocation.lat, longitude: geolocation.lng }, permissions: ['geolocation'] } : {}),
  });
  contexts.push(context);
  await watchForRawKeys(context);
  return context;
}

beforeAll(async () => {
  browser = await launchBrowser();
  visitor = await newContext();
  const admin = await signInAdmin(await newContext());
  rider = await signUp(await newContext(places.freedomPark), 'passenger', 'Mapalo Nkonde');
  const quote = await call(rider, 'POST', '/api/fares/quote', { vehicleType: 'car', pickup: places.freedomPark, dropoff: places.copperbeltUniversity, pricingMethod: 'bidding' });
  biddingRideId = (await call(rider, 'POST', '/api/rides', rideRequest('car', { pricingMethod: 'bidding', proposedFare: quote.totalNgwee / 100 }))).id;
  fixedRideId = (await call(rider, 'POST', '/api/rides', rideRequest('car'))).id;

  driver = await signUp(await newContext(places.parklands), 'driver', 'Joseph Mwape', '0955 321 654');
  await call(driver, 'POST', '/api/drivers/register', driverApplication('car', 'BCD 5150'));
  await approve(admin, driver);
  await eventually(() => call(driver, 'GET', `/api/drivers/user/${driver.userId}`), (profile) => profile.verificationStatus === 'approved');
  await call(driver, 'PATCH', `/api/drivers/${driver.userId}/status`, { isOnline: true, location: places.parklands });
  await call(driver, 'POST', '/api/bids', { rideId: biddingRideId, bidAmount: quote.totalNgwee / 100 + 4, message: 'Ten minutes away, clean car', estimatedArrival: 10 });
  await call(driver, 'PATCH', `/api/rides/${fixedRideId}`, { status: 'accepted', driverId: (await call(driver, 'GET', `/api/drivers/user/${driver.userId}`)).driverId });
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

interface Screen {
  name: string;
  /** Whose browser opens it. */
  as: () => BrowserContext;
  path: () => string;
  /** What must be on screen before the picture is taken. */
  ready: (page: Page) => Promise<unknown>;
}

const screens: Screen[] = [
  { name: 'home', as: () => visitor, path: () => '/', ready: (page) => page.getByRole('link', { name: 'Book now' }).first().waitFor() },
  {
    name: 'book',
    as: () => rider.context,
    path: () => '/book?vehicle=car&fromPlace=kitwe-teaching-hospital&toPlace=copperbelt-university',
    ready: (page) => page.getByTestId('fare-total').waitFor({ timeout: 15_000 }),
  },
  { name: 'bids', as: () => rider.context, path: () => `/book/${biddingRideId}/bids`, ready: (page) => page.getByTestId('bid').waitFor({ timeout: 15_000 }) },
  { name: 'track', as: () => rider.context, path: () => `/track/${fixedRideId}`, ready: (page) => page.getByTestId('driver-card').waitFor({ timeout: 15_000 }) },
  { name: 'driver', as: () => driver.context, path: () => '/driver', ready: (page) => page.getByTestId('active-ride').waitFor({ timeout: 15_000 }) },
  { name: 'profile', as: () => rider.context, path: () => '/profile', ready: (page) => page.getByTestId('mfa-method').waitFor() },
  { name: 'accessibility', as: () => visitor, path: () => '/accessibility', ready: (page) => page.getByRole('switch', { name: /High contrast/ }).waitFor() },
  { name: 'auth', as: () => visitor, path: () => '/auth', ready: (page) => page.getByRole('form', { name: 'Sign in' }).waitFor() },
];

/** A PNG file's signature and its IHDR width and height (the first chunk, at bytes 16–23). */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), `${file} is not a PNG`).toBe(true);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('screenshots of the main screens', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const size = `${viewport.width}x${viewport.height}`;
    it.each(screens.map((screen) => [screen.name, screen] as const))(`%s at ${size}`, async (name, screen) => {
      const file = path.join(screenshotDir, `${name}-${size}.png`);
      rmSync(file, { force: true });
      const page = await screen.as().newPage();
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl()}${screen.path()}`);
      await page.locator('main#main h1').first().waitFor();
      await screen.ready(page);
      await page.waitForLoadState('networkidle');
      if (viewport === PHONE) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      expect(await rawKeysSeen(page)).toEqual([]);
      expect(await screenshot(page, `${name}-${size}`)).toBe(file);
      await page.close();

      const written = pngSize(file);
      expect(written.width).toBe(viewport.width);
      expect(written.height).toBeGreaterThanOrEqual(viewport.height);
    });
  }
});
