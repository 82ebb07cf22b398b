import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoAdmin } from '../../tools/demo/roster.js';
import { seriousViolations } from './support/axe.js';
import { baseUrl, DESKTOP, horizontalOverflow, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { call, eventually, overflowingInMain, rideRequest, signUp } from './support/parties.js';

/**
 * The admin portal in a browser: signing in with the password and the authenticator code, the
 * frame and each screen at 360 px and 1280 px (axe-core, nothing wider than a phone), and
 * signing out. The other admin journeys (decisions that reach drivers, riders and quotes) are in
 * adminActions.e2e.spec.ts.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const totp = (at: number) => TOTP.generate({ secret: Secret.fromBase32(DEMO_TOTP_SECRET), timestamp: at });

async function expectAccessible(name: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    const violations = await seriousViolations(page);
    if (violations.length > 0) await screenshot(page, `admin-${name}-${viewport.width}`);
    expect(violations, `${name} at ${viewport.width} px`).toEqual([]);
    if (viewport === PHONE) {
      expect(await overflowingInMain(page), `${name} at 360 px`).toEqual([]);
      expect(await horizontalOverflow(page), `${name} at 360 px`).toBeLessThanOrEqual(0);
    }
  }
  await page.setViewportSize(PHONE);
}

/**
 * A code is accepted once, and not after a later one. The global setup signed the shared admin
 * session in with this window's code or the next's: when this window's is refused, the next
 * window's (the server allows one step of clock drift) is entered, and only if that too was
 * taken does the sign-in wait for the window to move on.
 */
async function enterCode() {
  const attempts = [{ windowsAhead: 0 }, { windowsAhead: 1 }, { windowsAhead: 1, afterTheNextWindow: true }];
  for (const { windowsAhead, afterTheNextWindow } of attempts) {
    if (afterTheNextWindow) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    await page.getByLabel('6-digit code').fill(totp(Date.now() + windowsAhead * 30_000));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const outcome = await Promise.race([
      page.waitForURL(/\/admin$/, { timeout: 10_000 }).then(() => 'in' as const),
      page.locator('form .auth-alert[role="alert"]').waitFor({ timeout: 10_000 }).then(() => 'refused' as const),
    ]);
    if (outcome === 'in') return;
  }
  throw new Error('The demo admin’s code was refused three times');
}

describe('the admin portal', () => {
  it('sends a visitor to the sign-in page, which asks for the password, then the authenticator code', async () => {
    await page.goto(`${baseUrl()}/admin/users`);
    await page.waitForURL(/\/admin\/login$/);
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
    await page.getByText('Authorized personnel only').waitFor();
    expect(await page.getByRole('link', { name: 'Back to the Tiyende app' }).getAttribute('href')).toBe('/');
    await expectAccessible('login');

    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fill in all fields' }).waitFor();

    await page.getByLabel('Admin email').fill(demoAdmin.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    const refused = page.getByRole('alert');
    await refused.filter({ hasNotText: 'Please fill in all fields' }).waitFor();
    expect(await refused.innerText()).not.toBe('');

    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await page.getByRole('heading', { name: 'Enter your verification code' }).waitFor();
    await expectAccessible('login-code');
    await enterCode();

    await page.getByRole('heading', { name: `Welcome back, ${demoAdmin.fullName}` }).waitFor();
    await page.getByTestId('system-status').filter({ hasText: /^(All Systems Operational|Issues Detected)$/ }).waitFor();
    // Recent activity is the event store's: the seeded drivers' applications and approvals.
    await page.getByTestId('recent-activity').getByText(/^Driver approved: /).first().waitFor();
    await expectAccessible('dashboard');
  });

  it('shows the frame: the admin, the System Online badge, and at 360 px the navigation behind a menu', async () => {
    await page.setViewportSize(DESKTOP);
    const sidebar = page.locator('nav.admin-sidebar');
    for (const name of ['Dashboard', 'Users', 'Drivers', 'Rides', 'Analytics', 'Settings']) await sidebar.getByRole('link', { name }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    await page.getByText('System Online').waitFor();
    await page.locator('.admin-header').getByText(demoAdmin.email).waitFor();

    await page.setViewportSize(PHONE);
    expect(await sidebar.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open the admin menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Admin navigation' });
    await menu.getByText(demoAdmin.email).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await menu.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/admin\/settings$/);
    expect(await menu.isVisible()).toBe(false);
  });

  it.each([
    ['users', '/admin/users', 'Users'],
    ['drivers', '/admin/drivers', 'Drivers'],
    ['rides', '/admin/rides', 'Rides'],
    ['settings', '/admin/settings', 'Settings'],
  ])('%s passes axe-core at 360 px and 1280 px without overflowing a phone', async (name, path, heading) => {
    await page.goto(`${baseUrl()}${path}`);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    await page.locator('main [role="status"]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    await expectAccessible(name);
  });

  it('lists a ride just booked, by status and vehicle, linking to its audit trail', async () => {
    const riderContext = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
    try {
      const rider = await signUp(riderContext, 'passenger', 'Kondwani Listed');
      const ride = await call(rider, 'POST', '/api/rides', rideRequest('light-truck', { packageSize: 'large' }));
      await page.goto(`${baseUrl()}/admin/rides?status=pending&vehicleType=light-truck`);
      expect(await page.getByLabel('Status').inputValue()).toBe('pending');
      const row = page.getByTestId(`ride-row-${ride.id}`);
      // The list asks again every 5 s: the ride appears once the read model has it.
      await row.waitFor({ timeout: 15_000 });
      expect(await row.innerText()).toContain('Looking for a driver');
      expect(await row.getByRole('link').getAttribute('href')).toBe(`/admin/rides/${ride.id}`);
      await expectAccessible('rides-list');
      // Cancelled, it leaves the "looking for a driver" list by itself.
      await call(rider, 'POST', `/api/rides/${ride.id}/cancel`, { reason: 'Booked for the admin list test' });
      await eventually(() => call(rider, 'GET', `/api/rides/${ride.id}`), (answer) => answer.status === 'cancelled');
      await row.waitFor({ state: 'detached', timeout: 15_000 });
    } finally {
      await riderContext.close();
    }
  });

  it('opens a driver’s details in a dialog that passes axe-core too', async () => {
    await page.goto(`${baseUrl()}/admin/drivers`);
    await page.getByRole('tab', { name: /^All \(\d+\)$/ }).click();
    await page.getByRole('button', { name: /^Details / }).first().click();
    const dialog = page.getByRole('dialog', { name: /^Driver: / });
    await dialog.getByRole('heading', { name: 'Documents' }).waitFor();
    expect(await dialog.locator('ol.admin-documents li').count()).toBe(6);
    await dialog.getByText(/^Expires /).first().waitFor();
    await expectAccessible('driver-details');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('signs out, after which the portal sends the visitor to sign in again', async () => {
    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('button', { name: 'Open the admin menu' }).click();
    await page.getByRole('dialog', { name: 'Admin navigation' }).getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/admin\/login$/);
    expect((await page.evaluate(() => fetch('/api/auth/user').then((response) => response.status)))).toBe(401);
    await page.goto(`${baseUrl()}/admin/drivers`);
    await page.waitForURL(/\/admin\/login$/);
  });
});
