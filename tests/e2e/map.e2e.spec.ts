import { signInNewPassenger } from './support/passenger.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, canvasColours, launchBrowser, openPage, PHONE, screenshot, visit } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the map', () => {
  it('draws the offline Copperbelt basemap, the trip’s markers and route, asking nothing of any other host', async () => {
    const { page, context, foreignRequests, scripts } = await openPage(browser, PHONE);
    await signInNewPassenger(context);
    await visit(page, '/book?fromPlace=copperbelt-university&from=Copperbelt%20University&toPlace=ndola-teaching-hospital&to=Ndola%20Teaching%20Hospital');
    await page.locator('[data-testid="ol-map"] canvas').first().waitFor();
    await expect.poll(() => canvasColours(page), { timeout: 10_000 }).toBeGreaterThan(5);
    expect(scripts.some((script) => /OlMap/.test(script))).toBe(true);
    await screenshot(page, 'book-map-360x740');
    await page.waitForLoadState('networkidle');
    expect(foreignRequests).toEqual([]);
    await context.close();
  });

  it('expands to the whole screen and back', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/kitwe');
    const map = page.getByRole('region', { name: 'Kitwe on the map' });
    await map.locator('canvas').first().waitFor();
    await page.getByRole('button', { name: 'Expand map' }).click();
    const expanded = await map.boundingBox();
    expect(expanded).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await expect(page.getByRole('button', { name: 'Minimise map' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByRole('button', { name: 'Minimise map' }).click();
    expect((await map.boundingBox())!.height).toBeLessThan(PHONE.height);
    await context.close();
  });

  it('fetches online tiles only when a tile URL is configured', async () => {
    const { page, context, foreignRequests } = await openPage(browser, PHONE);
    await page.addInitScript(() => {
      (window as unknown as { __TIYENDE_CONFIG__: object }).__TIYENDE_CONFIG__ = { tileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png', tileAttribution: '© Example tiles' };
    });
    await page.route('https://tiles.example.test/**', (route) => route.fulfill({ status: 404 }));
    // The server configured with TILE_URL names the tile server in the page's CSP (img-src,
    // connect-src; api/plugins/security.int.spec.ts proves it); this server has none, so the page's
    // policy is given the same addition here. Without it the policy would refuse every tile.
    await page.route(`${baseUrl()}/ndola`, async (route) => {
      const response = await route.fetch();
      const csp = response.headers()['content-security-policy'] ?? '';
      const withTiles = csp.replace(/img-src ([^;]*)/, 'img-src $1 https://tiles.example.test').replace(/connect-src ([^;]*)/, 'connect-src $1 https://tiles.example.test');
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': withTiles } });
    });
    await visit(page, '/ndola');
    await page.locator('[data-testid="ol-map"] canvas').first().waitFor();
    await expect.poll(() => foreignRequests.filter((url) => url.startsWith('https://tiles.example.test/')).length).toBeGreaterThan(0);
    expect(foreignRequests.every((url) => /^https:\/\/tiles\.example\.test\/\d+\/\d+\/\d+\.png$/.test(url))).toBe(true);
    await context.close();
  });
});
