import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { completedRide, showsPin, type DrivenRide } from './support/adminRides.js';
import { baseUrl, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { call, overflowingInMain, signInAdmin, type Party } from './support/parties.js';

/**
 * The admin's audit trail of a real ride: every event listed with its time, actor and data, and
 * the replay stepped through with the keyboard, showing at each step the ride machine's state,
 * the banner the rider's tracking screen showed then and the fare. The PIN never appears.
 */
let browser: Browser;
let admin: Party;
let ride: DrivenRide;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const adminContext = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
  admin = await signInAdmin(adminContext);
  ride = await completedRide(browser, admin, 'BAR 2026');
  page = await adminContext.newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** What each event of the ride's own stream leaves on screen; events of other streams leave it as it was. */
const afterRideEvent: Record<string, { machine: string; banner: RegExp; finalFare: RegExp }> = {
  RideRequested: { machine: 'requested', banner: /^Looking for a driver\.\.\.$/, finalFare: /^Not yet$/ },
  DriverAssigned: { machine: 'accepted', banner: /^Driver is on the way • ETA 5 min$/, finalFare: /^Not yet$/ },
  PinIssued: { machine: 'accepted', banner: /^Driver is on the way • ETA 5 min$/, finalFare: /^Not yet$/ },
  DriverArrived: { machine: 'arrived.awaitingPin', banner: /^Driver has arrived at pickup location$/, finalFare: /^Not yet$/ },
  PinAttemptFailed: { machine: 'arrived.awaitingPin', banner: /^Driver has arrived at pickup location$/, finalFare: /^Not yet$/ },
  TripStarted: { machine: 'in_progress', banner: /^Trip in progress • ETA \d+ min$/, finalFare: /^Not yet$/ },
  TripCompleted: { machine: 'completed', banner: /^Trip completed successfully$/, finalFare: /^ZMW \d+\.\d$/ },
};

const text = (testId: string) => page.getByTestId(testId).innerText();

describe('a ride’s audit trail, replayed', () => {
  it('lists every event with its time, who did it and its data, PINs masked', async () => {
    const trail = await call(admin, 'GET', `/api/admin/rides/${ride.rideId}/events`);
    await page.goto(`${baseUrl()}/admin/rides/${ride.rideId}`);
    await page.getByRole('heading', { level: 1, name: 'Ride audit trail' }).waitFor();
    const items = page.getByTestId('trail-events').locator('> li');
    await items.first().waitFor();
    expect(await items.count()).toBe(trail.events.length);
    expect(await items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-event-type')))).toEqual(trail.events.map((event: { type: string }) => event.type));

    const requested = items.filter({ has: page.locator('code', { hasText: /^RideRequested$/ }) });
    expect(await requested.innerText()).toContain('Rider · Chanda Mulenga');
    expect(await requested.locator('time').getAttribute('datetime')).toBe(trail.events[0].time);
    expect(await requested.locator('pre').innerText()).toContain('"address": "Freedom Park, Kitwe"');
    const started = items.filter({ has: page.locator('code', { hasText: /^TripStarted$/ }) });
    expect(await started.innerText()).toContain('Driver · Mwila Tembo');
    const issued = items.filter({ has: page.locator('code', { hasText: /^PinIssued$/ }) });
    expect(await issued.locator('pre').innerText()).toContain('"pin": "••••"');

    // The route the fare was priced on, on a map, with what it was priced on.
    const route = page.getByTestId('replay-route');
    await route.getByRole('region', { name: 'Map of the route the fare was priced on' }).waitFor();
    await route.locator('.ol-viewport').waitFor();
    expect(await route.getByTestId('route-basis').innerText()).toMatch(/^(Priced along the roads|No known road connects)/);

    // Opened at the ride as it stands now.
    expect(await text('replay-machine-state')).toBe('completed');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowingInMain(page)).toEqual([]);
  });

  it('opens at the ride as it stands now however late its trail arrives', async () => {
    // The page shows before its trail (the loader only starts the read): hold the trail back.
    const late = await page.context().newPage();
    await late.route('**/api/admin/rides/*/events', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });
    try {
      await late.goto(`${baseUrl()}/admin/rides/${ride.rideId}`);
      await late.getByRole('heading', { level: 1, name: 'Ride audit trail' }).waitFor();
      await late.getByTestId('trail-events').locator('> li').first().waitFor();
      expect(await late.getByTestId('replay-machine-state').innerText()).toBe('completed');
      expect(await late.getByRole('button', { name: 'Step forward' }).getAttribute('aria-disabled')).toBe('true');
    } finally {
      await late.close();
    }
  });

  it('steps from the start to the end with the keyboard, showing the state, the rider’s banner and the fare at each step', async () => {
    const trail = await call(admin, 'GET', `/api/admin/rides/${ride.rideId}/events`);
    await page.getByRole('button', { name: 'Go to the start' }).click();
    expect(await text('replay-machine-state')).toBe('idle');
    expect(await page.getByTestId('replay-state').innerText()).toContain('The ride does not exist yet at this step.');

    const forward = page.getByRole('button', { name: 'Step forward' });
    await forward.focus();
    let expected = afterRideEvent.RideRequested!;
    const rideStream = `ride-${ride.rideId}`;
    for (const [index, event] of (trail.events as Array<{ type: string; streamName: string }>).entries()) {
      await page.keyboard.press('Enter');
      await page.getByTestId('replay-position').filter({ hasText: `Step ${index + 1} of ${trail.events.length}: ${event.type}` }).waitFor();
      if (event.streamName === rideStream) expected = afterRideEvent[event.type] ?? expected;
      const step = `step ${index + 1} (${event.type})`;
      expect(await text('replay-machine-state'), step).toBe(expected.machine);
      expect(await text('replay-banner'), step).toMatch(expected.banner);
      expect(await text('replay-final-fare'), step).toMatch(expected.finalFare);
    }
    // At the end the button stays focusable (aria-disabled), so the keyboard user is not dropped to the page.
    expect(await forward.getAttribute('aria-disabled')).toBe('true');
    expect(await forward.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await page.getByTestId('replay-state').getByRole('listitem').filter({ hasText: /^Completed$/ }).getAttribute('aria-current')).toBe('step');

    // The slider: Home and End from the keyboard.
    const slider = page.getByRole('slider', { name: 'Replay position' });
    await slider.focus();
    await page.keyboard.press('Home');
    expect(await text('replay-machine-state')).toBe('idle');
    await page.keyboard.press('ArrowRight');
    expect(await text('replay-machine-state')).toBe('requested');
    expect(await slider.getAttribute('aria-valuetext')).toBe(`Step 1 of ${trail.events.length}: RideRequested`);
    await page.keyboard.press('End');
    expect(await text('replay-machine-state')).toBe('completed');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-replay-phone');
  });

  it('plays the ride through on its own', async () => {
    await page.getByRole('button', { name: 'Go to the start' }).click();
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await page.getByTestId('replay-machine-state').filter({ hasText: /^requested$/ }).waitFor();
    await page.getByTestId('replay-machine-state').filter({ hasText: /^accepted$/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Pause' }).click();
    const paused = await text('replay-position');
    await page.waitForTimeout(1_500);
    expect(await text('replay-position')).toBe(paused);
  });

  it('never shows the PIN, at any step', async () => {
    await page.getByRole('button', { name: 'Go to the start' }).click();
    const forward = page.getByRole('button', { name: 'Step forward' });
    const seen: string[] = [];
    while ((await forward.getAttribute('aria-disabled')) !== 'true') {
      await forward.click();
      seen.push(await page.locator('body').innerText(), await page.content());
    }
    expect(ride.pin).toMatch(/^[1-9]\d{3}$/);
    expect(seen.filter((shown) => showsPin(shown, ride.pin))).toEqual([]);
  });
});
