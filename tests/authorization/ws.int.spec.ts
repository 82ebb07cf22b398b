import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixPinDraws, settled, withoutIdsAndInstants } from '../journeys/kit.js';
import { sessionCookieFrom } from '../support/accounts.js';
import { startApiTestBed, type ApiTestBed } from '../support/apiTestBed.js';
import { copperbeltUniversity, freedomPark, roleNames, startWorld, type Person, type Role, type World } from '../support/authorizationWorld.js';
import { LiveClient, listen, type Received } from '../support/liveTestKit.js';

/**
 * Live delivery checked as the HTTP matrix is: a table of messages × callers, each cell "receives
 * it" or "never receives it", after one scenario played over HTTP by the same cast (A books and
 * rides with X; B books a ride of their own; Y and X bid on A's bidding ride, A takes X's bid;
 * on it A and X exchange messages, A presses SOS and the admin handles the incident (and so
 * follows X's position on it); A pays
 * the first ride by MTN MoMo, declines the request on the sandbox's wallet, then pays in cash,
 * which X confirms). No socket ever carries a PIN, least of all a driver's.
 */

const PIN = '9731';
type Member = Exclude<Role, 'anon'>;
const members: readonly Member[] = ['A', 'B', 'X', 'Y', 'U', 'admin', 'staff'];

let bed: ApiTestBed;
let world: World;
let url: string;
/** Every socket each person opened (a tracking screen is a second one), for searching all they were told. */
const socketsOf = new Map<Member, LiveClient[]>();
const ids = { ride: '', othersRide: '', biddingRide: '', yBid: '', xBid: '' };
/** The number A's MTN wallet is saved under: the platform asks it when A's MoMo ride completes. */
const A_WALLET = '0961234567';

async function call(who: Person, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object, status = 200) {
  const response = await bed.app.inject({ method, url: path, headers: who.headers, ...(payload ? { payload } : {}) });
  if (response.statusCode !== status) throw new Error(`${who.role} ${method} ${path} answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

async function openAs(person: Person, rideId?: string): Promise<{ client: LiveClient; reply: Received }> {
  const client = await LiveClient.open(url, person.cookie);
  const list = socketsOf.get(person.role) ?? [];
  socketsOf.set(person.role, [...list, client]);
  return { client, reply: await client.join(person.user.id, rideId) };
}

/** Waits (the reactors and the payment collector run on their own) until the ride's payment is in `status`. */
async function paymentReaches(who: Person, rideId: string, status: string): Promise<void> {
  for (let round = 0; round < 200; round++) {
    await settled(bed);
    if ((await call(who, 'GET', `/api/rides/${rideId}/payment`)).payment?.status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the payment of ${rideId} never reached ${status}`);
}

const messagesOf = (member: Member) => (socketsOf.get(member) ?? []).flatMap((client) => client.messages);
const framesOf = (member: Member) => (socketsOf.get(member) ?? []).flatMap((client) => client.frames);
const firstSocketOf = (member: Member) => socketsOf.get(member)![0]!;

beforeAll(async () => {
  bed = await startApiTestBed();
  fixPinDraws(bed, PIN);
  world = await startWorld(bed);
  url = await listen(bed.app);
  const { A, B, X, Y } = world.people;
  for (const member of members) expect((await openAs(world.people[member])).reply.type).toBe('joined');

  const booking = { vehicleType: 'car', pickupLocation: freedomPark, dropoffLocation: copperbeltUniversity, pricingMethod: 'fixed', paymentMethod: 'cash' };
  ids.othersRide = (await call(B, 'POST', '/api/rides', booking, 201)).id;
  await call(A, 'POST', '/api/payments/methods', { provider: 'mtn_money', accountNumber: A_WALLET }, 201);
  ids.ride = (await call(A, 'POST', '/api/rides', { ...booking, paymentMethod: 'mtn_money' }, 201)).id;
  await call(X, 'PATCH', `/api/rides/${ids.ride}`, { status: 'accepted' });
  await settled(bed);
  expect((await call(A, 'GET', `/api/rides/${ids.ride}`)).pin).toMatchObject({ code: PIN });
  bed.clock.advance(1_000);
  await call(X, 'POST', `/api/drivers/${X.user.id}/location`, { lat: -12.803, lng: 28.214 });
  await call(X, 'POST', `/api/rides/${ids.ride}/arrive`);
  await call(X, 'POST', `/api/rides/${ids.ride}/start`, { pin: '0000' }, 409);
  await call(A, 'POST', `/api/rides/${ids.ride}/reissue-pin`);
  await call(X, 'POST', `/api/rides/${ids.ride}/start`, { pin: PIN });
  await call(X, 'POST', `/api/rides/${ids.ride}/complete`, { distanceKm: 3.4, durationMinutes: 11 });
  await call(A, 'POST', `/api/rides/${ids.ride}/rate`, { stars: 5 });
  await call(X, 'POST', `/api/rides/${ids.ride}/rate`, { stars: 4 });
  await settled(bed);

  // The payment of A's ride: asked of A's MTN wallet when the trip completed; A declines it on
  // the sandbox's wallet (the stand-in for the phone), pays in cash instead, and X confirms it.
  // Waited for over HTTP, so the barriers below (later events) cover its live messages too.
  await paymentReaches(A, ids.ride, 'awaitingApproval');
  const request = (await call(A, 'GET', '/api/dev/payments/sandbox')).requests.find((pending: { rideId: string }) => pending.rideId === ids.ride);
  await call(A, 'POST', `/api/dev/payments/sandbox/${request.reference}/decline`, { reason: 'declined' });
  await paymentReaches(A, ids.ride, 'failed');
  await call(A, 'POST', `/api/rides/${ids.ride}/payment`, { method: 'cash' });
  await call(X, 'POST', `/api/rides/${ids.ride}/payment/cash-collected`);
  await settled(bed);

  const bidding = await world.make('openBiddingRide');
  ids.biddingRide = bidding.id;
  const bid = (who: Person) => call(who, 'POST', '/api/bids', { rideId: bidding.id, bidAmount: bidding.quoteNgwee! / 100, estimatedArrival: 4 }, 201);
  ids.yBid = (await bid(Y)).id;
  ids.xBid = (await bid(X)).id;
  await call(A, 'PATCH', `/api/bids/${ids.xBid}`, { status: 'accepted' });
  // The winner opens the trip screen at once, before the other bids are settled.
  expect((await openAs(X, bidding.id)).reply.type).toBe('joined');
  await call(X, 'POST', `/api/rides/${bidding.id}/arrive`);
  await settled(bed);

  // The safety net on that ride: a message, A's SOS, the admin handling the incident it raised,
  // then a message and a recording asked for while the admin handles it.
  await call(A, 'POST', `/api/rides/${bidding.id}/messages`, { text: 'I am at the gate' }, 201);
  await call(A, 'POST', `/api/rides/${bidding.id}/emergency`, { location: null });
  await settled(bed);
  await call(world.people.admin, 'POST', `/api/admin/incidents/${bidding.id}_incident1/acknowledge`, {});
  await call(X, 'POST', `/api/rides/${bidding.id}/messages`, { text: 'Coming round to the gate' }, 201);
  await call(A, 'POST', `/api/rides/${bidding.id}/recording/request`);
  // A position goes to the admins handling the incident as the hub knows them when it arrives (a
  // position just before the hub hears the acknowledgement reaches them with the next ping): the
  // admin hearing the later recording request proves the hub has the acknowledgement.
  await firstSocketOf('admin').waitFor((message) => message.type === 'recording_update' && message.rideId === bidding.id, 'the recording, before the position');
  // X's phone reports where the car is while the admin handles the incident: the queue follows it.
  bed.clock.advance(1_000);
  await call(X, 'POST', `/api/drivers/${X.user.id}/location`, { lat: -12.8031, lng: 28.2141 });
  await settled(bed);

  // Barriers: each socket's own later message proves that everything routed before it arrived.
  const updateOf = (rideId: string) => (message: Received) => message.type === 'ride_update' && message.rideId === rideId && message.event === 'DriverArrived';
  await firstSocketOf('A').waitFor(updateOf(bidding.id), "A's bidding ride, arrived");
  await firstSocketOf('X').waitFor(updateOf(bidding.id), "X's bidding ride, arrived");
  await firstSocketOf('Y').waitFor((message) => message.type === 'bid_update' && message.bidId === ids.yBid, "Y's bid settled");
  await firstSocketOf('B').waitFor((message) => message.type === 'ride_update' && message.rideId === ids.othersRide, "B's own ride");
  await firstSocketOf('admin').waitFor((message) => message.type === 'recording_update' && message.rideId === bidding.id, 'the recording on the ride the admin handles');
  await firstSocketOf('admin').waitFor((message) => message.type === 'location_update' && message.rideId === bidding.id, "X's position on the ride the admin handles");
  // U and staff are sent nothing at all: give stray messages a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 500));
}, 120_000);

afterAll(async () => {
  for (const client of [...socketsOf.values()].flat()) client.close();
  await bed?.close();
});

interface Delivery {
  what: string;
  matches: (message: Received) => boolean;
  receivers: readonly Member[];
}

const rideUpdate = (rideId: () => string, also: (message: Received) => boolean = () => true) => (message: Received) =>
  message.type === 'ride_update' && message.rideId === rideId() && also(message);
const rideMessage = (text: string) => (message: Received) =>
  message.type === 'ride_message' && (message.message as { text?: string } | null)?.text === text;
const paymentOfRide = (status: string, also: (message: Received) => boolean = () => true) => (message: Received) =>
  message.type === 'payment_update' && message.rideId === ids.ride && message.status === status && also(message);
const bidMessage = (type: string, bidId: () => string) => (message: Received) => message.type === type && message.bidId === bidId();

/** Who hears what. Every other member must never receive it. */
const deliveries: Delivery[] = [
  { what: "updates on A's ride", matches: rideUpdate(() => ids.ride), receivers: ['A', 'X'] },
  { what: "A's ride being booked (before any driver is on it)", matches: rideUpdate(() => ids.ride, (m) => m.event === 'RideRequested'), receivers: ['A'] },
  { what: "the notice that A's PIN was issued", matches: rideUpdate(() => ids.ride, (m) => m.pinIssued === true), receivers: ['A'] },
  { what: "A's ride offered to drivers (new_ride)", matches: (m) => m.type === 'new_ride' && m.rideId === ids.ride, receivers: ['X', 'Y'] },
  { what: "X's position while driving A", matches: (m) => m.type === 'location_update' && m.rideId === ids.ride, receivers: ['A'] },
  // X too: X's trip screen follows the ride (joined with its rideId).
  { what: "X's position on A's bidding ride while the admin handles its incident", matches: (m) => m.type === 'location_update' && m.rideId === ids.biddingRide, receivers: ['A', 'X', 'admin'] },
  { what: "updates on B's ride", matches: rideUpdate(() => ids.othersRide), receivers: ['B'] },
  { what: "Y's bid on A's bidding ride", matches: bidMessage('new_bid', () => ids.yBid), receivers: ['A', 'Y'] },
  { what: "X's bid on A's bidding ride", matches: bidMessage('new_bid', () => ids.xBid), receivers: ['A', 'X'] },
  { what: "Y's bid being rejected", matches: bidMessage('bid_update', () => ids.yBid), receivers: ['A', 'Y'] },
  { what: "X's bid being accepted", matches: bidMessage('bid_update', () => ids.xBid), receivers: ['A', 'X'] },
  { what: "updates on A's bidding ride once X has it", matches: rideUpdate(() => ids.biddingRide, (m) => m.status !== 'pending'), receivers: ['A', 'X'] },
  { what: "A's message to X, before anyone handles an incident on the ride", matches: rideMessage('I am at the gate'), receivers: ['A', 'X'] },
  { what: "the incident A's SOS raised (incident_alert)", matches: (m) => m.type === 'incident_alert' && m.rideId === ids.biddingRide, receivers: ['admin'] },
  { what: "X's message once the admin handles the incident", matches: rideMessage('Coming round to the gate'), receivers: ['A', 'X', 'admin'] },
  { what: 'the recording asked for on the ride (recording_update)', matches: (m) => m.type === 'recording_update' && m.rideId === ids.biddingRide, receivers: ['A', 'X', 'admin'] },
  { what: "A's ride's payment asked of A's MTN wallet (payment_update requested)", matches: paymentOfRide('requested', (m) => m.method === 'mtn_money' && m.attempt === 1), receivers: ['A', 'X'] },
  { what: 'the MoMo request awaiting approval on the phone (payment_update awaitingApproval)', matches: paymentOfRide('awaitingApproval'), receivers: ['A', 'X'] },
  { what: 'the MoMo request declined (payment_update failed, declined)', matches: paymentOfRide('failed', (m) => m.failureReason === 'declined' && m.event === 'PaymentFailed'), receivers: ['A', 'X'] },
  { what: 'A choosing cash instead (payment_update requested, cash)', matches: paymentOfRide('requested', (m) => m.method === 'cash' && m.attempt === 2), receivers: ['A', 'X'] },
  { what: 'X confirming the cash (payment_update succeeded)', matches: paymentOfRide('succeeded', (m) => m.event === 'CashCollected'), receivers: ['A', 'X'] },
];

for (const { what, matches, receivers } of deliveries) {
  describe(what, () => {
    for (const member of members) {
      const receives = receivers.includes(member);
      it(`${member} ${receives ? 'receives it' : 'never receives it'}`, () => {
        const received = messagesOf(member).filter(matches);
        if (receives) expect(received.length, `${roleNames[member]} should have received it`).toBeGreaterThan(0);
        else expect(received, `${roleNames[member]} must never receive it`).toEqual([]);
      });
    }
  });
}

describe('the PIN never travels over the live channel', () => {
  it.each(members)('%s: no frame holds the PIN, and no field but pinLocked speaks of one', (member) => {
    expect(framesOf(member).length).toBeGreaterThan(0);
    expect(framesOf(member).filter((frame) => withoutIdsAndInstants(frame).includes(PIN))).toEqual([]);
    const pinFields = messagesOf(member).flatMap((message) => Object.keys(message).filter((key) => /pin/i.test(key) && !['pinLocked', 'pinIssued'].includes(key)));
    expect(pinFields).toEqual([]);
  });

  it.each(['X', 'Y', 'U'] as const)('driver %s is never told that a PIN was issued', (member) => {
    expect(messagesOf(member).filter((message) => message.pinIssued !== undefined)).toEqual([]);
  });
});

describe("a passenger never receives another's ride", () => {
  it("B hears nothing of A's rides, A nothing of B's", () => {
    const mentions = (member: Member, rideIds: string[]) => framesOf(member).filter((frame) => rideIds.some((rideId) => frame.includes(rideId)));
    expect(mentions('B', [ids.ride, ids.biddingRide])).toEqual([]);
    expect(mentions('A', [ids.othersRide])).toEqual([]);
  });
});

describe("nobody but A's ride's rider and driver hears of its payment", () => {
  it.each(members.filter((member) => member !== 'A' && member !== 'X'))('%s: no payment_update frame at all', (member) => {
    expect(framesOf(member).length).toBeGreaterThan(0);
    expect(messagesOf(member).filter((message) => message.type === 'payment_update')).toEqual([]);
  });

  it('A and X hear each step in order, and no frame carries the number A was asked on', () => {
    for (const member of ['A', 'X'] as const) {
      const steps = firstSocketOf(member).ofType('payment_update', ids.ride).map((message) => `${message.status}:${message.method}`);
      expect(steps).toEqual(['requested:mtn_money', 'awaitingApproval:mtn_money', 'failed:mtn_money', 'requested:cash', 'succeeded:cash']);
      expect(framesOf(member).filter((frame) => withoutIdsAndInstants(frame).includes(A_WALLET.slice(3)))).toEqual([]);
    }
  });
});

describe("following A's ride (join with its rideId)", () => {
  const mayFollow: Record<Member, boolean> = { A: true, B: false, X: true, Y: false, U: false, admin: true, staff: false };
  it.each(members)('%s', async (member) => {
    const { reply } = await openAs(world.people[member], ids.ride);
    if (mayFollow[member]) expect(reply).toMatchObject({ type: 'joined', rideId: ids.ride });
    else expect(reply).toMatchObject({ type: 'error', code: 'forbidden', field: 'rideId' });
  });

  it('joining as someone else is refused and the socket closed (4403)', async () => {
    const client = await LiveClient.open(url, world.people.B.cookie);
    expect(await client.join(world.people.A.user.id, ids.ride)).toMatchObject({ type: 'error', code: 'wrong_user' });
    expect((await client.closed).code).toBe(4403);
  });

  it('a visitor is closed at once (4401); a sign-in still waiting for its second factor too (4403)', async () => {
    expect((await (await LiveClient.open(url)).closed).code).toBe(4401);
    const { A } = world.people;
    const login = await bed.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: A.email, password: A.password } });
    expect((await (await LiveClient.open(url, sessionCookieFrom(login))).closed).code).toBe(4403);
  });
});
