import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { DESKTOP, horizontalOverflow, launchBrowser, openPage, PHONE, visit } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Every screen this part of the app has, including its states that change the page's structure. */
const routes = [
  '/',
  '/book',
  '/book?vehicle=truck&fromPlace=kitwe-cbd&from=Kitwe%20CBD&toPlace=nkana-stadium&to=Nkana%20Stadium',
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
  it.each(routes)('%s at 360 px, with no horizontal scrolling', async (route) => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, route);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await context.close();
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
