import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bundledBasemap from '../../domain/catalogue/bundledBasemap.json';
import { commonEn } from '../../web/src/i18n/locales/common.en.js';
import { commonFr } from '../../web/src/i18n/locales/common.fr.js';
import { supportEn } from '../../web/src/i18n/locales/support.en.js';
import { seriousViolations } from './support/axe.js';
import { baseUrl, canvasColours, horizontalOverflow, launchBrowser, openPage, PHONE, visit } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

/** A corner of Kitwe's town area as the built map's code carries it: how the chunk holding the bundled basemap is told apart. */
const basemapMark = `[${(bundledBasemap.features[0]!.geometry.coordinates as number[][][])[0]![1]!.join(',')}]`;

/** Waits until the service worker has installed (the app shell is in its cache) and controls the page. */
async function controlledByServiceWorker(page: Page): Promise<string> {
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active!.scriptURL);
  // The first visit is not controlled yet (clients.claim() takes over shortly after activation);
  // a reload goes through the worker, which keeps the server's page for the offline visit.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await page.locator('main#main h1').first().waitFor();
  return scriptUrl;
}

describe('the installable app', () => {
  it('serves a valid web manifest with the icons browsers need, linked from the page', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const response = await context.request.get(`${baseUrl()}${href}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: expect.stringContaining('Tiyende'),
      short_name: 'Tiyende',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b7a75',
      background_color: '#ffffff',
    });
    const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
    const has = (size: number, purpose: string) => icons.some((icon) => icon.sizes === `${size}x${size}` && icon.purpose === purpose);
    expect([has(192, 'any'), has(512, 'any'), has(512, 'maskable')]).toEqual([true, true, true]);
    for (const icon of icons) {
      const image = await context.request.get(`${baseUrl()}${icon.src}`);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await image.body()), icon.src).toEqual({ width, height });
    }
    await context.close();
  });

  it('registers its service worker from a module, and the server asks browsers to check it afresh', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/');
    const scriptUrl = await controlledByServiceWorker(page);
    expect(new URL(scriptUrl).pathname).toBe('/serviceWorker.js');
    expect(await page.locator('script:not([src]):not([type="application/ld+json"])').count()).toBe(0);
    const worker = await context.request.get(`${baseUrl()}/serviceWorker.js`);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    await context.close();
  });

  it('opens with the network cut, says it is offline, passes axe at 360 px, and recovers when the network returns', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/');
    await controlledByServiceWorker(page);
    const status = page.getByRole('status').filter({ hasText: commonEn.offline.banner });
    expect(await status.count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.locator('main#main h1').first().waitFor();
    await status.waitFor();
    await expect(page.getByRole('banner').count()).resolves.toBe(1);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // An address never opened before opens too: the worker answers with the kept page.
    await page.goto(`${baseUrl()}/?from=a-shared-link`);
    await page.locator('main#main h1').first().waitFor();
    await status.waitFor();

    await context.setOffline(false);
    await page.getByRole('status').filter({ hasText: commonEn.offline.backOnline }).waitFor();
    await status.waitFor({ state: 'detached' });
    await context.close();
  });

  it('keeps the offline basemap when it installs, and draws it from there with the network cut', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/');
    await controlledByServiceWorker(page);
    // Installed from the home screen alone (no map on it): the chunk that bundles the basemap is
    // already in the worker's precache.
    const precached = await page.evaluate(async (mark) => {
      const found: string[] = [];
      for (const name of (await caches.keys()).filter((key) => key.includes('precache'))) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (request.url.endsWith('.js') && (await (await cache.match(request))!.text()).includes(mark)) found.push(new URL(request.url).pathname);
        }
      }
      return found;
    }, basemapMark);
    expect(precached).toEqual([expect.stringMatching(/^\/assets\/[\w-]+\.js$/)]);

    // A screen with a map, opened once online, then again with the network cut.
    await visit(page, '/kitwe');
    const map = page.getByRole('region', { name: 'Kitwe on the map' });
    await map.locator('[data-testid="ol-map"] canvas').first().waitFor();
    const assets: Array<{ path: string; fromServiceWorker: boolean }> = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/assets/')) assets.push({ path: pathname, fromServiceWorker: response.fromServiceWorker() });
    });
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: commonEn.offline.banner }).waitFor();
    await map.locator('[data-testid="ol-map"] canvas').first().waitFor();
    // The town's areas, roads and places drawn: many colours, where a blank map has one.
    await expect.poll(() => canvasColours(page), { timeout: 10_000 }).toBeGreaterThan(5);
    expect(await map.getByRole('alert').count()).toBe(0);
    expect(assets.filter((asset) => asset.path === precached[0])).toEqual([{ path: precached[0], fromServiceWorker: true }]);
    expect(assets.filter((asset) => !asset.fromServiceWorker)).toEqual([]);
    await context.close();
  });

  it('says a screen never opened on the phone cannot open offline, and opens it when the network returns', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/');
    await controlledByServiceWorker(page);
    await context.setOffline(true);
    // The page is kept, the help centre's code and texts are not: they come with a first visit online.
    await page.goto(`${baseUrl()}/support`);
    await page.getByRole('heading', { level: 1, name: commonEn.errorPage.offlineTitle }).waitFor();
    expect(await page.getByText(commonEn.errorPage.title).count()).toBe(0);
    expect(await page.getByRole('link', { name: commonEn.notFound.home }).getAttribute('href')).toBe('/');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    await context.setOffline(false);
    await page.getByRole('heading', { level: 1, name: supportEn.title }).waitFor();
    await context.close();
  });

  it('says it is offline in the reader\'s language', async () => {
    const { page, context } = await openPage(browser, PHONE, 'fr-FR');
    await visit(page, '/');
    await controlledByServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: commonFr.offline.banner }).waitFor();
    await context.close();
  });
});
