import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LatLng } from '../../domain/catalogue/index.js';
import { formatZmw } from '../../domain/fare/money.js';
import { haversineKm } from '../../domain/geo/distance.js';
import { signedZmw } from '../../web/src/tracking/FareBreakdown.js';
import { seriousViolations } from './support/axe.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { approve, call, driverApplication, eventually, overflowingInMain, places, rideRequest, signInAdmin, signUp } from './support/parties.js';

/**
 * A rider's own rides: one driven to the end shows under Past with its fare, and its page holds
 * the receipt (every line, adding up to the total), the driver and vehicle, the payment slot and
 * "book again", and the map with the route along the roads; a ride under way is one tap away from
 * any screen. A vehicle type no other browser test books (car XL), so the dispatch of other files'
 * rides never reaches this driver.
 */
const VEHICLE = 'car-xl';
const { newContext } = useBrowser();

/**
 * Freedom Park to Nkana East: the roads that ship with the app serve it (5 km, a few bends), where
 * Freedom Park to the university is a straight-line estimate.
 */
const NKANA_EAST = { address: 'Nkana East, Kitwe', lat: -12.825, lng: 28.225 };
const ROUTE_BLUE = [0x1d, 0x4e, 0xd8] as const;
const PICKUP_GREEN = [0x13, 0x79, 0x5b] as const;
const DROPOFF_RED = [0xb4, 0x23, 0x18] as const;

/**
 * For each of `points`, whether the map's canvases show `colour` there (within 3 px), and how many
 * pixels it lies from the nearer of the trip's ends (whose markers cover the line near them). Each
 * point is put where OpenLayers puts it once it has fitted the view to the trip (OlMap: the
 * bounding box of the ends and the route, 48 px padding, zoom at most 15; Web Mercator, north up).
 * Pixels, not features: what is asserted is what the rider sees.
 */
const drawnAt = (map: Locator, trip: { pickup: LatLng; dropoff: LatLng; route: readonly LatLng[] }, points: readonly LatLng[], colour: readonly [number, number, number]) =>
  map.evaluate(
    (element, { trip, points, colour }) => {
      const frame = [trip.pickup, trip.dropoff, ...trip.route];
      const R = 6378137;
      const mercator = ({ lat, lng }: { lat: number; lng: number }) => [(R * lng * Math.PI) / 180, R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))] as const;
      const xs = frame.map((point) => mercator(point)[0]);
      const ys = frame.map((point) => mercator(point)[1]);
      const [width, height] = [element.clientWidth, element.clientHeight];
      const PADDING = 48;
      const MIN_RESOLUTION = (2 * Math.PI * R) / 256 / 2 ** 15;
      const resolution = Math.max(
        (Math.max(...xs) - Math.min(...xs)) / (width - 2 * PADDING),
        (Math.max(...ys) - Math.min(...ys)) / (height - 2 * PADDING),
        MIN_RESOLUTION,
      );
      const [cx, cy] = [(Math.max(...xs) + Math.min(...xs)) / 2, (Math.max(...ys) + Math.min(...ys)) / 2];
      const ratio = window.devicePixelRatio;
      const contexts = [...element.querySelectorAll('canvas')].filter((canvas) => canvas.width > 0).map((canvas) => canvas.getContext('2d')!);
      const onScreen = (point: { lat: number; lng: number }) => {
        const [x, y] = mercator(point);
        return [width / 2 + (x - cx) / resolution, height / 2 - (y - cy) / resolution] as const;
      };
      const ends = [onScreen(trip.pickup), onScreen(trip.dropoff)];
      return points.map((point) => {
        const [sx, sy] = onScreen(point);
        const fromEnds = Math.min(...ends.map(([ex, ey]) => Math.hypot(sx - ex, sy - ey)));
        const [px, py] = [Math.round(sx * ratio), Math.round(sy * ratio)];
        const reach = Math.round(3 * ratio);
        const drawn = contexts.some((context) => {
          const { data } = context.getImageData(px - reach, py - reach, 2 * reach + 1, 2 * reach + 1);
          for (let i = 0; i < data.length; i += 4) {
            const off = Math.abs(data[i]! - colour[0]) + Math.abs(data[i + 1]! - colour[1]) + Math.abs(data[i + 2]! - colour[2]);
            if (data[i + 3]! > 200 && off < 30) return true;
          }
          return false;
        });
        return { drawn, fromEnds };
      });
    },
    { trip, points, colour },
  );

describe('my rides', () => {
  it('a rider finds their finished ride and its receipt, and the ride under way is one tap away', async () => {
    const admin = await signInAdmin(await newContext());
    const rider = await signUp(await newContext(places.freedomPark), 'passenger', 'Natasha Chanda');
    const driver = await signUp(await newContext(places.parklands), 'driver', 'Kelvin Tembo', '0966 222 333');
    await call(driver, 'POST', '/api/drivers/register', driverApplication(VEHICLE, `BCK ${driver.userId.slice(0, 4).toUpperCase()}`));
    await approve(admin, driver);
    await eventually(() => call(driver, 'GET', `/api/drivers/user/${driver.userId}`), (profile) => profile.verificationStatus === 'approved');
    await call(driver, 'PATCH', `/api/drivers/${driver.userId}/status`, { isOnline: true, location: places.parklands });

    // A ride driven to the end.
    const done: string = (await call(rider, 'POST', '/api/rides', rideRequest(VEHICLE, { dropoffLocation: NKANA_EAST }))).id;
    await eventually(() => call(driver, 'PATCH', `/api/rides/${done}`, { status: 'accepted' }).then(() => true, () => false), (accepted) => accepted);
    await call(driver, 'POST', `/api/rides/${done}/arrive`);
    const pin = (await eventually(() => call(rider, 'GET', `/api/rides/${done}`), (ride) => Boolean(ride.pin?.code))).pin.code;
    await call(driver, 'POST', `/api/rides/${done}/start`, { pin });
    await call(driver, 'POST', `/api/rides/${done}/complete`);
    const finished = await eventually(() => call(rider, 'GET', `/api/rides/${done}`), (ride) => ride.status === 'completed' && ride.finalFareNgwee !== null);

    const page = await rider.context.newPage();
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('button', { name: /Natasha Chanda/ }).click();
    await page.getByRole('menuitem', { name: 'My rides' }).click();
    await page.getByRole('heading', { name: 'My rides' }).waitFor();
    const item = page.getByTestId(`my-ride-${done}`);
    await item.waitFor();
    expect(await page.getByRole('tab', { name: /^Past \(1\)$/ }).getAttribute('aria-selected')).toBe('true');
    await item.getByText(formatZmw(finished.finalFareNgwee)).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowingInMain(page)).toEqual([]);

    await item.getByRole('link', { name: 'Details and receipt' }).click();
    const ridePage = page.getByTestId('ride-page');
    await ridePage.waitFor();
    // The receipt: each line of the quote, adding up to its total, then the final fare.
    const lines = await ridePage.getByTestId('receipt-line').locator('dd').allInnerTexts();
    expect(lines).toEqual(finished.quote.receipt.map((line: { amountNgwee: number }) => signedZmw(line.amountNgwee)));
    const sum = finished.quote.receipt.reduce((total: number, line: { amountNgwee: number }) => total + line.amountNgwee, 0);
    expect(sum).toBe(finished.quote.totalNgwee);
    await ridePage.getByTestId('final-fare').getByText(formatZmw(finished.finalFareNgwee)).waitFor();
    await ridePage.getByTestId('driver-card').getByText('Kelvin Tembo').waitFor();
    // A cash ride: the payment waits for the driver to confirm the cash.
    await ridePage.getByTestId('payment-status').getByTestId('cash-owed').getByText(`Pay your driver ${formatZmw(finished.finalFareNgwee)} in cash.`, { exact: false }).waitFor();
    await ridePage.getByRole('heading', { name: 'Rate your driver' }).waitFor();

    // The map: the route the fare was priced on, along the roads from A (the pickup) to B (the
    // dropoff), through each of its bends; not a straight line between the two.
    const route: { source: string; geometry: LatLng[] } = finished.route;
    expect(route.source).toBe('road_network');
    expect(route.geometry.length).toBeGreaterThan(2);
    expect(haversineKm(route.geometry[0]!, places.freedomPark)).toBeLessThan(0.05);
    expect(haversineKm(route.geometry.at(-1)!, NKANA_EAST)).toBeLessThan(0.05);
    const map = ridePage.getByRole('region', { name: 'Map of your trip' }).getByTestId('ol-map');
    await map.locator('canvas').first().waitFor();
    await expect.poll(() => map.getAttribute('data-route-points')).toBe(String(route.geometry.length));
    expect(await map.getAttribute('data-route-straight')).toBe('false');
    const trip = { pickup: places.freedomPark, dropoff: NKANA_EAST, route: route.geometry };
    // Each bend the markers (11 px and a 3 px rim) leave in sight is on the blue line.
    const bendsInSight = async () => (await drawnAt(map, trip, route.geometry.slice(1, -1), ROUTE_BLUE)).filter((bend) => bend.fromEnds > 16);
    const onTheLine = async () => {
      const seen = await bendsInSight();
      return seen.length > 0 && seen.every((bend) => bend.drawn) ? 'every bend in sight' : JSON.stringify(seen);
    };
    await expect.poll(onTheLine, { timeout: 10_000 }).toBe('every bend in sight');
    expect((await drawnAt(map, trip, [places.freedomPark], PICKUP_GREEN))[0]!.drawn).toBe(true);
    expect((await drawnAt(map, trip, [NKANA_EAST], DROPOFF_RED))[0]!.drawn).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowingInMain(page)).toEqual([]);
    await screenshot(page, 'ride-receipt-360x740');
    await ridePage.getByRole('link', { name: 'Book again' }).click();
    await page.waitForURL(/\/book\?/);
    expect(new URL(page.url()).searchParams.get('vehicle')).toBe(VEHICLE);

    // A ride under way: a bar under the header on any screen leads to it.
    const live: string = (await call(rider, 'POST', '/api/rides', rideRequest(VEHICLE))).id;
    await page.goto(`${baseUrl()}/support`);
    await page.getByTestId('active-ride-bar').getByRole('link', { name: 'Your ride is under way: follow it' }).click();
    await page.waitForURL(new RegExp(`/track/${live}$`));
    expect(await page.getByTestId('active-ride-bar').count()).toBe(0);
    await call(rider, 'POST', `/api/rides/${live}/cancel`, { reason: 'Plans changed' });

    // A lost item on the finished ride: reported from the support centre's "Your trips".
    await page.goto(`${baseUrl()}/support?tab=trips`);
    await page.getByTestId(`your-trip-${done}`).getByRole('button', { name: 'Report a lost item' }).click();
    await page.getByTestId('contact-ride').waitFor();
    expect(await page.getByLabel('Subject').inputValue()).toMatch(/^Lost item on my ride of /);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowingInMain(page)).toEqual([]);
    await page.getByLabel('Message', { exact: true }).fill('I left a blue umbrella on the back seat.');
    await page.getByRole('button', { name: 'Send message' }).click();
    const sent = await eventually(
      () => call(admin, 'GET', '/api/admin/support?limit=200'),
      (inbox) => inbox.messages.some((entry: { rideId: string | null }) => entry.rideId === done),
    );
    const report = sent.messages.find((entry: { rideId: string | null }) => entry.rideId === done);
    expect(report).toMatchObject({ userId: rider.userId, category: 'ride_booking', message: 'I left a blue umbrella on the back seat.' });

    // The admin's inbox shows it with the ride, one click from its replay.
    const adminPage = await admin.context.newPage();
    await adminPage.goto(`${baseUrl()}/admin/support`);
    const link = adminPage.getByTestId('support-ride-link').filter({ hasText: done });
    await link.waitFor();
    await link.click();
    await adminPage.waitForURL(new RegExp(`/admin/rides/${done}$`));
  });

  it('has every text of My rides in each language, at 360 px', async () => {
    const rider = await signUp(await newContext(), 'passenger', 'Mutale Banda');
    const page = await rider.context.newPage();
    for (const language of ['fr', 'pt', 'sw', 'zh', 'nya', 'bem']) {
      await call(rider, 'PATCH', '/api/auth/preferences', { preferredLanguage: language });
      await page.goto(`${baseUrl()}/rides`);
      await page.locator('main h1').waitFor();
      // The account's language is applied once the session is known.
      await expect.poll(() => page.locator('main h1').innerText(), { timeout: 10_000 }).not.toBe('My rides');
      expect(await page.locator('main').innerText(), language).not.toMatch(/tracking\.myRides/);
      expect(await overflowingInMain(page), language).toEqual([]);
    }
  });
});
