import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, PHONE, screenshot, screenshotDir, useBrowser } from './support/browser.js';
import { call, type Party } from './support/parties.js';
import { rawKeysSeen, watchForRawKeys } from './support/rawKeys.js';
import { bidOnRideScene } from './support/scenes.js';

/**
 * The main screens as a phone (360×740) and a laptop (1280×800) show them, kept as PNG test
 * artifacts (support/browser.ts says where). The screens hold real data: a bid on the rider's
 * bidding ride, a driver on the way on their fixed-price ride.
 */
const { newContext } = useBrowser({ prepare: watchForRawKeys });
let visitor: BrowserContext;
let rider: Party;
let driver: Party;
let biddingRideId: string;
let fixedRideId: string;

beforeAll(async () => {
  visitor = await newContext();
  ({ rider, driver, biddingRideId, fixedRideId } = await bidOnRideScene(newContext, {
    rider: 'Mapalo Nkonde',
    driver: { fullName: 'Joseph Mwape', phoneNumber: '0955 321 654', plateNumber: 'BCD 5150' },
    bid: { overQuoteZmw: 4, message: 'Ten minutes away, clean car', estimatedArrival: 10 },
  }));
  await call(driver, 'PATCH', `/api/rides/${fixedRideId}`, { status: 'accepted', driverId: (await call(driver, 'GET', `/api/drivers/user/${driver.userId}`)).driverId });
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
