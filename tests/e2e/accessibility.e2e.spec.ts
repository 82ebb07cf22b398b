import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, PHONE, visit } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const rootFontSize = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
const minHeightOf = (page: Page, selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).minHeight);

describe('accessibility settings', () => {
  it('large text sets an 18 px base font and larger touch targets a 48 px minimum, remembered after a reload', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/accessibility');
    expect(await rootFontSize(page)).toBe('16px');
    expect(await minHeightOf(page, '.button')).toBe('32px');

    await page.getByRole('switch', { name: /Large text/ }).check();
    expect(await rootFontSize(page)).toBe('18px');
    await page.getByRole('switch', { name: /Larger touch targets/ }).check();
    expect(await minHeightOf(page, '.button')).toBe('48px');
    const signIn = await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).boundingBox();
    expect(signIn!.height).toBeGreaterThanOrEqual(48);

    await page.reload();
    await page.locator('h1').waitFor();
    expect(await rootFontSize(page)).toBe('18px');
    await expect(page.getByRole('switch', { name: /Larger touch targets/ }).isChecked()).resolves.toBe(true);
    await context.close();
  });

  it('announces a change to screen readers and removes the announcement after a second', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/accessibility');
    await page.getByRole('switch', { name: /High contrast/ }).check();
    const announcer = page.getByTestId('announcer');
    await expect(announcer.textContent()).resolves.toBe('High contrast enabled');
    await expect(announcer.getAttribute('aria-live')).resolves.toBe('polite');
    await expect.poll(() => announcer.textContent(), { timeout: 3_000 }).toBe('');
    await expect(page.locator('html').getAttribute('class')).resolves.toContain('a11y-high-contrast');
    await context.close();
  });

  it('applies the vision preset, and takes a first visit’s defaults from the device', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/accessibility');
    await page.getByRole('button', { name: /Vision assistance/ }).click();
    for (const name of [/High contrast/, /Large text/, /Larger touch targets/]) {
      await expect(page.getByRole('switch', { name }).isChecked()).resolves.toBe(true);
    }
    await expect(page.getByRole('switch', { name: /Voice guidance/ }).isChecked()).resolves.toBe(false);
    await page.getByRole('button', { name: /Reset to my device/ }).click();
    await expect(page.getByRole('switch', { name: /Large text/ }).isChecked()).resolves.toBe(false);
    expect(await rootFontSize(page)).toBe('16px');
    await context.close();

    const dark = await browser.newContext({ viewport: PHONE, colorScheme: 'dark', reducedMotion: 'reduce' });
    const darkPage = await dark.newPage();
    await visit(darkPage, '/accessibility');
    await expect(darkPage.getByRole('switch', { name: /High contrast/ }).isChecked()).resolves.toBe(true);
    await expect(darkPage.getByRole('switch', { name: /Reduced motion/ }).isChecked()).resolves.toBe(true);
    await expect(darkPage.getByRole('switch', { name: /Large text/ }).isChecked()).resolves.toBe(false);
    await dark.close();
  });

  it('simplified mode hides the secondary sections; screen-reader mode announces each new page', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await visit(page, '/accessibility');
    await page.getByRole('switch', { name: /Simplified mode/ }).check();
    await page.getByRole('switch', { name: /Screen reader mode/ }).check();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Help centre' }).click();
    await expect.poll(() => page.getByTestId('announcer').textContent()).toBe('Help centre | Tiyende');
    await page.getByRole('banner').getByRole('link', { name: 'Tiyende' }).click();
    await page.getByRole('heading', { name: 'Fair pricing, your choice' }).waitFor();
    await expect(page.getByRole('heading', { name: 'A safety toolkit on every trip' }).count()).resolves.toBe(0);
    await context.close();
  });
});
