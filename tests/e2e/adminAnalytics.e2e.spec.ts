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
 * and a dataset's CSV holds the header and the ride's row. The driver confirms the ride's cash, and
 * the payments settled (the money taken) count it per day and under Cash. Checked at 360 px with axe-core.
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
  payments: Array<{ day: string; method: string; paidRides: number; revenueNgwee: number; commissionNgwee: number; driverEarningsNgwee: number }>;
};
const completedIn = (report: Report) => report.ridesPerDay.reduce((total, line) => total + line.completed, 0);
const waitedTooLongIn = (report: Report) => report.cancellations.filter((line) => line.reasonCode === 'wait_too_long').reduce((total, line) => total + line.count, 0);
const paidIn = (report: Report) => report.payments.filter((line) => line.day === today).reduce((total, line) => total + line.paidRides, 0);
/** A sum of ngwee as the tables show kwacha in English: 1,234.50. */
const kwacha = (ngwee: number) => (ngwee / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** What the rider's screen sends when "The wait is too long" is chosen in Swahili. */
const swahiliReason = 'Kusubiri ni kwa muda mrefu mno';

let completedBefore: number;
let waitedTooLongBefore: number;
let paidBefore: number;
let report: Report;
beforeAll(async () => {
  browser = await launchBrowser();
  const adminContext = await browser.newContext({ viewport: PHONE, locale: 'en-GB', acceptDownloads: true });
  admin = await signInAdmin(adminContext);
  const before: Report = await call(admin, 'GET', `/api/admin/analytics?${slice}`);
  [completedBefore, waitedTooLongBefore, paidBefore] = [completedIn(before), waitedTooLongIn(before), paidIn(before)];
  ride = await completedRide(browser, admin, 'BAN 4417');
  // The driver confirms the cash (the ride's payment is asked for a moment after it completes).
  await eventually(() => ride.driver.api.fetch(`${baseUrl()}/api/rides/${ride.rideId}/payment/cash-collected`, { method: 'POST', data: {} }), (answer) => answer.ok());
  const cancelled = await call(ride.rider, 'POST', '/api/rides', rideRequest('car'));
  await call(ride.rider, 'POST', `/api/rides/${cancelled.id}/cancel`, { reasonCode: 'wait_too_long', reason: swahiliReason });
  // The analytics read models catch up with the rides' events a moment later.
  report = await eventually(
    () => call(admin, 'GET', `/api/admin/analytics?${slice}`),
    (answer: Report) => completedIn(answer) > completedBefore && waitedTooLongIn(answer) > waitedTooLongBefore && paidIn(answer) > paidBefore,
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

  it('shows the money taken: payments settled today in all, and split by method, whatever the city filter', async () => {
    const section = page.getByTestId('insight-payments');
    await section.getByRole('heading', { level: 2, name: 'Payments settled per day' }).waitFor();
    await section.locator('canvas[role="img"]').waitFor();
    // Filtered to Kitwe and cars, the section says it counts every city and vehicle.
    await section.getByText('Payments are not recorded by city or vehicle type', { exact: false }).waitFor();
    const todays = report.payments.filter((line) => line.day === today);
    const total = (pick: (line: Report['payments'][number]) => number) => todays.reduce((sum, line) => sum + pick(line), 0);
    expect(total((line) => line.paidRides)).toBeGreaterThan(paidBefore);
    // The per-day table (for screen readers until shown): today's rides paid, money taken, commission and drivers' share.
    const todayRow = section.locator('#insight-payments-table').getByRole('row').filter({ has: page.locator(`time[datetime="${today}"]`) });
    expect(await todayRow.locator('td').allTextContents()).toEqual([
      String(total((line) => line.paidRides)),
      kwacha(total((line) => line.revenueNgwee)),
      kwacha(total((line) => line.commissionNgwee)),
      kwacha(total((line) => line.driverEarningsNgwee)),
    ]);
    expect(total((line) => line.revenueNgwee)).toBeGreaterThan(0);
    // By method: the ride was paid in cash; the commission is what the drivers owe the platform.
    const cash = todays.find((line) => line.method === 'cash')!;
    expect(cash.paidRides).toBeGreaterThan(0);
    const cashRow = section.getByTestId('payments-by-method').getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Cash', exact: true }) });
    expect(await cashRow.locator('td').allTextContents()).toEqual([
      String(cash.paidRides),
      kwacha(cash.revenueNgwee),
      kwacha(cash.commissionNgwee),
      kwacha(cash.driverEarningsNgwee),
      kwacha(0),
      kwacha(cash.commissionNgwee),
    ]);
    await section.getByRole('region', { name: 'By payment method, over the period' }).waitFor();
    await section.scrollIntoViewIfNeeded();
    expect(await overflowingInMain(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-analytics-payments-phone');
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

    // Payments settled: every city (the file is named after the days alone), a row per day and method.
    const [paymentsDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-payments').click()]);
    expect(paymentsDownload.suggestedFilename()).toMatch(new RegExp(`payments-${today}-(to-)?${today}\\.csv$`));
    const payments = (await readFile((await paymentsDownload.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(payments[0]).toBe('day,method,paidRides,revenueNgwee,commissionNgwee,driverEarningsNgwee,owedToDriversNgwee,owedByDriversNgwee,driversPaid');
    const cashToday = report.payments.find((line) => line.day === today && line.method === 'cash')!;
    const [, , paidRides, revenueNgwee, commissionNgwee, , owedToDrivers, owedByDrivers] = payments.find((row) => row.startsWith(`${today},cash,`))!.split(',');
    expect([paidRides, revenueNgwee, commissionNgwee, owedToDrivers, owedByDrivers].map(Number)).toEqual([cashToday.paidRides, cashToday.revenueNgwee, cashToday.commissionNgwee, 0, cashToday.commissionNgwee]);
  });
});
