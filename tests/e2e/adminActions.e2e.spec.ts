import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPlatformSettings } from '../../domain/platformSettings/settings.js';
import { baseUrl, launchBrowser, DESKTOP, PHONE } from './support/browser.js';
import { call, driverApplication, eventually, places, signInAdmin, signUp, type Party } from './support/parties.js';

/**
 * What an admin does in the portal reaches the people it is about, each in a browser of their
 * own: an approved driver can go online; a deactivated passenger is signed out; a settings change
 * alters the next quote a rider sees.
 */
let browser: Browser;
const contexts: BrowserContext[] = [];
let admin: Party;
let adminPage: Page;

async function newContext(viewport: { width: number; height: number } = PHONE, geolocation?: { lat: number; lng: number }) {
  const context = await browser.newContext({
    viewport,
    locale: 'en-GB',
    ...(geolocation ? { geolocation: { latitude: geolocation.lat, longitude: geolocation.lng }, permissions: ['geolocation'] } : {}),
  });
  contexts.push(context);
  return context;
}

/** Back to the defaults, so the browser tests after this file quote as they expect. */
async function restoreSettings() {
  const response = await admin.api.fetch(`${baseUrl()}/api/admin/settings`, { method: 'PUT', data: defaultPlatformSettings });
  expect(response.status()).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signInAdmin(await newContext(DESKTOP));
  adminPage = await admin.context.newPage();
});
afterAll(async () => {
  if (admin) await restoreSettings();
  for (const context of contexts) await context.close();
  await browser?.close();
});

const toast = (page: Page, text: string | RegExp) => page.locator('[role="status"], [role="alert"]').filter({ hasText: text }).first().waitFor();

describe('the admin portal acts on the people it is about', () => {
  it('approving a pending driver in /admin/drivers lets that driver go online', async () => {
    const driverContext = await newContext(PHONE, places.parklands);
    const driver = await signUp(driverContext, 'driver', 'Chileshe Approved', '0977 555 101');
    const plate = `BAA ${driver.userId.slice(0, 4).toUpperCase()}`;
    await call(driver, 'POST', '/api/drivers/register', driverApplication('light-truck', plate));
    const driverPage = await driverContext.newPage();
    await driverPage.goto(`${baseUrl()}/driver`);
    await driverPage.getByText('Your application is being reviewed').waitFor();
    expect(await driverPage.getByRole('switch', { name: 'Available for rides' }).count()).toBe(0);

    await eventually(() => call(admin, 'GET', `/api/admin/drivers?status=pending&search=${encodeURIComponent(plate)}`), (answer) => answer.drivers.length === 1);
    await adminPage.goto(`${baseUrl()}/admin/drivers`);
    await adminPage.getByLabel('Search drivers').fill(plate);
    const row = adminPage.getByTestId(`driver-row-${driver.userId}`);
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Approve Chileshe Approved' }).click();
    await toast(adminPage, 'Chileshe Approved is approved and may go online');
    // The Pending tab no longer lists them; the Verified one does.
    await row.waitFor({ state: 'detached' });
    await adminPage.getByRole('tab', { name: /^Verified \(\d+\)$/ }).click();
    await adminPage.getByTestId(`driver-row-${driver.userId}`).getByText('Verified', { exact: true }).waitFor();

    await driverPage.reload();
    const duty = driverPage.getByRole('switch', { name: 'Available for rides' });
    await duty.check();
    await driverPage.getByRole('heading', { name: 'You are online' }).waitFor();
    await eventually(
      () => call(admin, 'GET', `/api/admin/drivers?search=${encodeURIComponent(plate)}`),
      (answer) => answer.drivers[0]?.isOnline === true,
    );
    // Off duty again, so no later test's light-truck ride goes to this driver.
    await duty.uncheck();
    await driverPage.getByRole('heading', { name: 'You are offline' }).waitFor();
  });

  it('deactivating a user in /admin/users ends their session', async () => {
    const passengerContext = await newContext();
    const passenger = await signUp(passengerContext, 'passenger', 'Mwansa Deactivated');
    const passengerPage = await passengerContext.newPage();
    await passengerPage.goto(`${baseUrl()}/profile`);
    await passengerPage.getByRole('heading', { name: 'Your profile' }).waitFor();

    await adminPage.goto(`${baseUrl()}/admin/users`);
    await adminPage.getByLabel('Search users').fill(passenger.email);
    const row = adminPage.getByTestId(`user-row-${passenger.userId}`);
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Deactivate Mwansa Deactivated' }).click();
    await toast(adminPage, 'Mwansa Deactivated is deactivated and signed out everywhere');
    await row.getByText('Inactive', { exact: true }).waitFor();

    // Their next request finds no session, and their next page says they are signed out.
    expect((await passenger.api.get(`${baseUrl()}/api/auth/user`)).status()).toBe(401);
    await passengerPage.reload();
    await passengerPage.getByRole('heading', { name: 'Authentication Required' }).waitFor();

    // Activated again, they may sign in once more (their old session stays ended).
    await row.getByRole('button', { name: 'Activate Mwansa Deactivated' }).click();
    await row.getByText('Active', { exact: true }).waitFor();
    expect((await passenger.api.get(`${baseUrl()}/api/auth/user`)).status()).toBe(401);
  });

  it('a settings change in /admin/settings alters the next quote a rider sees', async () => {
    const riderContext = await newContext();
    await signUp(riderContext, 'passenger', 'Bupe Quoted');
    const riderPage = await riderContext.newPage();
    const fare = async () => {
      await riderPage.goto(`${baseUrl()}/book?vehicle=car&pricing=fixed&fromPlace=mukuba-mall&toPlace=copperbelt-university`);
      const total = riderPage.getByTestId('fare-total');
      await total.waitFor();
      const text = await total.innerText();
      return Number(/ZMW (\d+\.\d)/.exec(text)?.[1]);
    };
    const before = await fare();
    expect(before).toBeGreaterThan(0);

    await adminPage.goto(`${baseUrl()}/admin/settings`);
    await adminPage.getByRole('radio', { name: 'Storm (+30 %)' }).check();
    await adminPage.getByRole('button', { name: 'Save settings' }).click();
    await toast(adminPage, 'Settings saved: they apply from the next quote');
    await adminPage.getByTestId('settings-last-change').filter({ hasText: /^Last changed .+ by Natasha Mwale \(demo admin\)\.$/ }).waitFor();

    const after = await fare();
    expect(after).toBeGreaterThan(before);

    // A bad value is refused where it was typed, and nothing is saved.
    await adminPage.getByLabel('Bid window (seconds)').fill('5');
    await adminPage.getByRole('button', { name: 'Save settings' }).click();
    await adminPage.getByText('Enter a whole number from 30 to 600.').waitFor();
    expect((await call(admin, 'GET', '/api/admin/settings')).settings).toMatchObject({ weather: 'storm', bidWindowSeconds: 120 });

    // The dashboard's Recent Activity has the change, from the event it made.
    await adminPage.goto(`${baseUrl()}/admin`);
    await adminPage.getByTestId('recent-activity').getByText('Platform settings changed: Weather').first().waitFor({ timeout: 15_000 });
  });
});
