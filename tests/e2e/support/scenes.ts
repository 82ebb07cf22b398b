import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl } from './browser.js';
import { approvedDriver, call, eventually, places, rideRequest, signInAdmin, signUp, type Party } from './parties.js';

/**
 * Scenes several browser tests set before they look at a screen: a driver switched online on
 * their dashboard, and a rider whose rides a driver on duty is already bidding on.
 */

/** Opens the driver dashboard in `page` and switches the driver online through the UI. */
export async function goOnlineOnDashboard(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/driver`);
  await page.getByRole('heading', { level: 1, name: 'Driver dashboard' }).waitFor();
  await page.getByTestId('offline-notice').waitFor({ timeout: 15_000 });
  await page.getByRole('switch', { name: 'Available for rides' }).check();
  await page.getByRole('heading', { name: 'You are online' }).waitFor();
}

export interface BidOnRideScene {
  rider: Party;
  driver: Party;
  /** A car ride open to bids, at the quote's fare, with the driver's bid on it. */
  biddingRideId: string;
  /** A fixed-price car ride still waiting for a driver. */
  fixedRideId: string;
}

/**
 * A rider at Freedom Park with two car rides to Copperbelt University waiting, and an approved car
 * driver on duty at Parklands who has bid `overQuoteZmw` above the quote on the bidding one.
 */
export async function bidOnRideScene(
  newContext: (geolocation?: { lat: number; lng: number }) => Promise<BrowserContext>,
  cast: {
    rider: string;
    driver: { fullName: string; phoneNumber: string; plateNumber: string };
    bid: { overQuoteZmw: number; message: string; estimatedArrival: number };
  },
): Promise<BidOnRideScene> {
  const admin = await signInAdmin(await newContext());
  const rider = await signUp(await newContext(places.freedomPark), 'passenger', cast.rider);
  const quote = await call(rider, 'POST', '/api/fares/quote', { vehicleType: 'car', pickup: places.freedomPark, dropoff: places.copperbeltUniversity, pricingMethod: 'bidding' });
  const biddingRideId: string = (await call(rider, 'POST', '/api/rides', rideRequest('car', { pricingMethod: 'bidding', proposedFare: quote.totalNgwee / 100 }))).id;
  const fixedRideId: string = (await call(rider, 'POST', '/api/rides', rideRequest('car'))).id;

  const { fullName, ...plateAndPhone } = cast.driver;
  const driver = await approvedDriver(admin, await newContext(places.parklands), fullName, plateAndPhone);
  await eventually(() => call(driver, 'GET', `/api/drivers/user/${driver.userId}`), (profile) => profile.verificationStatus === 'approved');
  await call(driver, 'PATCH', `/api/drivers/${driver.userId}/status`, { isOnline: true, location: places.parklands });
  const { overQuoteZmw, message, estimatedArrival } = cast.bid;
  await call(driver, 'POST', '/api/bids', { rideId: biddingRideId, bidAmount: quote.totalNgwee / 100 + overQuoteZmw, message, estimatedArrival });
  return { rider, driver, biddingRideId, fixedRideId };
}
