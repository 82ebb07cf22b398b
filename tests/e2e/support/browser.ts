import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { liveView, openedFor } from '../../support/openedFor.js';

export const baseUrl = (): string => inject('e2eBaseUrl');

/**
 * Screenshots are kept as test artifacts in test-results/screenshots/ (gitignored), or where
 * TIYENDE_SCREENSHOT_DIR says. Not in CI's report folder: .ci/run deletes that when it ends.
 */
export const screenshotDir = process.env.TIYENDE_SCREENSHOT_DIR
  ? path.resolve(process.env.TIYENDE_SCREENSHOT_DIR)
  : fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

/**
 * Debian's chromium; playwright's own browser download is not reachable from here. `args` adds
 * switches to the usual ones (say, a fake microphone: `--use-fake-device-for-media-stream`).
 */
export function launchBrowser({ args = [] }: { args?: readonly string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...args],
  });
}

/**
 * What the Content-Security-Policy refused in any watched context (api/plugins/security.ts):
 * Chromium reports each refusal as a console error. tests/e2e/support/cspWatch.ts fails the test
 * that caused one, so every browser test runs under the policy.
 */
export const cspViolations: string[] = [];

export function watchCsp(context: BrowserContext): void {
  context.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(`${message.location().url}: ${message.text()}`);
  });
  context.on('weberror', (error) => {
    if (/Content[- ]Security[- ]Policy/i.test(error.error().message)) cspViolations.push(error.error().message);
  });
}

export const PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * The file's browser, launched before its first test and closed after its last, with every
 * context `newContext` opened: phone-sized, in English, at `geolocation` when given (permission
 * granted), each handed to `prepare` first (say, to watch for translation keys). `browserArgs`
 * go to launchBrowser.
 */
export function useBrowser({ prepare, browserArgs }: { prepare?: (context: BrowserContext) => Promise<void>; browserArgs?: readonly string[] } = {}) {
  const contexts: BrowserContext[] = [];
  const current = openedFor('file', () => launchBrowser({ args: browserArgs }), async (browser) => {
    for (const context of contexts.splice(0)) await context.close();
    await browser.close();
  });
  async function newContext(geolocation?: { lat: number; lng: number }): Promise<BrowserContext> {
    const context = await current().newContext({
      viewport: PHONE,
      locale: 'en-GB',
      ...(geolocation ? { geolocation: { latitude: geolocation.lat, longitude: geolocation.lng }, permissions: ['geolocation'] } : {}),
    });
    contexts.push(context);
    watchCsp(context);
    await prepare?.(context);
    return context;
  }
  return { browser: liveView(current), newContext };
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Every request the page made to a host other than the app's own. */
  foreignRequests: string[];
  /** Every script the page loaded from the app. */
  scripts: string[];
}

/**
 * A fresh context (no storage carried over) at the given size, in English unless told otherwise,
 * recording requests that leave the app's host. `serviceWorkers: 'block'` keeps the app's service
 * worker out, for tests that cut the network to one file with `page.route` (a worker's requests
 * are not routed, and its precache would answer for the file).
 */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = PHONE,
  locale = 'en-GB',
  { serviceWorkers = 'allow' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<TestPage> {
  const context = await browser.newContext({ viewport, locale, reducedMotion: 'no-preference', colorScheme: 'light', serviceWorkers });
  watchCsp(context);
  const page = await context.newPage();
  const appHost = new URL(baseUrl()).host;
  const foreignRequests: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.host !== appHost) foreignRequests.push(request.url());
    else if (request.resourceType() === 'script') scripts.push(url.pathname);
  });
  return { context, page, foreignRequests, scripts };
}

/** Loads a path and waits until the app has rendered its first screen. */
export async function visit(page: Page, pathname: string): Promise<void> {
  await page.goto(`${baseUrl()}${pathname}`);
  await page.locator('main#main').waitFor();
  await page.locator('main#main h1').first().waitFor();
}

/** How many distinct colours the map's canvases hold: a blank or failed map has one or none. */
export const canvasColours = (page: Page) =>
  page.locator('[data-testid="ol-map"]').evaluate((map) => {
    const colours = new Set<string>();
    for (const canvas of map.querySelectorAll('canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4 * 97) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}`);
    }
    return colours.size;
  });

export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * How far this screen's own content (inside <main>) reaches past the viewport's right edge; the
 * shell's top bar is measured by the shell's spec.
 */
export const contentOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const main = document.querySelector('main')!;
    return Math.max(main.scrollWidth - main.clientWidth, Math.ceil(main.getBoundingClientRect().right - document.documentElement.clientWidth));
  });

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
