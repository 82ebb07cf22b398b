/**
 * Rides for the admin portal's browser tests, driven through the running server's real API: a
 * rider books, an approved online driver takes the ride, arrives, tries one wrong PIN, starts with
 * the rider's PIN and completes. What the admin screens then show comes from those events.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { baseUrl, PHONE } from './browser.js';
import { approve, call, driverApplication, eventually, places, rideRequest, signUp, type Party } from './parties.js';

export interface DrivenRide {
  rideId: string;
  /** The rider's PIN, read from the rider's own view of the ride (no admin screen may show it). */
  pin: string;
  rider: Party;
  driver: Party;
}

/** An approved driver, online at Parklands in a car with the given plate. */
export async function onlineDriver(context: BrowserContext, admin: Party, plateNumber: string): Promise<Party> {
  const driver = await signUp(context, 'driver', 'Mwila Tembo', '0977 555 123');
  await call(driver, 'POST', '/api/drivers/register', driverApplication('car', plateNumber));
  await approve(admin, driver);
  await call(driver, 'PATCH', `/api/drivers/${driver.userId}/status`, { isOnline: true, location: places.parklands });
  return driver;
}

/** A fixed-price car ride from booking to completion, with one wrong PIN on the way. */
export async function completedRide(browser: Browser, admin: Party, plateNumber: string): Promise<DrivenRide> {
  const driver = await onlineDriver(await browser.newContext({ viewport: PHONE }), admin, plateNumber);
  const rider = await signUp(await browser.newContext({ viewport: PHONE }), 'passenger', 'Chanda Mulenga');
  const ride = await call(rider, 'POST', '/api/rides', rideRequest('car'));
  const rideId: string = ride.id;
  // The ride reaches the pending list a moment after it was booked.
  await eventually(() => driver.api.fetch(`${baseUrl()}/api/rides/${rideId}`, { method: 'PATCH', data: { status: 'accepted' } }), (answer) => answer.ok());
  const pin: string = (await eventually(() => call(rider, 'GET', `/api/rides/${rideId}`), (answer) => answer.pin?.status === 'issued')).pin.code;
  await call(driver, 'POST', `/api/rides/${rideId}/arrive`);
  const wrong = await driver.api.fetch(`${baseUrl()}/api/rides/${rideId}/start`, { method: 'POST', data: { pin: pin === '1111' ? '2222' : '1111' } });
  if (wrong.status() !== 409) throw new Error(`A wrong PIN answered ${wrong.status()}: ${await wrong.text()}`);
  await call(driver, 'POST', `/api/rides/${rideId}/start`, { pin });
  await call(driver, 'POST', `/api/rides/${rideId}/complete`, { distanceKm: 3.6, durationMinutes: 12 });
  return { rideId, pin, rider, driver };
}

/**
 * A page's text with what could hold any four digits by chance taken out (ids, instants, shown
 * dates with their year, decimal numbers such as coordinates, fares and times), so finding the PIN's digits in what is left means the
 * PIN itself is on the page.
 */
export function showsPin(text: string, pin: string): boolean {
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
  const instant = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g;
  const shownDate = /\d{1,2} [A-Za-z]{3,9},? \d{4}/g;
  const cleaned = text.replace(uuid, ' ').replace(instant, ' ').replace(shownDate, ' ').replace(/\d+[.,:]\d+/g, ' ');
  return new RegExp(`(^|\\D)${pin}(\\D|$)`).test(cleaned);
}
