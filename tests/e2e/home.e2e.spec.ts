import { signInNewPassenger } from './support/passenger.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, horizontalOverflow, launchBrowser, openPage, PHONE, screenshot, visit } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the home page', () => {
  it('renders on a 360 px phone without horizontal scrolling, and loads no map code', async () => {
    const { page, context, scripts, foreignRequests } = await openPage(browser, PHONE);
    await visit(page, '/');
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Rides, parcels and deliveries across the Copperbelt');
    await page.getByRole('link', { name: 'Book now' }).first().waitFor();
    await expect(page.getByText('Starting from ZMW 25.0').first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: '991' }).first().getAttribute('href')).resolves.toBe('tel:991');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'home-360x740');
    expect(scripts.some((script) => /OlMap/.test(script))).toBe(false);
    expect(foreignRequests).toEqual([]);
    await context.close();
  });

  it('renders on a 1280 px screen with the links in the header', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await visit(page, '/');
    const header = page.getByRole('banner');
    for (const name of ['Book a ride', 'Drive', 'Business', 'Support', 'Sign in']) {
      await expect(header.getByRole('link', { name, exact: true }).isVisible(), name).resolves.toBe(true);
    }
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'home-1280x800');
    await context.close();
  });

  it('calls available only the payment methods the server collects', async () => {
    const { page, context } = await openPage(browser, PHONE);
    const catalogue = await (await context.request.get(`${baseUrl()}/api/catalogue/payment-methods`)).json();
    const offered: string[] = catalogue.paymentMethods.filter((method: { isAvailable: boolean }) => method.isAvailable).map((method: { id: string }) => method.id);
    // The e2e server runs the sandbox provider: the wallets and cash, no card, no bank transfer.
    expect(offered).toContain('cash');
    expect(offered).not.toContain('debit_card');
    await visit(page, '/');
    await page.getByTestId('payment-options').and(page.locator('[aria-busy="false"]')).waitFor();
    const marked = await page.getByTestId('payment-options').locator('li').evaluateAll((items) =>
      items.filter((item) => item.querySelector('.badge')).map((item) => item.getAttribute('data-testid')!.replace('payment-option-', '')),
    );
    expect(marked.sort()).toEqual([...offered].sort());
    expect(await page.getByTestId('payment-option-debit_card').getByText('Available').count()).toBe(0);

    // A platform whose providers are all off collects cash alone, and the page says so.
    await page.route('**/api/catalogue/payment-methods', async (route) =>
      route.fulfill({ json: { ...catalogue, paymentMethods: catalogue.paymentMethods.map((method: { id: string }) => ({ ...method, isAvailable: method.id === 'cash' })) } }),
    );
    await visit(page, '/');
    await page.getByTestId('payment-options').and(page.locator('[aria-busy="false"]')).waitFor();
    expect(await page.getByTestId('payment-options').getByText('Available').count()).toBe(1);
    await page.getByTestId('payment-option-cash').getByText('Available').waitFor();
    await context.close();
  });

  it('opens the slide-out menu on a phone and closes it with Escape', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Main navigation' });
    await expect(menu.getByRole('link', { name: 'Support' }).isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('carries the quick-booking choices into /book', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await signInNewPassenger(context);
    await visit(page, '/');
    await page.getByLabel('Vehicle', { exact: true }).selectOption('car-xl');
    await page.getByRole('combobox', { name: 'From' }).fill('mukuba');
    await page.getByRole('option', { name: /Mukuba Mall/ }).click();
    await page.getByRole('combobox', { name: 'To' }).fill('Kafubu');
    await page.getByRole('option', { name: /Kafubu Mall/ }).click();
    await page.getByRole('radio', { name: /Your price/ }).check();
    await page.getByRole('button', { name: 'Find available drivers' }).click();
    await page.waitForURL(/\/book\?/);
    const search = new URL(page.url()).searchParams;
    expect(Object.fromEntries(search)).toMatchObject({ vehicle: 'car-xl', pricing: 'bidding', fromPlace: 'mukuba-mall', toPlace: 'kafubu-mall' });
    await expect(page.getByRole('combobox', { name: 'Pickup' }).inputValue()).resolves.toBe('Mukuba Mall');
    await expect(page.getByRole('button', { name: /Car XL/ }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByRole('radio', { name: /Your price/ }).isChecked()).resolves.toBe(true);
    await context.close();
  });

  it('shows city pages, "City not found" for an unknown town and a 404 page for any other path', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/kitwe');
    await expect(page.locator('h1').textContent()).resolves.toBe('Kitwe');
    await expect(page.getByText('From ZMW 15.0').isVisible()).resolves.toBe(true);
    await expect(page.locator('#city-places-title + ul > li').count()).resolves.toBe(6);
    await expect(page.title()).resolves.toBe('Rides and delivery in Kitwe | Tiyende');
    await visit(page, '/lusaka');
    await expect(page.locator('h1').textContent()).resolves.toBe('City not found');
    await visit(page, '/no/such/page');
    await expect(page.locator('h1').textContent()).resolves.toBe('404 Page Not Found');
    await context.close();
  });
});
