import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { approvedDriver, call, eventually, overflowingInMain, places, rideRequest, signInAdmin, signUp, type Party } from './support/parties.js';

/**
 * Routes along the roads in the browser (docs/maps.md): a quote drawn along the bundled trunk
 * roads, the driver's map following a ride, and the geo-mapping page where one contributor encodes
 * a route and two others verify it. The server routes with the offline router over the roads that
 * ship with the app (no engine, no import in the test server).
 */
const { newContext } = useBrowser();
let admin: Party | undefined;
const theAdmin = async () => (admin ??= await signInAdmin(await newContext()));

const mapRoute = (page: Page) =>
  page
    .getByTestId('ol-map')
    .first()
    .evaluate((map) => ({ points: Number(map.getAttribute('data-route-points')), straight: map.getAttribute('data-route-straight') }));

const expectNoProblems = async (page: Page) => {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await overflowingInMain(page)).toEqual([]);
};

describe('a quote', () => {
  it('draws the route along the roads, and the receipt says what the fare was priced on', async () => {
    const context = await newContext();
    await signUp(context, 'passenger', 'Chanda Mulenga');
    const page = await context.newPage();
    await page.goto(
      `${baseUrl()}/book?fromPlace=copperbelt-university&from=Copperbelt%20University&toPlace=ndola-teaching-hospital&to=Ndola%20Teaching%20Hospital`,
    );
    await page.locator('[data-testid="ol-map"] canvas').first().waitFor();
    // Kitwe to Ndola along the T3: many points, not the two ends of a straight line.
    const drawn = await eventually(() => mapRoute(page), (route) => route.points > 2, 20_000);
    expect(drawn.straight).toBe('false');
    await page.getByText('Fare breakdown').first().click();
    const basis = page.getByTestId('route-basis').first();
    await basis.waitFor();
    expect(await basis.getAttribute('data-source')).toBe('road_network');
    expect(await basis.innerText()).toMatch(/^Priced along the roads: \d+\.\d km, about \d+ min/);
    await screenshot(page, 'book-route-along-roads-360x740');
    await expectNoProblems(page);
    await context.close();
  });
});

describe("the driver's map", () => {
  it('shows the route to the pickup with the next turns, then the route on to the dropoff once the driver has arrived', async () => {
    const driverContext = await newContext(places.parklands);
    const driver = await approvedDriver(await theAdmin(), driverContext, 'Mwila Tembo', { plateNumber: 'BAM 2026' });
    await call(driver, 'PATCH', `/api/drivers/${driver.userId}/status`, { isOnline: true, location: places.parklands });
    const riderContext = await newContext();
    const rider = await signUp(riderContext, 'passenger', 'Thandiwe Lungu');
    // Kitwe to Ndola: the trunk road the app ships with serves the whole trip.
    const ride = await call(
      rider,
      'POST',
      '/api/rides',
      rideRequest('car', {
        passengerCount: 1,
        pickupLocation: { address: 'Copperbelt University, Kitwe', lat: -12.8056, lng: 28.2403 },
        dropoffLocation: { address: 'Ndola Teaching Hospital', lat: -12.97, lng: 28.6339 },
      }),
    );
    await eventually(
      () => driver.api.fetch(`${baseUrl()}/api/rides/${ride.id}`, { method: 'PATCH', data: { status: 'accepted' } }).then((answer) => answer.status()),
      (status) => status === 200,
    );

    const page = await driverContext.newPage();
    await page.goto(`${baseUrl()}/driver`);
    const map = page.getByTestId('driver-map');
    await map.waitFor({ timeout: 20_000 });
    const summary = map.getByTestId('driver-map-summary');
    await summary.waitFor({ timeout: 20_000 });
    expect(await summary.getAttribute('data-to')).toBe('pickup');
    expect(await summary.innerText()).toMatch(/^To the pickup: \d+ min, \d+\.\d km$/);
    const turns = map.getByTestId('driver-turns').locator('li');
    expect(await turns.count()).toBeGreaterThanOrEqual(2);
    expect(await turns.first().innerText()).toMatch(/^Set off on /);
    expect((await eventually(() => mapRoute(page), (route) => route.points > 2)).points).toBeGreaterThan(2);
    await screenshot(page, 'driver-map-360x740');
    await expectNoProblems(page);

    // The driver moves and arrives: the map now leads from the pickup to the dropoff.
    await call(driver, 'POST', `/api/drivers/${driver.userId}/location`, { lat: -12.8056, lng: 28.2403, heading: 180 });
    await call(driver, 'POST', `/api/rides/${ride.id}/arrive`);
    await eventually(() => summary.getAttribute('data-to'), (to) => to === 'dropoff', 20_000);
    expect(await summary.innerText()).toMatch(/^To the dropoff: \d+ min, \d+\.\d km$/);
    await driverContext.close();
    await riderContext.close();
  });
});

describe('the geo-mapping page', () => {
  it('lets a contributor encode a route, and two others verify it (2/4)', async () => {
    const authorContext = await newContext();
    await signUp(authorContext, 'driver', 'Bupe Chileshe');
    const page = await authorContext.newPage();
    await page.goto(`${baseUrl()}/geo-mapping`);
    await page.getByRole('heading', { name: 'Geo Mapping System' }).waitFor();
    await page.getByTestId('verify-routes').getByText('No routes pending verification').waitFor();
    await expectNoProblems(page);

    const encode = page.getByTestId('encode-route');
    await encode.getByRole('button', { name: 'Submit Route Encoding' }).click();
    await encode.getByTestId('encode-problem').filter({ hasText: 'Incomplete Information' }).waitFor();

    const choose = async (label: string, query: string, option: RegExp) => {
      await encode.getByLabel(label).fill(query);
      await page.getByRole('option', { name: option }).first().click();
    };
    await choose('Starting address', 'Copperbelt Univ', /Copperbelt University/);
    await choose('Destination address', 'Ndola Teaching', /Ndola Teaching Hospital/);
    await encode.getByRole('button', { name: 'Calculate Route' }).click();
    await encode.getByTestId('calculated-route').waitFor({ timeout: 20_000 });
    expect((await eventually(() => mapRoute(page), (route) => route.points >= 2)).points).toBeGreaterThanOrEqual(2);

    // Streets: Enter or Add; a tag is removed by clicking it.
    await encode.getByTestId('street-input').fill('Jambo Drive');
    await encode.getByTestId('street-input').press('Enter');
    await encode.getByTestId('street-input').fill('Freedom Avenue');
    await encode.getByRole('button', { name: 'Add', exact: true }).click();
    await encode.getByTestId('street-input').fill('Mistaken Road');
    await encode.getByTestId('street-input').press('Enter');
    await encode.getByRole('button', { name: 'Remove Mistaken Road' }).click();
    expect(await encode.getByRole('button', { name: /^Remove / }).count()).toBe(2);
    await expectNoProblems(page);
    await screenshot(page, 'geo-mapping-360x740');

    await encode.getByRole('button', { name: 'Submit Route Encoding' }).click();
    await encode.getByTestId('encode-done').waitFor({ timeout: 15_000 });
    const stats = page.getByTestId('contributions');
    await eventually(() => stats.getByTestId('stat-routesEncoded').locator('dd').innerText(), (text) => text === '1', 20_000);
    expect(await stats.getByTestId('stat-streetsMapped').locator('dd').innerText()).toBe('2');
    // Nobody verifies their own route: it is not in the author's list.
    expect(await page.getByTestId('pending-route').count()).toBe(0);

    // Two others — a rider and a driver — find it accurate.
    for (const [userType, name] of [
      ['passenger', 'Kondwani Sakala'],
      ['driver', 'Mutale Kunda'],
    ] as const) {
      const context = await newContext();
      await signUp(context, userType, name);
      const voter = await context.newPage();
      await voter.goto(`${baseUrl()}/geo-mapping`);
      const pending = voter.getByTestId('pending-route').filter({ hasText: 'Copperbelt University' }).filter({ hasText: 'Ndola Teaching Hospital' }).first();
      await pending.waitFor({ timeout: 20_000 });
      expect(await pending.innerText()).toContain('Streets mapped: 2');
      await pending.getByRole('button', { name: 'Accurate' }).click();
      await eventually(() => voter.getByTestId('stat-verificationsGiven').locator('dd').innerText(), (text) => text === '1', 20_000);
      await context.close();
    }

    // The author's encoding now stands at 2 of 4 verifications.
    const mine = await eventually(
      () => authorContext.request.get(`${baseUrl()}/api/route-encodings/stats`).then((answer) => answer.json()),
      (answer) => answer.verificationsReceived === 2,
      20_000,
    );
    expect(mine).toMatchObject({ routesEncoded: 1, verifiedRoutes: 0, streetsMapped: 2 });
    await authorContext.close();
  });
});
