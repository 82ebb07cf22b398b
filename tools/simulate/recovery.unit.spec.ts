import { describe, expect, it } from 'vitest';
import { knownPlaces } from '../../domain/catalogue/index.js';
import { demoDrivers, simulatedRiders } from '../demo/roster.js';
import { ApiError, answerLost, type Answer, type Session } from './client.js';
import { DriverAgent } from './driverAgent.js';
import type { SimulationOptions } from './options.js';
import { seededRandom } from './random.js';
import { RiderAgent } from './riderAgent.js';
import { metresBetween } from './roads.js';
import { World, type RideAnswer } from './world.js';

/**
 * The simulated people when an answer is lost (a timeout, a reset connection, a server killed
 * between the append and the answer): they send the same request again with the same
 * Idempotency-Key, or read the state back, never assume; and riders give up on a driver that
 * never comes, as people do. A fake server stands behind a fake session: each test says what
 * it answers, and every request is recorded with its key.
 */

interface Sent {
  method: string;
  path: string;
  body: unknown;
  key: string | undefined;
}

type Handler = (sent: Sent) => Answer | 'lost';

function fakeSession(handle: Handler) {
  const sent: Sent[] = [];
  const call = async (method: string, path: string, body?: unknown, key?: string): Promise<Answer> => {
    const request = { method, path, body, key };
    sent.push(request);
    if (method === 'POST' && path === '/api/fares/quote') return { status: 200, body: { totalNgwee: 4000, bounds: { floorNgwee: 3000, ceilingNgwee: 8000 } } };
    if (method === 'GET' && path.startsWith('/api/bids/ride/')) return { status: 200, body: { bids: [] } };
    const answer = handle(request);
    if (answer === 'lost') throw new TypeError('fetch failed: other side closed');
    return answer;
  };
  const session = {
    userId: 'user-driver-1',
    call,
    async expect(method: string, path: string, body?: unknown, key?: string) {
      const answer = await call(method, path, body, key);
      if (answer.status < 200 || answer.status >= 300) throw new ApiError(method, path, answer.status, answer.body);
      return answer.body;
    },
  };
  return { session: session as unknown as Session, sent };
}

function world(tickMs = 1_000, longStops = 0): World {
  const options: SimulationOptions = { baseUrl: new URL('http://127.0.0.1:1'), rides: undefined, tickMs, stepMetres: 200, riders: 1, seed: 7, timeoutMs: 1_000, longStops };
  return new World(options, seededRandom(7), () => {});
}

const kitwe = knownPlaces.filter((place) => place.cityId === 'kitwe');
function rideAnswer(overrides: Partial<RideAnswer> = {}): RideAnswer {
  const at = (index: number) => ({ address: kitwe[index]!.name, ...kitwe[index]!.coordinates });
  return {
    id: 'ride-1',
    status: 'pending',
    pricingMethod: 'fixed',
    vehicleType: 'car',
    city: 'kitwe',
    pickupLocation: at(0),
    dropoffLocation: at(1),
    quote: { total: 40, floor: 30, ceiling: 80 },
    offeredFare: null,
    agreedFare: 40,
    finalFare: null,
    acceptedBidId: null,
    driver: null,
    pin: null,
    ...overrides,
  } as unknown as RideAnswer;
}

const rider = () => simulatedRiders().find((profile) => profile.town === 'kitwe')!;
const driver = () => demoDrivers.find((profile) => profile.town === 'kitwe' && profile.vehicleType === 'car')!;

describe('a lost answer', () => {
  it('is any failure without an answer or a 5xx, never a refusal (4xx)', () => {
    expect(answerLost(new TypeError('fetch failed'))).toBe(true);
    expect(answerLost(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe(true);
    expect(answerLost(new ApiError('POST', '/api/rides', 503, { code: 'database_unavailable' }))).toBe(true);
    expect(answerLost(new ApiError('POST', '/api/rides', 409, { code: 'invalid_state' }))).toBe(false);
    expect(answerLost(new ApiError('POST', '/api/rides', 422, { code: 'idempotency_key_reused' }))).toBe(false);
  });
});

describe('a rider whose booking is not answered', () => {
  it('sends the very same booking again with the same Idempotency-Key on the next steps, and goes on once it is answered', async () => {
    const here = world();
    let bookings = 0;
    const { session, sent } = fakeSession(({ method, path }) => {
      if (method === 'POST' && path === '/api/rides') {
        bookings += 1;
        // The first two are lost (the server killed between the append and the answer, then still restarting).
        return bookings <= 2 ? 'lost' : { status: 201, body: rideAnswer() };
      }
      if (method === 'GET' && path === '/api/rides/ride-1') return { status: 200, body: rideAnswer() };
      return { status: 404, body: {} };
    });
    // Index 1: the first booking is a fixed-price one.
    const agent = new RiderAgent(rider(), session, here, 1);
    for (let tick = 1; tick <= 4; tick++) {
      here.tick = tick;
      await agent.step();
    }

    const posts = sent.filter((request) => request.method === 'POST' && request.path === '/api/rides');
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((post) => post.key)).size).toBe(1);
    expect(posts[0]!.key).toMatch(/^sim-/);
    expect(posts[1]!.body).toEqual(posts[0]!.body);
    expect(posts[2]!.body).toEqual(posts[0]!.body);
    // Answered: the rider now follows the ride (reads it), and books nothing more.
    expect(sent.at(-1)).toMatchObject({ method: 'GET', path: '/api/rides/ride-1' });
  });

  it('gives the booking up when it is refused (4xx), and books afresh later with a new key', async () => {
    const here = world();
    const { session, sent } = fakeSession(({ method, path }) =>
      method === 'POST' && path === '/api/rides' ? { status: 409, body: { code: 'ride_already_open' } } : { status: 404, body: {} },
    );
    const agent = new RiderAgent(rider(), session, here, 1);
    for (let tick = 1; tick <= 20; tick++) {
      here.tick = tick;
      await agent.step();
    }
    const keys = sent.filter((request) => request.path === '/api/rides').map((request) => request.key);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('a rider waiting for a driver', () => {
  async function waitFor(status: RideAnswer['status'], ticks: number) {
    const here = world(1_000);
    const { session, sent } = fakeSession(({ method, path }) => {
      if (method === 'POST' && path === '/api/rides') return { status: 201, body: rideAnswer() };
      if (method === 'GET' && path === '/api/rides/ride-1') return { status: 200, body: rideAnswer({ status }) };
      if (method === 'POST' && path === '/api/rides/ride-1/cancel') return { status: 200, body: rideAnswer({ status: 'cancelled' }) };
      return { status: 404, body: {} };
    });
    const agent = new RiderAgent(rider(), session, here, 1);
    for (let tick = 1; tick <= ticks; tick++) {
      here.tick = tick;
      await agent.step();
    }
    return sent.filter((request) => request.path === '/api/rides/ride-1/cancel');
  }

  it('cancels after two minutes with no driver, once, with an Idempotency-Key', async () => {
    expect(await waitFor('pending', 100)).toEqual([]);
    const cancels = await waitFor('pending', 130);
    expect(cancels).toHaveLength(1);
    expect(cancels[0]).toMatchObject({ method: 'POST', body: { reason: 'No driver came in time' }, key: 'sim-cancel-ride-1' });
  });

  it('cancels when the assigned driver has not come within ten minutes', async () => {
    expect(await waitFor('accepted', 500)).toEqual([]);
    const cancels = await waitFor('accepted', 620);
    expect(cancels).toHaveLength(1);
    expect(cancels[0]).toMatchObject({ body: { reason: 'The driver did not come' }, key: 'sim-cancel-ride-1' });
  });
});

describe('a driver whose accept is not answered', () => {
  it('sends the accept again with the same key until answered, then drives to the pickup', async () => {
    const here = world();
    let accepts = 0;
    const pending = rideAnswer();
    const { session, sent } = fakeSession(({ method, path }) => {
      if (method === 'GET' && path === '/api/rides/pending/car') return { status: 200, body: { rides: [{ ...pending, pickupDistanceKm: 1 }] } };
      if (method === 'PATCH' && path === '/api/rides/ride-1') {
        accepts += 1;
        if (accepts === 1) return 'lost';
        if (accepts === 2) return { status: 503, body: { code: 'database_unavailable' } };
        return { status: 200, body: rideAnswer({ status: 'accepted' }) };
      }
      if (method === 'GET' && path === '/api/rides/ride-1') return { status: 200, body: rideAnswer({ status: 'accepted' }) };
      if (method === 'POST' && path.endsWith('/location')) return { status: 200, body: {} };
      return { status: 404, body: {} };
    });
    const agent = new DriverAgent(driver(), session, here, 0);
    for (let tick = 1; tick <= 6; tick++) {
      here.tick = tick;
      await agent.step();
    }
    const patches = sent.filter((request) => request.method === 'PATCH');
    expect(patches).toHaveLength(3);
    expect(patches.map((patch) => patch.key)).toEqual(['sim-accept-ride-1', 'sim-accept-ride-1', 'sim-accept-ride-1']);
    // Answered on the third: the driver drives to the pickup (position reports, a look at the ride) and looks for no other ride.
    const after = sent.slice(sent.indexOf(patches[2]!) + 1);
    expect(after.filter((request) => request.path.endsWith('/location')).length).toBeGreaterThanOrEqual(2);
    expect(after.every((request) => request.path.endsWith('/location') || request.path === '/api/rides/ride-1')).toBe(true);
    expect(sent.filter((request) => request.path === '/api/rides/pending/car')).toHaveLength(1);
  });
});

describe('a driver after a failed step', () => {
  it('reads back the ride the server says it holds and takes it up, instead of cruising as if free', async () => {
    const here = world();
    const { session, sent } = fakeSession(({ method, path }) => {
      if (method === 'GET' && path === '/api/drivers/user/user-driver-1') return { status: 200, body: { engagedRideId: 'ride-1' } };
      if (method === 'GET' && path === '/api/rides/ride-1') return { status: 200, body: rideAnswer({ status: 'arrived' }) };
      if (method === 'POST' && path.endsWith('/location')) return { status: 200, body: {} };
      return { status: 404, body: {} };
    });
    const agent = new DriverAgent(driver(), session, here, 0);
    await agent.recover();
    // At the pickup (the server says arrived): the next steps wait for the PIN rather than look for rides.
    for (let tick = 1; tick <= 4; tick++) {
      here.tick = tick;
      await agent.step();
    }
    expect(sent.filter((request) => request.path.startsWith('/api/rides/pending'))).toEqual([]);
    here.pins.set('ride-1', '1234');
    here.tick = 5;
    await agent.step().catch(() => undefined);
    expect(sent.at(-1)).toMatchObject({ method: 'POST', path: '/api/rides/ride-1/start', body: { pin: '1234' }, key: 'sim-start-ride-1' });
  });
});

describe('a long stop mid-trip (--long-stops), for the ride checks', () => {
  it('the driver stands still, reporting the same position, for a minute past the unexpected-stop threshold, clear of the pickup and dropoff, then drives on', async () => {
    const here = world(60_000, 1); // a tick a minute: the stop lasts 6 ticks
    const start = driver().start;
    const far = kitwe.filter((place) => metresBetween(start, place.coordinates) > 1_500);
    const trip = rideAnswer({
      status: 'in_progress',
      pickupLocation: { address: far[0]!.name, ...far[0]!.coordinates },
      dropoffLocation: { address: far[1]!.name, ...far[1]!.coordinates },
    });
    const { session, sent } = fakeSession(({ method, path }) => {
      if (method === 'GET' && path === '/api/drivers/user/user-driver-1') return { status: 200, body: { engagedRideId: 'ride-1' } };
      if (method === 'GET' && path === '/api/rides/ride-1') return { status: 200, body: trip };
      if (method === 'POST' && path.endsWith('/location')) return { status: 200, body: {} };
      return { status: 404, body: {} };
    });
    const agent = new DriverAgent(driver(), session, here, 0);
    await agent.recover(); // the trip under way, taken up where it stands
    for (let tick = 1; tick <= 9; tick++) {
      here.tick = tick;
      await agent.step();
    }
    const positions = sent.filter((request) => request.path.endsWith('/location')).map((request) => request.body as { lat: number; lng: number });
    expect(positions).toHaveLength(9);
    const stood = positions.slice(0, 6);
    expect(new Set(stood.map(({ lat, lng }) => `${lat},${lng}`)).size).toBe(1);
    for (const place of [trip.pickupLocation, trip.dropoffLocation]) expect(metresBetween(stood[0]!, place)).toBeGreaterThan(400);
    // Then on again: the next positions move along the road.
    expect(metresBetween(positions[8]!, stood[0]!)).toBeGreaterThan(100);
    expect(sent.some((request) => request.path.endsWith('/complete'))).toBe(false);
  });

  it('never happens with --long-stops 0', async () => {
    const here = world(60_000, 0);
    const start = driver().start;
    const far = kitwe.filter((place) => metresBetween(start, place.coordinates) > 1_500);
    const trip = rideAnswer({ status: 'in_progress', pickupLocation: { address: far[0]!.name, ...far[0]!.coordinates }, dropoffLocation: { address: far[1]!.name, ...far[1]!.coordinates } });
    const { session, sent } = fakeSession(({ method, path }) => {
      if (method === 'GET' && path === '/api/drivers/user/user-driver-1') return { status: 200, body: { engagedRideId: 'ride-1' } };
      if (method === 'GET' && path === '/api/rides/ride-1') return { status: 200, body: trip };
      if (method === 'POST' && path.endsWith('/location')) return { status: 200, body: {} };
      return { status: 404, body: {} };
    });
    const agent = new DriverAgent(driver(), session, here, 0);
    await agent.recover();
    for (let tick = 1; tick <= 3; tick++) {
      here.tick = tick;
      await agent.step();
    }
    const positions = sent.filter((request) => request.path.endsWith('/location')).map((request) => request.body as { lat: number; lng: number });
    expect(new Set(positions.map(({ lat, lng }) => `${lat},${lng}`)).size).toBe(3);
  });
});

describe('a rider asked if all is well', () => {
  it('answers each ride check of the trip under way, once, with its own key, and never with "need help"', async () => {
    const here = world(1_000);
    let answered = false;
    const { session, sent } = fakeSession(({ method, path }) => {
      if (method === 'POST' && path === '/api/rides') return { status: 201, body: rideAnswer() };
      if (method === 'GET' && path === '/api/rides/ride-1') return { status: 200, body: rideAnswer({ status: 'in_progress' }) };
      if (method === 'GET' && path === '/api/rides/ride-1/checks') {
        return { status: 200, body: { checks: answered ? [] : [{ checkId: 'ride-1_check1', reason: 'unexpected_stop', raisedAt: '2026-11-27T03:00:00Z', answerDueBy: '2026-11-27T03:02:00Z' }] } };
      }
      if (method === 'POST' && path === '/api/rides/ride-1/checks/ride-1_check1/answer') {
        answered = true;
        return { status: 200, body: {} };
      }
      return { status: 404, body: {} };
    });
    // Booked, then the trip under way (the driver came and started it).
    const agent = new RiderAgent(rider(), session, here, 1);
    for (let tick = 1; tick <= 30; tick++) {
      here.tick = tick;
      await agent.step();
    }
    const answers = sent.filter((request) => request.path.endsWith('/answer'));
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ method: 'POST', key: 'sim-check-ride-1_check1' });
    expect(['safe', 'minor_issue']).toContain((answers[0]!.body as { answer: string }).answer);
    expect(sent.filter((request) => request.path === '/api/rides/ride-1/checks').length).toBeGreaterThanOrEqual(2);
  });
});
