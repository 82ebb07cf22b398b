import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import path from 'node:path';
import { contentOverflow, DESKTOP, openPage, PHONE, screenshot, screenshotDir, useBrowser, visit } from './support/browser.js';
import { signInNewPassenger } from './support/passenger.js';

const { browser } = useBrowser();

/** Where an element sits against the viewport, without scrolling the page. */
async function boxOf(locator: Locator) {
  await locator.waitFor();
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

async function withinFirstScreen(page: Page, locator: Locator): Promise<void> {
  const box = await boxOf(locator);
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  // Seen, not covered: what lies at its centre is the element itself (or inside it).
  const onTop = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && (element === hit || element.contains(hit));
  });
  expect(onTop).toBe(true);
}

describe('phone-first booking', () => {
  it('at 360×740 shows the map and a bottom sheet with the trip, the fare and Book on the first screen', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await signInNewPassenger(context);
    await visit(page, '/book?vehicle=car&fromPlace=mukuba-mall&toPlace=copperbelt-university');
    const sheet = page.getByTestId('booking-sheet');
    await sheet.waitFor();
    await page.getByTestId('fare-total').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The map above the sheet, the sheet's trip, fare and Book button all on the first screen.
    const map = await boxOf(page.getByRole('region', { name: /map/i }).first());
    const sheetBox = await boxOf(sheet);
    expect(map.y).toBeLessThan(sheetBox.y);
    expect(sheetBox.y).toBeLessThan(PHONE.height);
    await withinFirstScreen(page, page.getByRole('combobox', { name: 'Pickup', exact: true }));
    await withinFirstScreen(page, page.getByRole('combobox', { name: 'Destination', exact: true }));
    await withinFirstScreen(page, page.getByTestId('fare-total'));
    const book = page.getByRole('button', { name: 'Book now' });
    await withinFirstScreen(page, book);
    // Within reach of the thumb: the lower part of the screen.
    expect((await boxOf(book)).y).toBeGreaterThan(PHONE.height / 3);
    await screenshot(page, 'booking-phone-full');
    // The first screen itself, as a phone shows it (the "Done when").
    await page.screenshot({ path: path.join(screenshotDir, 'booking-phone-360x740.png') });

    // The rest of the form further down the sheet; Book stays in view while it scrolls.
    const payment = page.getByRole('heading', { name: /More options/ });
    await payment.scrollIntoViewIfNeeded();
    await withinFirstScreen(page, book);

    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await contentOverflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('keeps the two columns, and no sheet, on a wide screen', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await signInNewPassenger(context);
    await visit(page, '/book?vehicle=car');
    await page.getByRole('button', { name: 'Book now' }).waitFor();
    await expect(page.getByTestId('booking-sheet').count()).resolves.toBe(0);
    await context.close();
  });
});

describe('one account, two roles', () => {
  it('a rider takes up driving from the menu, and switches between riding and driving', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await signInNewPassenger(context);
    await visit(page, '/rides');

    const menu = page.getByRole('button', { name: /Account menu/ });
    await menu.click();
    await expect(page.getByRole('menuitem', { name: 'Switch to driving' }).count()).resolves.toBe(0);
    await page.getByRole('menuitem', { name: 'Drive with Tiyende' }).click();
    await page.getByRole('heading', { name: 'Drive with your Tiyende account', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start driving with this account' }).click();
    // The same account, now a driver: the dashboard (its application comes next).
    await page.getByRole('heading', { name: 'Driver dashboard', level: 1 }).waitFor();
    const session = (await (await context.request.get(`${new URL(page.url()).origin}/api/auth/session`)).json()) as { user: { roles: string[] } };
    expect(session.user.roles).toEqual(['passenger', 'driver']);

    await menu.click();
    await expect(page.getByRole('menuitem', { name: 'Driver dashboard' }).count()).resolves.toBe(1);
    await expect(page.getByRole('menuitem', { name: 'My rides' }).count()).resolves.toBe(0);
    await page.getByRole('menuitem', { name: 'Switch to riding' }).click();
    await page.getByRole('heading', { name: 'Book a ride', level: 1 }).waitFor();
    await menu.click();
    await expect(page.getByRole('menuitem', { name: 'My rides' }).count()).resolves.toBe(1);
    await expect(page.getByRole('menuitem', { name: 'Switch to driving' }).count()).resolves.toBe(1);
    await context.close();
  });
});
