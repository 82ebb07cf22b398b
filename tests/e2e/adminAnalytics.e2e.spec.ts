import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { completedRide, type DrivenRide } from './support/adminRides.js';
import { baseUrl, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { call, eventually, overflowingInMain, rideRequest, signInAdmin, type Party } from './support/parties.js';

/**
 * The analytics page after a real ride was completed and another cancelled through the API: its
 * figures move (the read models are fed by the same events), the charts, the tables behind them and
 * the demand map show it, the cancellation appears under its reason's label in the page's language,
 * and a dataset's CSV holds the header and the ride's row. Checked at 360 px with axe-core.
 */
let browser: Browser;
let admin: Party;
let page: Page;
let ride: DrivenRide;
const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lusaka' });
const slice = `from=${today}&to=${today}&city=kitwe&vehicleType=car`;

type Report = {
  ridesPerDay: Array<{ completed: number; requested: number }>;
  revenue: Array<{ revenueNgwee: number }>;
  cancellations: Array<{ reasonCode: string; count: number }>;
};
const completedIn = (report: Report) => report.ridesPerDay.reduce((total, line) => total + line.completed, 0);
const waitedTooLongIn = (report: Report) => report.cancellations.filter((line) => line.reasonCode === 'wait_too_long').reduce((total, line) => total + line.count, 0);
/** What the rider's screen sends when "The wait is too long" is chosen in Swahili. */
const swahiliReason = 'Kusubiri ni kwa muda mrefu mno';

let completedBefore: number;
let waitedTooLongBefore: number;
let report: Report;
beforeAll(async () => {
  browser = await launchBrowser();
  const adminContext = await browser.newContext({ viewport: PHONE, locale: 'en-GB', acceptDownloads: true });
  admin = await signInAdmin(adminContext);
  const before: Report = await call(admin, 'GET', `/api/admin/analytics?${slice}`);
  [completedBefore, waitedTooLongBefore] = [completedIn(before), waitedTooLongIn(before)];
  ride = await completedRide(browser, admin, 'BAN 4417');
  const cancelled = await call(ride.rider, 'POST', '/api/rides', rideRequest('car'));
  await call(ride.rider, 'POST', `/api/rides/${cancelled.id}/cancel`, { reasonCode: 'wait_too_long', reason: swahiliReason });
  // The analytics read models catch up with the rides' events a moment later.
  report = await eventually(
    () => call(admin, 'GET', `/api/admin/analytics?${slice}`),
    (answer: Report) => completedIn(answer) > completedBefore && waitedTooLongIn(answer) > waitedTooLongBefore,
  );
  page = await adminContext.newPage();
});
afterAll(async () => {
  await browser?.close();
});

describe('the analytics page', () => {
  it('filters to today, Kitwe and cars, and counts the completed ride', async () => {
    expect(ride.rideId).toBeTruthy();
    await page.goto(`${baseUrl()}/admin/analytics`);
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await page.getByTestId('summary-completed').waitFor();

    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByLabel('City', { exact: true }).selectOption('kitwe');
    await page.getByLabel('Vehicle type', { exact: true }).selectOption('car');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('city') === 'kitwe' && url.searchParams.get('from') === today);

    const completed = completedIn(report);
    expect(completed).toBeGreaterThan(0);
    await page.getByTestId('summary-completed').filter({ hasText: new RegExp(`^Rides completed\\s*${completed}$`) }).waitFor();
    expect(await page.getByTestId('summary-requested').innerText()).not.toMatch(/\s0$/);
    expect(await page.getByTestId('summary-revenue').innerText()).toMatch(/ZMW [1-9]\d*\.\d$/);
  });

  it('draws the charts (loaded on demand) and keeps every figure in a table for screen readers', async () => {
    const rides = page.getByTestId('insight-ridesPerDay');
    await rides.locator('canvas[role="img"]').waitFor();
    // Rides, time to assignment and revenue have the ride's figures (no bids on a fixed-price ride).
    for (const dataset of ['timeToAssignment', 'revenue']) await page.getByTestId(`insight-${dataset}`).locator('canvas[role="img"]').waitFor();
    const assignedToday = page.getByTestId('insight-timeToAssignment').getByRole('row').filter({ has: page.locator(`time[datetime="${today}"]`) });
    expect(Number(await assignedToday.locator('td').first().textContent())).toBeGreaterThan(0);
    // The table is there for assistive technology before it is shown.
    const todayRow = rides.getByRole('row').filter({ has: page.locator(`time[datetime="${today}"]`) });
    expect(await todayRow.locator('td').nth(1).textContent()).toBe(String(completedIn(report)));
    await rides.getByRole('button', { name: 'Show as a table' }).click();
    await rides.getByRole('region', { name: 'Rides per day' }).waitFor();
    expect(await rides.getByRole('button', { name: 'Hide the table' }).getAttribute('aria-pressed')).toBe('true');

    const revenueRow = page.getByTestId('insight-revenue').getByRole('row').filter({ has: page.locator(`time[datetime="${today}"]`) });
    expect(Number((await revenueRow.locator('td').nth(1).textContent())?.replaceAll(',', ''))).toBeGreaterThan(0);

    await page.getByTestId('demand-map').locator('canvas').first().waitFor();
    expect(await page.getByTestId('demand-table').getByRole('row').count()).toBeGreaterThan(1);
    expect(await overflowingInMain(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-analytics-phone');
  });

  it('names a cancellation by its reason in the page’s language, not in the words the rider’s screen sent', async () => {
    const waitedTooLong = page.getByTestId('insight-cancellations').getByRole('row').filter({ hasText: 'The wait is too long' });
    expect(await waitedTooLong.count()).toBeGreaterThan(0);
    const counted = await waitedTooLong.evaluateAll((rows) => rows.map((row) => Number(row.lastElementChild?.textContent)));
    expect(counted.reduce((total, count) => total + count, 0)).toBe(waitedTooLongIn(report));
    const section = await page.getByTestId('insight-cancellations').innerText();
    expect(section).not.toContain(swahiliReason);
    expect(section).not.toContain('wait_too_long');
  });

  it('downloads a dataset as CSV with its header and the ride’s row', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-ridesPerDay').click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe('day,city,vehicleType,requested,completed,cancelled,expired');
    const todays = rows.find((row) => row.startsWith(`${today},kitwe,car,`));
    expect(todays, csv).toBeDefined();
    const [, , , requested, completed] = todays!.split(',');
    expect(Number(completed)).toBe(completedIn(report));
    expect(Number(requested)).toBeGreaterThanOrEqual(Number(completed));

    const [revenueDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-revenue').click()]);
    const revenue = (await readFile((await revenueDownload.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(revenue[0]).toBe('day,completedRides,revenueNgwee,driverEarningsNgwee,commissionNgwee');
    expect(revenue.find((row) => row.startsWith(`${today},`))?.split(',')[2]).toBe(String(report.revenue.reduce((total, line) => total + line.revenueNgwee, 0)));
  });
});
