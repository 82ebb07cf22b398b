import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { approvedDriver, call, eventually, overflowingInMain, places, rideRequest, signInAdmin, signUp } from './support/parties.js';
import { goOnlineOnDashboard } from './support/scenes.js';

/**
 * One fixed-price ride from booking to ratings, in two browsers at once: the driver's dashboard
 * and the rider's tracking page, which follows every step live over ws (never reloaded).
 */
const { newContext } = useBrowser();

const banner = (page: Page) => page.getByTestId('status-banner');

async function expectBanner(page: Page, pattern: RegExp) {
  await page.getByTestId('status-banner').filter({ hasText: pattern }).waitFor({ timeout: 15_000 });
}

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(`${baseUrl()}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

describe('ride tracking, live', () => {
  it('follows a ride from "Looking for a driver" to rated, on both screens, without a reload — and the driver never sees the PIN', async () => {
    const admin = await signInAdmin(await newContext());
    const driverContext = await newContext(places.parklands);
    const driver = await approvedDriver(admin, driverContext, 'Mwila Tembo', { plateNumber: 'BCK TEST', phoneNumber: '0977 555 123' });
    const riderContext = await newContext(places.freedomPark);
    const rider = await signUp(riderContext, 'passenger', 'Chanda Mulenga');

    // Everything the driver's browser receives is kept, to show afterwards that none of it held the PIN.
    const driverAnswers: string[] = [];
    driverContext.on('response', (response) => {
      if (response.url().includes('/api/')) void response.text().then((text) => driverAnswers.push(text), () => undefined);
    });
    const driverFrames: string[] = [];
    const driverPage = await driverContext.newPage();
    driverPage.on('websocket', (socket) => socket.on('framereceived', (frame) => driverFrames.push(String(frame.payload))));
    await goOnlineOnDashboard(driverPage);

    const ride = await call(rider, 'POST', '/api/rides', rideRequest('car'));
    const riderPage = await riderContext.newPage();
    await open(riderPage, `/track/${ride.id}`, 'Track your ride');
    await riderPage.evaluate(() => ((window as unknown as { neverReloaded: boolean }).neverReloaded = true));
    await expectBanner(riderPage, /^Looking for a driver\.\.\.$/);
    await riderPage.getByTestId('live-indicator').filter({ hasText: 'Live' }).waitFor();
    expect(await riderPage.getByText('Freedom Park, Kitwe').count()).toBeGreaterThan(0);
    expect(await riderPage.getByRole('listitem').filter({ hasText: 'Requested' }).getAttribute('aria-current')).toBe('step');
    expect(await seriousViolations(riderPage)).toEqual([]);

    // The request reaches the online driver's list live; they take it.
    const card = driverPage.locator(`[data-ride-id="${ride.id}"]`);
    await card.waitFor({ timeout: 15_000 });
    expect(await seriousViolations(driverPage)).toEqual([]);
    await card.getByRole('button', { name: 'Accept ride' }).click();
    await driverPage.getByTestId('active-ride').waitFor();

    // The rider's page: the driver on the way, the driver card (Zambia's e-hailing rules) and the PIN.
    await expectBanner(riderPage, /^Driver is on the way • ETA \d+ min$/);
    const driverCard = riderPage.getByTestId('driver-card');
    await driverCard.waitFor();
    expect(await riderPage.getByTestId('driver-name').textContent()).toBe('Mwila Tembo');
    expect(await riderPage.getByTestId('driver-plate').textContent()).toBe('BCK TEST');
    expect(await riderPage.getByTestId('driver-phone').textContent()).toBe('+260 97 755 5123');
    expect(await riderPage.getByTestId('driver-phone').getAttribute('href')).toBe('tel:+260977555123');
    expect(await driverCard.textContent()).toContain('Silver Toyota Corolla');
    expect(await riderPage.getByRole('listitem').filter({ hasText: 'Driver Found' }).getAttribute('aria-current')).toBe('step');
    // The driver moves: the rider's map marker and ETA follow over ws (3.4 km at 30 km/h: 7 min).
    const far = places.copperbeltUniversity;
    await driverContext.setGeolocation({ latitude: far.lat, longitude: far.lng });
    await call(driver, 'POST', `/api/drivers/${driver.userId}/location`, { lat: far.lat, lng: far.lng });
    await expectBanner(riderPage, /^Driver is on the way • ETA 7 min$/);
    // The PIN as a screen reader announces it, digit by digit.
    const spokenPin = await riderPage.getByTestId('pin-code').getByText(/^Your PIN is \d \d \d \d$/).textContent();
    const pin = /(\d) (\d) (\d) (\d)$/.exec(spokenPin ?? '')!.slice(1).join('');
    expect(pin).toMatch(/^[1-9]\d{3}$/);
    expect(await riderPage.getByTestId('pin-code').innerText()).toMatch(new RegExp(pin.split('').join('\\s*')));

    await driverPage.getByRole('button', { name: 'I have arrived' }).click();
    await expectBanner(riderPage, /^Driver has arrived at pickup location$/);

    // A wrong PIN first: the driver sees how many tries are left; then the PIN the rider reads out.
    const wrong = pin === '1111' ? '2222' : '1111';
    await driverPage.getByTestId('pin-input').fill(wrong);
    await driverPage.getByRole('button', { name: 'Start trip' }).click();
    await driverPage.getByTestId('pin-error').filter({ hasText: 'Wrong PIN. Attempts left: 4' }).waitFor();
    await driverPage.getByTestId('pin-input').fill(pin);
    await driverPage.getByRole('button', { name: 'Start trip' }).click();
    await expectBanner(riderPage, /^Trip in progress • ETA \d+ min$/);
    expect(await riderPage.getByTestId('pin-card').count()).toBe(0);
    expect(await riderPage.getByRole('listitem').filter({ hasText: 'In Progress' }).getAttribute('aria-current')).toBe('step');

    await driverPage.getByRole('button', { name: 'Complete trip' }).click();
    await expectBanner(riderPage, /^Trip completed successfully$/);
    await riderPage.getByTestId('final-fare').waitFor();
    expect(await riderPage.getByRole('button', { name: 'Cancel ride' }).count()).toBe(0);
    expect(await overflowingInMain(riderPage)).toEqual([]);
    expect(await seriousViolations(riderPage)).toEqual([]);
    await screenshot(riderPage, 'tracking-completed-phone');

    // Ratings, once each way.
    const rate = riderPage.getByTestId('rate-ride');
    await rate.locator('label.stars__star').nth(3).click();
    // Drawn stars (Lucide's), not a ★ glyph a phone's font may lack; the chosen four filled.
    expect(await rate.locator('svg.lucide-star').count()).toBe(5);
    expect(await rate.locator('svg.lucide-star[fill="currentColor"]').count()).toBe(4);
    expect(await rate.innerText()).not.toContain('★');
    await rate.getByLabel('Comment (optional)').fill('Safe and on time');
    await rate.getByRole('button', { name: 'Send rating' }).click();
    await rate.waitFor({ state: 'detached' });
    const driverRate = driverPage.getByTestId('rate-ride');
    await driverRate.locator('label.stars__star').nth(4).click();
    await driverRate.getByRole('button', { name: 'Send rating' }).click();
    await driverPage.getByTestId('active-ride').waitFor({ state: 'detached' });
    const rated = await eventually(() => call(rider, 'GET', `/api/rides/${ride.id}`), (answer) => answer.ratings.byRider !== null);
    expect(rated.ratings.byRider).toEqual({ stars: 4, comment: 'Safe and on time' });

    // Live all along: the rider's page was never reloaded.
    expect(await riderPage.evaluate(() => (window as unknown as { neverReloaded?: boolean }).neverReloaded)).toBe(true);
    expect(await banner(riderPage).textContent()).toBe('Trip completed successfully');

    // The driver's screen, answers and socket never held the PIN.
    expect(await driverPage.locator('body').innerText()).not.toContain(pin);
    const leaks = [...driverAnswers, ...driverFrames].filter((text) => text.includes(`"${pin}"`) || /"pin"\s*:\s*"/.test(text) || /"code"\s*:\s*"\d{4}"/.test(text));
    expect(leaks).toEqual([]);
    expect(driverAnswers.length).toBeGreaterThan(5);
  });

  it("shows 'Ride Not Found' for a ride that is not the visitor's, with a way back", async () => {
    const context = await newContext();
    await signUp(context, 'passenger', 'Bupe Chileshe');
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/support`);
    await page.goto(`${baseUrl()}/track/no-such-ride`);
    await page.getByRole('heading', { level: 1, name: 'Ride Not Found' }).waitFor();
    await page.getByText("We couldn't find the ride you're looking for.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await eventually(async () => new URL(page.url()).pathname, (path) => path === '/support');
  });

  it("answers a malformed ride id with 'Ride Not Found' at the route: no ride request is ever sent for it", async () => {
    const context = await newContext();
    await signUp(context, 'passenger', 'Mutale Bwalya');
    const page = await context.newPage();
    const rideRequests: string[] = [];
    page.on('request', (request) => {
      // The shell's active-ride bar lists the rider's own rides (/api/rides/mine) on every screen; no request may name this ride.
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/rides/') && pathname !== '/api/rides/mine') rideRequests.push(request.url());
    });
    await page.goto(`${baseUrl()}/track/${encodeURIComponent('not a ride id!')}`);
    await page.getByRole('heading', { level: 1, name: 'Ride Not Found' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(rideRequests).toEqual([]);
  });

  it('lets the rider cancel before the trip starts, with a reason, after confirming — and raise an emergency', async () => {
    const context = await newContext(places.freedomPark);
    const rider = await signUp(context, 'passenger', 'Kondwani Sakala');
    const ride = await call(rider, 'POST', '/api/rides', rideRequest('car-xl'));
    const page = await context.newPage();
    await open(page, `/track/${ride.id}`, 'Track your ride');
    await expectBanner(page, /^Looking for a driver\.\.\.$/);

    await page.getByRole('button', { name: 'Emergency' }).click();
    await page.getByTestId('sos-confirm').getByRole('button', { name: 'Yes, send SOS' }).click();
    await page.getByTestId('emergency-active').filter({ hasText: 'EMERGENCY ACTIVE' }).waitFor();
    for (const number of ['991', '933']) expect(await page.locator(`a[href="tel:${number}"]`).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Cancel ride' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this ride?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep my ride' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Cancel ride' }).click();
    await dialog.getByText('I booked by mistake').click();
    await dialog.getByRole('button', { name: 'Yes, cancel the ride' }).click();
    await expectBanner(page, /^This ride was cancelled$/);
    expect(await page.getByRole('button', { name: 'Cancel ride' }).count()).toBe(0);
    const cancelled = await eventually(() => call(rider, 'GET', `/api/rides/${ride.id}`), (answer) => answer.cancellation !== null);
    expect(cancelled.cancellation).toMatchObject({ by: 'rider', reason: 'I booked by mistake' });
    expect(cancelled.emergencyActive).toBe(true);

    // The safety team closes the incident the SOS opened (the browser files share one server: an
    // incident left waiting would put its banner on every admin page after this one).
    const admin = await signInAdmin(await newContext());
    const waiting = await eventually(
      () => call(admin, 'GET', '/api/admin/incidents?state=open'),
      (list) => list.incidents.some((incident: { rideId: string }) => incident.rideId === ride.id),
    );
    const { incidentId, status, causes } = waiting.incidents.find((incident: { rideId: string }) => incident.rideId === ride.id);
    expect({ status, cause: causes[0] }).toMatchObject({ status: 'raised', cause: { kind: 'sos', party: 'rider' } });
    await call(admin, 'POST', `/api/admin/incidents/${incidentId}/acknowledge`, {});
    await call(admin, 'POST', `/api/admin/incidents/${incidentId}/resolve`, { outcome: 'false_alarm', note: 'Raised in the tracking test' });
  });
});
