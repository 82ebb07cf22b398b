import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver, completedRide } from '../../../tests/support/fixtures/apiDrivers.js';

let bed: ApiTestBed;
let admin: SignedIn;
let staff: SignedIn;
let passenger: SignedIn;
beforeAll(async () => {
  bed = await startApiTestBed();
  [admin, staff, passenger] = await Promise.all([bed.signIn('admin'), bed.signIn('staff'), bed.signIn('passenger')]);
});
afterAll(() => bed.close());

const message = {
  name: 'Bwalya Mwansa',
  email: 'Bwalya@Example.zm',
  subject: 'Left my phone in a car',
  category: 'other',
  message: 'I left my phone on the back seat after a ride to Mukuba Mall this morning.',
  urgency: 'high',
};

const contact = (payload: object, options: { who?: SignedIn; ip?: string } = {}) =>
  bed.app.inject({
    method: 'POST',
    url: '/api/support/contact',
    payload,
    headers: options.who?.headers ?? {},
    remoteAddress: options.ip ?? '10.0.0.1',
  });
const inbox = (who?: SignedIn, query = '') =>
  bed.app.inject({ method: 'GET', url: `/api/admin/support${query}`, headers: who?.headers ?? {} });

describe('the contact form', () => {
  it('takes a visitor’s message and a signed-in user’s, and the support desk reads them', async () => {
    const visitor = await contact(message);
    expect(visitor.statusCode).toBe(201);
    expect(visitor.json()).toMatchObject({ id: expect.any(String), message: "We'll get back to you within 24 hours" });
    const signedIn = await contact({ ...message, urgency: 'emergency', subject: 'Driver drove dangerously' }, { who: passenger });
    expect(signedIn.statusCode).toBe(201);

    const read = (await inbox(staff)).json();
    expect(read.counts).toMatchObject({ open: 2, emergencies: 1 });
    // Open emergencies come first.
    expect(read.messages[0]).toMatchObject({
      subject: 'Driver drove dangerously',
      urgency: 'emergency',
      userId: passenger.user.id,
      status: 'open',
    });
    expect(read.messages[1]).toMatchObject({ email: 'bwalya@example.zm', userId: null });
    expect((await inbox(admin, '?urgency=high')).json().messages).toHaveLength(1);
  });

  it("checks each field with the spec's messages", async () => {
    const cases: Array<[object, string, string]> = [
      [{ name: 'B' }, 'body.name', 'Name must be at least 2 characters'],
      [{ email: 'not-an-email' }, 'body.email', 'Invalid email address'],
      [{ subject: 'Hi' }, 'body.subject', 'Subject must be at least 5 characters'],
      [{ category: '' }, 'body.category', 'Please select a category'],
      [{ message: 'Too short' }, 'body.message', 'Message must be at least 10 characters'],
      [{ urgency: 'whenever' }, 'body.urgency', 'Urgency must be low, medium, high or emergency'],
    ];
    for (const [change, field, text] of cases) {
      const response = await contact({ ...message, ...change }, { ip: '10.0.0.2' });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().issues).toContainEqual({ field, message: text });
    }
    const { urgency: _urgency, ...noUrgency } = message;
    const defaulted = await contact(noUrgency, { ip: '10.0.0.2' });
    expect(defaulted.statusCode).toBe(201);
  });

  it('takes at most 10 messages an hour from one address (429 with Retry-After), then opens again', async () => {
    const ip = '10.9.9.9';
    for (let sent = 0; sent < 10; sent++) expect((await contact(message, { ip })).statusCode).toBe(201);
    const refused = await contact(message, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_messages' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await contact(message, { ip: '10.9.9.10' })).statusCode).toBe(201);
    bed.clock.advance(60 * 60 * 1000 + 1000);
    expect((await contact(message, { ip })).statusCode).toBe(201);
  });
});

describe('the support inbox', () => {
  it('is for admins and staff; status changes are recorded in the audit log', async () => {
    expect((await inbox()).statusCode).toBe(401);
    expect((await inbox(passenger)).json()).toMatchObject({ code: 'forbidden_role' });

    const [first] = (await inbox(admin)).json().messages;
    const patch = (who: SignedIn | undefined, id: string, payload: object) =>
      bed.app.inject({ method: 'PATCH', url: `/api/admin/support/${id}`, headers: who?.headers ?? {}, payload });
    const resolved = await patch(staff, first.id, { status: 'resolved' });
    expect(resolved.json()).toMatchObject({ id: first.id, status: 'resolved' });
    expect((await patch(passenger, first.id, { status: 'open' })).statusCode).toBe(403);
    expect((await patch(staff, randomUUID(), { status: 'open' })).statusCode).toBe(404);
    expect((await patch(staff, first.id, { status: 'closed' })).json().issues[0].field).toBe('body.status');

    const log = (await bed.app.inject({ method: 'GET', url: `/api/admin/audit-log?targetId=${first.id}`, headers: admin.headers })).json();
    expect(log.entries).toEqual([
      expect.objectContaining({
        actorUserId: staff.user.id,
        action: 'support.status_changed',
        changes: { status: { from: 'open', to: 'resolved' } },
      }),
    ]);
  });
});

describe('a message about one of your rides', () => {
  it('links the message to the ride for its rider (and its driver), and the inbox shows which ride; nobody else may name it', async () => {
    const rider = await bed.signIn('passenger');
    const driver = await approvedDriver(bed, admin, { vehicleType: 'car' });
    const { rideId } = await completedRide(bed, rider, driver);
    const lostItem = { ...message, subject: 'Lost item on my ride', category: 'ride_booking', rideId };

    const sent = await contact(lostItem, { who: rider, ip: '10.0.9.1' });
    expect(sent.statusCode, sent.body).toBe(201);
    const listed = (await inbox(staff)).json().messages.find((entry: { id: string }) => entry.id === sent.json().id);
    expect(listed).toMatchObject({ rideId, userId: rider.user.id, subject: 'Lost item on my ride' });
    expect((await contact({ ...lostItem, subject: 'Rider left a bag' }, { who: driver, ip: '10.0.9.2' })).statusCode).toBe(201);

    for (const [who, ip] of [
      [passenger, '10.0.9.3'],
      [undefined, '10.0.9.4'],
    ] as const) {
      const refused = await contact(lostItem, { ...(who ? { who } : {}), ip });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().issues[0].field).toBe('rideId');
    }
    expect((await contact({ ...lostItem, rideId: 'no such/ride' }, { who: rider, ip: '10.0.9.5' })).statusCode).toBe(400);
    const mine = (await inbox(admin)).json().messages.filter((entry: { rideId: string | null }) => entry.rideId === rideId);
    expect(mine).toHaveLength(2);
  });
});
