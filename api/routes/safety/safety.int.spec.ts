import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webmHeader } from '../../../tests/support/uploadFixtures.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver, call, places, rideRequest, settled, type TestDriver } from '../../../tests/journeys/kit.js';

let bed: ApiTestBed;
let rider: SignedIn;
let stranger: SignedIn;
let strangerDriver: TestDriver;
let admin: SignedIn;
let otherAdmin: SignedIn;
let staff: SignedIn;
beforeAll(async () => {
  bed = await startApiTestBed();
  [rider, stranger, strangerDriver, admin, otherAdmin, staff] = await Promise.all([
    bed.signIn('passenger'),
    bed.signIn('passenger'),
    approvedDriver(bed),
    bed.signIn('admin'),
    bed.signIn('admin'),
    bed.signIn('staff'),
  ]);
});
afterAll(() => bed.close());

const inject = (who: SignedIn | null, method: 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  bed.app.inject({ method, url, headers: who ? who.headers : {}, ...(payload === undefined ? {} : { payload }) });

async function tripUnderWay(): Promise<{ rideId: string; driver: TestDriver }> {
  const driver = await approvedDriver(bed, { at: places.parklands });
  const { body: ride } = await call(bed, rider, 'POST', '/api/rides', rideRequest());
  expect((await call(bed, driver, 'PATCH', `/api/rides/${ride.id}`, { status: 'accepted' })).status).toBe(200);
  expect((await call(bed, driver, 'POST', `/api/rides/${ride.id}/arrive`)).status).toBe(200);
  await settled(bed);
  const pin = (await call(bed, rider, 'GET', `/api/rides/${ride.id}`)).body.pin.code;
  expect((await call(bed, driver, 'POST', `/api/rides/${ride.id}/start`, { pin })).status).toBe(200);
  await settled(bed);
  return { rideId: ride.id, driver };
}

describe('trusted contacts', () => {
  it('a rider adds, changes and removes their own; a bad number is a 400 naming phone; drivers and visitors are refused', async () => {
    const added = await call(bed, rider, 'POST', '/api/me/trusted-contacts', { name: 'Mary Chanda', phone: '0971234567', relationship: 'Mum' });
    expect(added.status).toBe(201);
    const [mary] = added.body.contacts;
    expect(mary).toMatchObject({ name: 'Mary Chanda', phone: '+260971234567' });
    const bad = await call(bed, rider, 'POST', '/api/me/trusted-contacts', { name: 'Someone', phone: '12' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('phone');
    expect((await inject(rider, 'PUT', `/api/me/trusted-contacts/${mary.contactId}`, { name: 'Mary C.', phone: '0971234567' })).json().contacts[0].name).toBe('Mary C.');
    expect((await call(bed, strangerDriver, 'GET', '/api/me/trusted-contacts')).status).toBe(403);
    expect((await call(bed, null, 'GET', '/api/me/trusted-contacts')).status).toBe(401);
    // Another rider's list is their own: the contact id is nobody's there.
    expect((await inject(stranger, 'DELETE', `/api/me/trusted-contacts/${mary.contactId}`)).statusCode).toBe(404);
    expect((await call(bed, rider, 'GET', '/api/me/trusted-contacts')).body.contacts).toHaveLength(1);
  });
});

describe('an SOS, end to end', () => {
  it('reaches the admins’ queue and the dashboard, tells the contacts by SMS, and the handling admin alone reads the messages', async () => {
    const { rideId, driver } = await tripUnderWay();
    expect((await call(bed, driver, 'POST', `/api/rides/${rideId}/messages`, { text: 'I am outside the gate' })).status).toBe(201);
    const phone = await call(bed, rider, 'POST', `/api/rides/${rideId}/messages`, { text: 'call me on 0971234567' });
    expect(phone.status).toBeGreaterThanOrEqual(400);
    expect(phone.status).toBeLessThan(500);
    expect((await call(bed, rider, 'POST', `/api/rides/${rideId}/emergency`, { location: places.parklands })).status).toBe(200);
    await settled(bed);

    const queue = await call(bed, admin, 'GET', '/api/admin/incidents');
    const incident = queue.body.incidents.find((candidate: { rideId: string }) => candidate.rideId === rideId);
    expect(incident).toMatchObject({ status: 'raised', causes: [{ kind: 'sos', party: 'rider' }], ride: { rider: { userId: rider.user.id } } });
    expect(incident.trustedContacts.length).toBeGreaterThan(0);
    expect((await call(bed, admin, 'GET', '/api/admin/dashboard-stats')).body).toMatchObject({ openIncidents: expect.any(Number), unacknowledgedIncidents: expect.any(Number) });
    expect((await call(bed, admin, 'GET', '/api/admin/dashboard-stats')).body.unacknowledgedIncidents).toBeGreaterThan(0);
    expect((await call(bed, staff, 'GET', '/api/admin/incidents')).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bed.texts.sent.some((sms) => sms.to === '+260971234567' && sms.text.includes('/share/'))).toBe(true);

    // Not handling it yet: no messages. Acknowledged: the messages open to that admin only.
    expect((await call(bed, admin, 'GET', `/api/rides/${rideId}/messages`)).status).toBe(403);
    const acknowledged = await call(bed, admin, 'POST', `/api/admin/incidents/${incident.incidentId}/acknowledge`);
    expect(acknowledged.body).toMatchObject({ status: 'acknowledged', handledByYou: true });
    await settled(bed);
    const read = await call(bed, admin, 'GET', `/api/rides/${rideId}/messages`);
    expect(read.body.messages.map((message: { text: string }) => message.text)).toEqual(['I am outside the gate']);
    expect((await call(bed, otherAdmin, 'GET', `/api/rides/${rideId}/messages`)).status).toBe(403);
    expect((await call(bed, stranger, 'GET', `/api/rides/${rideId}/messages`)).status).toBe(404);
    expect((await call(bed, strangerDriver, 'GET', `/api/rides/${rideId}/messages`)).status).toBe(404);

    const bad = await call(bed, admin, 'POST', `/api/admin/incidents/${incident.incidentId}/resolve`, { outcome: 'assisted', note: '   ' });
    expect(bad.status).toBe(400);
    const resolved = await call(bed, admin, 'POST', `/api/admin/incidents/${incident.incidentId}/resolve`, { outcome: 'assisted', note: 'Called the rider; all well' });
    expect(resolved.body).toMatchObject({ status: 'resolved', outcome: 'assisted' });

    // The ride's audit trail (the admin's replay) holds the incident's whole life, with who acted.
    const trail = (await call(bed, admin, 'GET', `/api/admin/rides/${rideId}/events`)).body;
    expect(trail.streams).toContain(`incident-${rideId}`);
    const incidentEvents = trail.events.filter((event: { streamName: string }) => event.streamName === `incident-${rideId}`);
    expect(incidentEvents.map((event: { type: string }) => event.type)).toEqual(['IncidentRaised', 'IncidentAcknowledged', 'IncidentResolved']);
    expect(incidentEvents[1].metadata).toMatchObject({ userId: admin.user.id, role: 'admin' });
    expect(incidentEvents[2].data).toMatchObject({ outcome: 'assisted', note: 'Called the rider; all well' });
  });
});

describe('ride checks', () => {
  it('a long stop raises a check only the rider sees and answers; Need Help raises an incident', async () => {
    const { rideId, driver } = await tripUnderWay();
    for (let step = 0; step <= 12; step++) {
      expect((await call(bed, driver, 'POST', `/api/drivers/${driver.driverId}/location`, { lat: -12.8095, lng: 28.229 })).status).toBe(200);
      bed.clock.advance(30_000);
    }
    expect(await bed.writeSide.tripWatcher.watchOnce()).toBeGreaterThanOrEqual(1);
    const checks = await call(bed, rider, 'GET', `/api/rides/${rideId}/checks`);
    expect(checks.body.checks).toMatchObject([{ reason: 'unexpected_stop' }]);
    expect((await call(bed, driver, 'GET', `/api/rides/${rideId}/checks`)).status).toBe(403);
    const { checkId } = checks.body.checks[0];
    expect((await call(bed, driver, 'POST', `/api/rides/${rideId}/checks/${checkId}/answer`, { answer: 'safe' })).status).toBe(403);
    expect((await call(bed, rider, 'POST', `/api/rides/${rideId}/checks/${checkId}/answer`, { answer: 'maybe' })).status).toBe(400);
    const answered = await call(bed, rider, 'POST', `/api/rides/${rideId}/checks/${checkId}/answer`, { answer: 'need_help' });
    expect(answered.body.checks).toEqual([]);
    await settled(bed);
    const queue = await call(bed, admin, 'GET', '/api/admin/incidents');
    expect(queue.body.incidents.find((incident: { rideId: string }) => incident.rideId === rideId)).toMatchObject({ causes: [{ kind: 'ride_check', answer: 'need_help' }] });
  });
});

describe('audio recording', () => {
  it('both are told, the requester uploads, and only the admin handling an incident plays it', async () => {
    const { rideId, driver } = await tripUnderWay();
    expect((await call(bed, rider, 'POST', `/api/rides/${rideId}/recording/request`)).body).toMatchObject({ status: 'requested', requestedBy: 'rider', noticeSeenBy: ['rider'] });
    expect((await call(bed, stranger, 'GET', `/api/rides/${rideId}/recording`)).status).toBe(404);
    expect((await call(bed, driver, 'POST', `/api/rides/${rideId}/recording/notice`)).body.noticeSeenBy.sort()).toEqual(['driver', 'rider']);
    expect((await call(bed, rider, 'POST', `/api/rides/${rideId}/recording/start`)).body.status).toBe('recording');
    // A WebM header (what browsers' MediaRecorder writes), then bytes standing for the audio.
    const audio = Buffer.concat([webmHeader(), randomBytes(4000)]);
    const boundary = 'tiyendeboundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="ride.webm"\r\nContent-Type: audio/webm\r\n\r\n`),
      audio,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await bed.app.inject({
      method: 'POST',
      url: `/api/rides/${rideId}/recording/upload?durationSeconds=30`,
      headers: { ...rider.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toMatchObject({ status: 'uploaded' });
    expect((await call(bed, admin, 'GET', `/api/rides/${rideId}/recording/audio`)).status).toBe(403);
    expect((await call(bed, rider, 'GET', `/api/rides/${rideId}/recording/audio`)).status).toBe(403);
    expect((await call(bed, rider, 'POST', `/api/rides/${rideId}/emergency`, { location: null })).status).toBe(200);
    await settled(bed);
    const incident = (await call(bed, admin, 'GET', '/api/admin/incidents')).body.incidents.find((candidate: { rideId: string }) => candidate.rideId === rideId);
    await call(bed, admin, 'POST', `/api/admin/incidents/${incident.incidentId}/acknowledge`);
    const played = await bed.app.inject({ method: 'GET', url: `/api/rides/${rideId}/recording/audio`, headers: admin.headers });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(audio)).toBe(true);
  });
});

describe('the share link', () => {
  it('opens signed out with only the status, the driver and the car; a stranger gets 404 for the link itself; it stops 30 minutes after the trip', async () => {
    const { rideId, driver } = await tripUnderWay();
    expect((await call(bed, driver, 'POST', `/api/rides/${rideId}/share`)).status).toBe(403);
    expect((await call(bed, stranger, 'POST', `/api/rides/${rideId}/share`)).status).toBe(404);
    const shared = await call(bed, rider, 'POST', `/api/rides/${rideId}/share`);
    expect(shared.status).toBe(200);
    const { token, url } = shared.body.link;
    expect(url).toContain(`/share/${token}`);
    await settled(bed);
    const page = await call(bed, null, 'GET', `/api/share/${token}`);
    expect(page.status).toBe(200);
    expect(Object.keys(page.body).sort()).toEqual(['driver', 'position', 'status']);
    expect(page.body.status).toBe('in_progress');
    expect(JSON.stringify(page.body)).not.toContain(rider.user.id);
    expect((await call(bed, null, 'GET', `/api/share/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await call(bed, null, 'GET', '/api/share/short')).status).toBe(400);

    expect((await call(bed, driver, 'POST', `/api/rides/${rideId}/complete`)).status).toBe(200);
    await settled(bed);
    expect((await call(bed, null, 'GET', `/api/share/${token}`)).status).toBe(200);
    bed.clock.advance(31 * 60_000);
    expect((await call(bed, null, 'GET', `/api/share/${token}`)).status).toBe(410);
  });
});
