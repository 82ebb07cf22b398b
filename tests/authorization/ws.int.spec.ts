import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixPinDraws, settled, withoutIdsAndInstants } from '../journeys/kit.js';
import { sessionCookieFrom } from '../support/accounts.js';
import { startApiTestBed, type ApiTestBed } from '../support/apiTestBed.js';
import { copperbeltUniversity, freedomPark, roleNames, startWorld, type Person, type Role, type World } from '../support/authorizationWorld.js';
import { LiveClient, listen, type Received } from '../support/liveTestKit.js';

/**
 * Live delivery checked as the HTTP matrix is: a table of messages × callers, each cell "receives
 * it" or "never receives it", after one scenario played over HTTP by the same cast (A books and
 * rides with X; B books a ride of their own; Y and X bid on A's bidding ride, A takes X's bid).
 * No socket ever carries a PIN, least of all a driver's.
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
  ids.ride = (await call(A, 'POST', '/api/rides', booking, 201)).id;
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

  // Barriers: each socket's own later message proves that everything routed before it arrived.
  const updateOf = (rideId: string) => (message: Received) => message.type === 'ride_update' && message.rideId === rideId && message.event === 'DriverArrived';
  await firstSocketOf('A').waitFor(updateOf(bidding.id), "A's bidding ride, arrived");
  await firstSocketOf('X').waitFor(updateOf(bidding.id), "X's bidding ride, arrived");
  await firstSocketOf('Y').waitFor((message) => message.type === 'bid_update' && message.bidId === ids.yBid, "Y's bid settled");
  await firstSocketOf('B').waitFor((message) => message.type === 'ride_update' && message.rideId === ids.othersRide, "B's own ride");
  // U, the admin and staff are sent nothing at all: give stray messages a moment to arrive.
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
const bidMessage = (type: string, bidId: () => string) => (message: Received) => message.type === type && message.bidId === bidId();

/** Who hears what. Every other member must never receive it. */
const deliveries: Delivery[] = [
  { what: "updates on A's ride", matches: rideUpdate(() => ids.ride), receivers: ['A', 'X'] },
  { what: "A's ride being booked (before any driver is on it)", matches: rideUpdate(() => ids.ride, (m) => m.event === 'RideRequested'), receivers: ['A'] },
  { what: "the notice that A's PIN was issued", matches: rideUpdate(() => ids.ride, (m) => m.pinIssued === true), receivers: ['A'] },
  { what: "A's ride offered to drivers (new_ride)", matches: (m) => m.type === 'new_ride' && m.rideId === ids.ride, receivers: ['X', 'Y'] },
  { what: "X's position while driving A", matches: (m) => m.type === 'location_update' && m.rideId === ids.ride, receivers: ['A'] },
  { what: "updates on B's ride", matches: rideUpdate(() => ids.othersRide), receivers: ['B'] },
  { what: "Y's bid on A's bidding ride", matches: bidMessage('new_bid', () => ids.yBid), receivers: ['A', 'Y'] },
  { what: "X's bid on A's bidding ride", matches: bidMessage('new_bid', () => ids.xBid), receivers: ['A', 'X'] },
  { what: "Y's bid being rejected", matches: bidMessage('bid_update', () => ids.yBid), receivers: ['A', 'Y'] },
  { what: "X's bid being accepted", matches: bidMessage('bid_update', () => ids.xBid), receivers: ['A', 'X'] },
  { what: "updates on A's bidding ride once X has it", matches: rideUpdate(() => ids.biddingRide, (m) => m.status !== 'pending'), receivers: ['A', 'X'] },
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
