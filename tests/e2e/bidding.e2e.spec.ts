import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatZmw } from '../../domain/fare/money.js';
import { seriousViolations } from './support/axe.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { approvedDriver, call, eventually, overflowingInMain, places, signInAdmin, signUp, type Party } from './support/parties.js';
import { goOnlineOnDashboard } from './support/scenes.js';

/**
 * Bidding in three browsers at once: a rider books a car ride naming their own price; two online
 * drivers see it arrive and bid from the place-bid modal; the rider counters once, then takes one
 * bid. The winner gets the ride as their active ride; the other driver is told on screen.
 */
const { newContext } = useBrowser();

interface OnlineDriver {
  party: Party;
  page: Page;
  firstName: string;
}

/** A car driver signed up, approved, on the dashboard and switched online through the UI. */
async function onlineDriver(admin: Party, fullName: string, plate: string): Promise<OnlineDriver> {
  const party = await approvedDriver(admin, await newContext(places.parklands), fullName, { plateNumber: plate });
  const page = await party.context.newPage();
  await goOnlineOnDashboard(page);
  return { party, page, firstName: fullName.split(' ')[0]! };
}

/** Opens the ride's place-bid modal on a driver's list and sends a bid. */
async function placeBid(card: Locator, page: Page, amountNgwee: number, minutes: number, message: string) {
  await card.getByRole('button', { name: 'Place a bid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Place your bid' });
  await dialog.waitFor();
  await dialog.getByLabel('Your fare (ZMW)').fill(String(amountNgwee / 100));
  await dialog.getByLabel('Minutes to reach the pickup').fill(String(minutes));
  await dialog.getByLabel('Message to the rider (optional)').fill(message);
  await dialog.getByRole('button', { name: 'Send bid' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await card.getByTestId('my-bid').filter({ hasText: `Your bid of ${formatZmw(amountNgwee)} is waiting for the rider` }).waitFor();
}

describe('bidding', () => {
  it('two drivers bid live, the rider counters once and takes one bid; the winner drives, the other is told', async () => {
    const admin = await signInAdmin(await newContext());
    const mutale = await onlineDriver(admin, 'Mutale Banda', 'BAD 1001');
    const chipo = await onlineDriver(admin, 'Chipo Zulu', 'BAD 2002');

    // The rider names a price on /book and waits on the Driver Bids view.
    const riderContext = await newContext(places.freedomPark);
    const rider = await signUp(riderContext, 'passenger', 'Natasha Mwale');
    const riderPage = await riderContext.newPage();
    await riderPage.goto(`${baseUrl()}/book?vehicle=car&pricing=bidding&fromPlace=kitwe-teaching-hospital&toPlace=copperbelt-university`);
    await riderPage.getByRole('heading', { level: 1, name: 'Book a ride' }).waitFor();
    const offerInput = riderPage.getByLabel('Your offer (ZMW)');
    await expect.poll(() => offerInput.inputValue(), { timeout: 15_000 }).toMatch(/^\d+\.\d$/);
    await riderPage.getByRole('button', { name: 'Book now' }).click();
    await riderPage.waitForURL(/\/book\/[^/]+\/bids$/);
    await riderPage.getByRole('heading', { name: 'Waiting for Drivers' }).waitFor();
    const rideId = decodeURIComponent(new URL(riderPage.url()).pathname.split('/')[2]!);
    const booked = await call(rider, 'GET', `/api/rides/${rideId}`);
    expect(booked).toMatchObject({ pricingMethod: 'bidding', vehicleType: 'car', status: 'pending' });
    const { floorNgwee, ceilingNgwee, totalNgwee } = booked.quote as { floorNgwee: number; ceilingNgwee: number; totalNgwee: number };
    const proposedNgwee = Math.round(booked.offeredFare * 100);
    expect(proposedNgwee).toBeGreaterThanOrEqual(floorNgwee);

    // Both online drivers see the request arrive, at the rider's price, and bid from the modal.
    const mutaleCard = mutale.page.locator(`[data-ride-id="${rideId}"]`);
    const chipoCard = chipo.page.locator(`[data-ride-id="${rideId}"]`);
    await mutaleCard.waitFor({ timeout: 15_000 });
    await chipoCard.waitFor({ timeout: 15_000 });
    for (const card of [mutaleCard, chipoCard]) {
      expect(await card.innerText()).toContain('Open to bids');
      expect(await card.innerText()).toContain(formatZmw(proposedNgwee));
    }
    const mutaleBidNgwee = Math.min(ceilingNgwee, totalNgwee + 300);
    const chipoBidNgwee = Math.min(ceilingNgwee, totalNgwee + 800);
    await placeBid(mutaleCard, mutale.page, mutaleBidNgwee, 3, 'Two minutes from the hospital');
    await placeBid(chipoCard, chipo.page, chipoBidNgwee, 6, 'Air-conditioned car');

    // The rider's list fills live with both bids.
    const bidCards = riderPage.getByTestId('bid');
    await expect.poll(() => bidCards.count(), { timeout: 15_000 }).toBe(2);
    const mutaleBid = bidCards.filter({ hasText: mutale.firstName });
    const chipoBid = bidCards.filter({ hasText: chipo.firstName });
    expect(await mutaleBid.innerText()).toContain('Two minutes from the hospital');
    expect(await mutaleBid.innerText()).toContain(formatZmw(mutaleBidNgwee));
    expect(await chipoBid.innerText()).toContain('Air-conditioned car');
    expect(await chipoBid.innerText()).toContain(formatZmw(chipoBidNgwee));
    await riderPage.waitForLoadState('networkidle');
    expect(await seriousViolations(riderPage)).toEqual([]);
    expect(await overflowingInMain(riderPage)).toEqual([]);
    await screenshot(riderPage, 'bidding-two-bids-phone');

    // One counter offer, within the bounds: the rider's offer changes, and the drivers' lists show it.
    const counterNgwee = Math.max(floorNgwee, Math.min(ceilingNgwee, proposedNgwee + 500));
    expect(counterNgwee).not.toBe(proposedNgwee);
    await riderPage.getByLabel('New offer (ZMW)').fill(String(counterNgwee / 100));
    await riderPage.getByRole('button', { name: 'Send counter offer' }).click();
    await riderPage.getByTestId('toast').filter({ hasText: 'Counter offer sent' }).waitFor();
    await riderPage.getByText(`Your offer: ${formatZmw(counterNgwee)}`).waitFor();
    const countered = await eventually(() => call(rider, 'GET', `/api/rides/${rideId}`), (ride) => Math.round(ride.offeredFare * 100) === counterNgwee);
    expect(countered.status).toBe('pending');
    await mutaleCard.locator('.pending-ride__fare').filter({ hasText: formatZmw(counterNgwee) }).waitFor({ timeout: 15_000 });
    await chipoCard.locator('.pending-ride__fare').filter({ hasText: formatZmw(counterNgwee) }).waitFor({ timeout: 15_000 });

    // The rider takes Mutale's bid and goes on to tracking.
    await mutaleBid.getByRole('button', { name: `Accept ${formatZmw(mutaleBidNgwee)}` }).click();
    await riderPage.waitForURL(`${baseUrl()}/track/${rideId}`);
    await riderPage.getByTestId('status-banner').filter({ hasText: /^Driver is on the way • ETA \d+ min$/ }).waitFor({ timeout: 15_000 });
    expect(await riderPage.getByTestId('driver-name').textContent()).toBe('Mutale Banda');
    expect(await riderPage.getByTestId('driver-plate').textContent()).toBe('BAD 1001');

    // Chipo is told on screen, live, and the request leaves their list.
    await chipo.page.getByTestId('toast').filter({ hasText: 'The rider chose another driver' }).waitFor({ timeout: 15_000 });
    await chipoCard.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await chipo.page.getByTestId('active-ride').count()).toBe(0);

    // Mutale has the ride in hand, at the agreed fare.
    await mutale.page.getByTestId('toast').filter({ hasText: 'Your bid was accepted. Head to the pickup.' }).waitFor({ timeout: 15_000 });
    const active = mutale.page.getByTestId('active-ride');
    await active.getByTestId('status-banner').filter({ hasText: /^Head to the pickup • ETA \d+ min$/ }).waitFor({ timeout: 15_000 });
    await active.getByRole('button', { name: 'I have arrived' }).waitFor();
    expect(await seriousViolations(mutale.page)).toEqual([]);

    // The server agrees: the ride is Mutale's at his bid; his bid accepted, Chipo's rejected.
    const accepted = await eventually(() => call(rider, 'GET', `/api/rides/${rideId}`), (ride) => ride.status === 'accepted');
    expect(accepted.agreedFare).toBe(mutaleBidNgwee / 100);
    type ListedBid = { bidAmountNgwee: number; status: string };
    const settled: { bids: ListedBid[] } = await eventually(
      () => call(rider, 'GET', `/api/bids/ride/${rideId}`),
      (answer: { bids: ListedBid[] }) => answer.bids.every((bid) => bid.status !== 'placed'),
    );
    const statusOf = (amountNgwee: number) => settled.bids.find((bid) => bid.bidAmountNgwee === amountNgwee)?.status;
    expect([statusOf(mutaleBidNgwee), statusOf(chipoBidNgwee)]).toEqual(['accepted', 'rejected']);
    const mutaleProfile = await eventually(() => call(mutale.party, 'GET', `/api/drivers/user/${mutale.party.userId}`), (profile) => profile.engagedRideId === rideId);
    expect(mutaleProfile.engagedRideId).toBe(rideId);
  });
});
