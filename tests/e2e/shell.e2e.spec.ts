import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bem } from '../../web/src/i18n/locales/bem.js';
import { DESKTOP, launchBrowser, openPage, PHONE, visit } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const user = (userType: string, preferredLanguage = 'en') => ({
  id: '6f0c1f7e-9a39-4c52-9d0e-2b1f3c4d5e6f',
  email: 'mwila@example.zm',
  username: 'mwila',
  fullName: 'Mwila Bwalya',
  phoneNumber: '+260977123456',
  userType,
  roles: [userType],
  preferredLanguage,
  mfaEnabled: true,
  mfaMethod: 'totp',
});

/** The session as GET /api/auth/session would answer it (the accounts API's own tests cover the server side). */
async function signedInAs(page: Page, userType: string, preferredLanguage?: string) {
  const calls: string[] = [];
  let signedIn = true;
  await page.route('**/api/auth/session', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(signedIn ? { state: 'signedIn', user: user(userType, preferredLanguage) } : { state: 'signedOut' }),
    }),
  );
  await page.route('**/api/auth/logout', (route) => {
    calls.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
    signedIn = false;
    return route.fulfill({ status: 204 });
  });
  return calls;
}

describe('the top navigation', () => {
  it('offers a driver their dashboard, settings and log out, and logs out', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    const calls = await signedInAs(page, 'driver');
    await visit(page, '/');
    await page.getByRole('button', { name: /mwila/ }).click();
    const items = await page.getByRole('menu').getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Profile', 'Driver dashboard', 'Book rides too', 'Settings', 'Log out']);
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(calls).toEqual(['POST /api/auth/logout']);
    await context.close();
  });

  it('gives a passenger no driver dashboard', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await signedInAs(page, 'passenger');
    await visit(page, '/');
    await page.getByRole('button', { name: /mwila/ }).click();
    await expect(page.getByRole('menu').getByRole('menuitem').allTextContents()).resolves.toEqual(['Profile', 'My rides', 'Drive with Tiyende', 'Settings', 'Log out']);
    await context.close();
  });

  it('shows coming-soon towns and services to admin and staff only', async () => {
    for (const [userType, privileged] of [['admin', true], ['staff', true], ['passenger', false]] as const) {
      const { page, context } = await openPage(browser, PHONE);
      await signedInAs(page, userType);
      await visit(page, '/');
      await page.getByRole('button', { name: /mwila/ }).waitFor();
      await expect(page.getByTestId('coming-soon-cities').count(), userType).resolves.toBe(privileged ? 1 : 0);
      await expect(page.getByRole('heading', { name: /Executive/ }).count(), userType).resolves.toBe(privileged ? 1 : 0);
      await context.close();
    }
    const visitor = await openPage(browser, PHONE);
    await visit(visitor.page, '/');
    await visitor.page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    await expect(visitor.page.getByTestId('coming-soon-cities').count()).resolves.toBe(0);
    await visitor.context.close();
  });

  it('follows a signed-in user’s preferred language', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await signedInAs(page, 'passenger', 'bem');
    await visit(page, '/');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(bem.home.hero.title);
    await context.close();
  });

  it('says so when a language cannot be loaded, and stays in the language it had', async () => {
    const { page, context } = await openPage(browser, DESKTOP, 'en-GB', { serviceWorkers: 'block' });
    await visit(page, '/');
    await page.route(/\/assets\/common\.fr-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.getByRole('banner').locator('.language-switcher__button').first().click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    const toast = page.getByTestId('toast');
    await expect.poll(() => toast.textContent()).toContain('The language could not be changed. Please try again.');
    await expect(toast.getAttribute('class')).resolves.toContain('toast--destructive');
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Rides, parcels and deliveries across the Copperbelt');
    await context.close();
  });
});
