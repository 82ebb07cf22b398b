import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { baseUrl, useBrowser } from './support/browser.js';
import { call, driverOnDuty, eventually, overflowingInMain, places, rideRequest, signInAdmin, signUp, type Party } from './support/parties.js';

/**
 * Recording a ride's audio in the browser (issue 13): the rider opts in, both screens show the
 * notice (and say so to the server), the rider's phone records from Chromium's fake microphone,
 * stops and uploads; both see until when it is kept, and an admin who is not handling an incident
 * cannot play it. A refused microphone says so and lets the requester cancel. A vehicle type no
 * other browser test books, so other files' dispatch never reaches this driver.
 */
const VEHICLE = 'honeymoon-transfer';
const { newContext } = useBrowser({ browserArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] });

/** Accepted, the driver at the pickup, started with the rider's PIN. */
async function rideUnderWay(rider: Party, driver: Party): Promise<string> {
  const rideId: string = (await call(rider, 'POST', '/api/rides', rideRequest(VEHICLE))).id;
  await eventually(() => call(driver, 'PATCH', `/api/rides/${rideId}`, { status: 'accepted' }).then(() => true, () => false), (accepted) => accepted);
  await call(driver, 'POST', `/api/rides/${rideId}/arrive`);
  const pin = (await eventually(() => call(rider, 'GET', `/api/rides/${rideId}`), (ride) => Boolean(ride.pin?.code))).pin.code;
  await call(driver, 'POST', `/api/rides/${rideId}/start`, { pin });
  return rideId;
}

async function trackingPage(party: Party, rideId: string): Promise<Page> {
  const page = await party.context.newPage();
  await page.goto(`${baseUrl()}/track/${rideId}`);
  await page.getByRole('heading', { level: 1, name: 'Track your ride' }).waitFor();
  await page.getByTestId('live-indicator').filter({ hasText: 'Live' }).waitFor();
  return page;
}

async function driverScreen(driver: Party): Promise<Page> {
  const page = await driver.context.newPage();
  await page.goto(`${baseUrl()}/driver`);
  await page.getByTestId('active-ride').waitFor({ timeout: 15_000 });
  return page;
}

describe('recording the audio of a ride', () => {
  it('the rider opts in, both are told, the rider’s phone records, stops and uploads; both see until when it is kept; an admin not handling an incident cannot play it', async () => {
    const admin = await signInAdmin(await newContext());
    const driver = await driverOnDuty(admin, newContext, { name: 'Moses Chileshe', vehicleType: VEHICLE, platePrefix: 'BRC' });
    const rider = await signUp(await newContext(places.freedomPark), 'passenger', 'Agnes Mulenga');
    const rideId = await rideUnderWay(rider, driver);

    const riderPage = await trackingPage(rider, rideId);
    const driverPage = await driverScreen(driver);
    const riderPanel = riderPage.getByTestId('audio-recording');
    const driverPanel = driverPage.getByTestId('active-ride').getByTestId('audio-recording');

    // Nothing is recorded until someone asks.
    await driverPanel.getByRole('button', { name: 'Record audio of this ride' }).waitFor();
    expect(await riderPanel.getByTestId('recording-notice').count()).toBe(0);
    await riderPanel.getByRole('button', { name: 'Record audio of this ride' }).click();

    // Both screens show the notice: who asked, who may listen, how long it is kept.
    const riderNotice = riderPanel.getByTestId('recording-notice');
    await riderNotice.getByText('You asked to record the audio of this ride.').waitFor();
    const driverNotice = driverPanel.getByTestId('recording-notice');
    await driverNotice.getByText('The rider asked to record the audio of this ride.').waitFor({ timeout: 5_000 });
    for (const notice of [riderNotice, driverNotice]) {
      const text = await notice.textContent();
      expect(text).toContain('Only the Tiyende safety team can listen to it, and only while handling an incident on this ride.');
      expect(text).toContain('It is deleted automatically 7 days after it is saved.');
    }

    // The driver's screen told the server; then the rider's phone takes the microphone and records.
    await riderPanel.getByTestId('recording-state').filter({ hasText: 'Recording on this phone' }).waitFor({ timeout: 10_000 });
    const recording = await call(rider, 'GET', `/api/rides/${rideId}/recording`);
    expect(recording).toMatchObject({ status: 'recording', requestedBy: 'rider' });
    expect([...recording.noticeSeenBy].sort()).toEqual(['driver', 'rider']);
    await riderNotice.getByText('This ride is being recorded').waitFor();
    await driverPanel.getByTestId('recording-state').filter({ hasText: 'The rider’s phone is recording this ride.' }).waitFor({ timeout: 5_000 });
    // Only the requester stops it.
    expect(await driverPanel.getByRole('button', { name: 'Cancel recording' }).count()).toBe(0);
    expect(await driverPanel.getByRole('button', { name: 'Stop and upload' }).count()).toBe(0);

    // Accessible and narrow at 360 px with the panel recording.
    expect(await seriousViolations(riderPage)).toEqual([]);
    expect(await overflowingInMain(riderPage)).toEqual([]);
    expect(await seriousViolations(driverPage)).toEqual([]);

    // About two seconds of audio, then stopped and uploaded.
    await riderPanel.getByTestId('recording-elapsed').filter({ hasText: /^0:0[2-9]$/ }).waitFor({ timeout: 10_000 });
    await riderPanel.getByRole('button', { name: 'Stop and upload' }).click();
    const keptUntil = /^Recording kept until .+, then deleted\.$/;
    await riderPanel.getByTestId('recording-state').filter({ hasText: keptUntil }).waitFor({ timeout: 15_000 });
    await driverPanel.getByTestId('recording-state').filter({ hasText: keptUntil }).waitFor({ timeout: 5_000 });
    await riderNotice.getByText('This ride was recorded').waitFor();
    const kept = await call(driver, 'GET', `/api/rides/${rideId}/recording`);
    expect(kept).toMatchObject({ status: 'uploaded', requestedBy: 'rider' });
    const sevenDays = 7 * 24 * 60 * 60 * 1000;
    expect(Math.abs(Date.parse(kept.deleteAfter) - (Date.now() + sevenDays))).toBeLessThan(5 * 60 * 1000);
    expect(await riderPanel.getByRole('button', { name: 'Stop and upload' }).count()).toBe(0);
    expect(await seriousViolations(riderPage)).toEqual([]);
    expect(await overflowingInMain(riderPage)).toEqual([]);

    // Evidence for the safety team only: an admin not handling an incident on the ride cannot play it, nor can the rider.
    const adminPlay = await admin.api.fetch(`${baseUrl()}/api/rides/${rideId}/recording/audio`);
    expect(adminPlay.status()).toBe(403);
    const riderPlay = await rider.api.fetch(`${baseUrl()}/api/rides/${rideId}/recording/audio`);
    expect(riderPlay.status()).toBe(403);

    // The ride ends: the card stays, saying until when it is kept.
    await call(driver, 'POST', `/api/rides/${rideId}/complete`);
    await riderPage.locator('[data-testid="status-banner"][data-status="completed"]').waitFor({ timeout: 15_000 });
    await riderPanel.getByTestId('recording-state').filter({ hasText: keptUntil }).waitFor();
    expect(await riderPanel.getByRole('button', { name: 'Record audio of this ride' }).count()).toBe(0);
  });

  it('a refused microphone says so and lets the requester cancel: nothing is kept, and it may be asked for again', async () => {
    const admin = await signInAdmin(await newContext());
    const driver = await driverOnDuty(admin, newContext, { name: 'Chanda Bwalya', vehicleType: VEHICLE, platePrefix: 'BRC' });
    const rider = await signUp(await newContext(places.freedomPark), 'passenger', 'Ruth Tembo');
    // This driver's browser refuses the microphone, as a phone does when the permission is denied.
    await driver.context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const rideId = await rideUnderWay(rider, driver);

    const riderPage = await trackingPage(rider, rideId);
    const driverPage = await driverScreen(driver);
    const riderPanel = riderPage.getByTestId('audio-recording');
    const driverPanel = driverPage.getByTestId('active-ride').getByTestId('audio-recording');

    await driverPanel.getByRole('button', { name: 'Record audio of this ride' }).click();
    await riderPanel.getByTestId('recording-notice').getByText('The driver asked to record the audio of this ride.').waitFor({ timeout: 5_000 });
    await riderPanel.getByTestId('recording-state').filter({ hasText: 'Recording starts on the driver’s phone.' }).waitFor();

    const refused = driverPanel.getByTestId('recording-mic-error');
    await refused.waitFor({ timeout: 10_000 });
    expect(await refused.textContent()).toContain('The microphone was not allowed, so nothing is being recorded.');
    expect((await call(driver, 'GET', `/api/rides/${rideId}/recording`)).status).toBe('requested');
    expect(await seriousViolations(driverPage)).toEqual([]);
    expect(await overflowingInMain(driverPage)).toEqual([]);

    await driverPanel.getByRole('button', { name: 'Cancel recording' }).click();
    const cancelled = 'The recording was cancelled: nothing was kept.';
    await driverPanel.getByTestId('recording-state').filter({ hasText: cancelled }).waitFor();
    await riderPanel.getByTestId('recording-state').filter({ hasText: cancelled }).waitFor({ timeout: 5_000 });
    expect(await riderPanel.getByTestId('recording-notice').count()).toBe(0);
    expect(await call(rider, 'GET', `/api/rides/${rideId}/recording`)).toMatchObject({ status: 'cancelled', requestedBy: null });
    await riderPanel.getByRole('button', { name: 'Record audio of this ride' }).waitFor();
    await driverPanel.getByRole('button', { name: 'Record audio of this ride' }).waitFor();
    expect(await seriousViolations(riderPage)).toEqual([]);

    await call(driver, 'POST', `/api/rides/${rideId}/complete`);
  });
});
