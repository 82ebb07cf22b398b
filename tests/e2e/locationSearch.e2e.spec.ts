import { signInNewPassenger } from './support/passenger.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, PHONE, visit } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('location search', () => {
  it('is used from the keyboard alone: popular places, search, arrows, Enter, Escape', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await signInNewPassenger(context);
    await visit(page, '/book');
    const input = page.getByRole('combobox', { name: 'Destination' });
    await input.focus();
    await expect(input.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.getByRole('listbox', { name: 'Popular destinations' }).getByRole('option').count()).resolves.toBe(9);

    await page.keyboard.type('k');
    await page.waitForTimeout(400);
    await expect(input.getAttribute('aria-expanded')).resolves.toBe('false');

    await page.keyboard.type('itwe hosp');
    const first = page.getByRole('option', { name: /Kitwe Teaching Hospital/ });
    await first.waitFor();
    await page.keyboard.press('ArrowDown');
    const active = await input.getAttribute('aria-activedescendant');
    expect(active).toBe(await first.getAttribute('id'));
    await expect(first.getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(input.inputValue()).resolves.toBe('Kitwe Teaching Hospital');
    await expect(input.getAttribute('aria-expanded')).resolves.toBe('false');

    await input.fill('mall');
    await page.getByRole('option', { name: /Mukuba Mall/ }).waitFor();
    await page.keyboard.press('Escape');
    await expect(input.getAttribute('aria-expanded')).resolves.toBe('false');

    await input.fill('zzzz nowhere');
    await page.getByText('No locations found').first().waitFor();
    await context.close();
  });

  it.each([
    { where: 'at Mukuba Mall', latitude: -12.8085, longitude: 28.2258, expected: 'Mukuba Mall' },
    { where: 'in Lusaka, far from every known place', latitude: -15.4167, longitude: 28.2833, expected: 'Current Location' },
  ])('fills "use my current location" $where with "$expected"', async ({ latitude, longitude, expected }) => {
    const { page, context } = await openPage(browser, PHONE);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude, longitude });
    await signInNewPassenger(context);
    await visit(page, '/book');
    await page.getByRole('button', { name: 'Use my current location' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Pickup' }).inputValue()).toBe(expected);
    await context.close();
  });
});
