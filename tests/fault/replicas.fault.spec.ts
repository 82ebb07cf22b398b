import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownPlaces } from '../../domain/catalogue/index.js';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from '../../tools/demo/roster.js';
import { Session } from '../../tools/simulate/client.js';
import { DemoCodes } from '../../tools/simulate/demoCodes.js';
import { compareWithRebuild, storeViolations } from './support/invariants.js';
import { faultDatabase, serverProcess, type FaultDatabase, type ServerProcess } from './support/serverProcess.js';

/**
 * Two app replicas on one database, as docker-compose runs them: sign-in throttles counted once
 * for both, a ws client on either replica hearing every update of a ride handled by the other, a
 * timer that fell due while both were down fired once when both come back at the same moment, and
 * the read models (each projection run by whichever replica holds its lock) equal to a rebuild.
 */
let database: FaultDatabase;
let a: ServerProcess;
let b: ServerProcess;
let pool: pg.Pool;
const sessions: Record<'rider' | 'driver' | 'admin', Session> = {} as never;

beforeAll(async () => {
  database = faultDatabase('replicas');
  a = await serverProcess(database, { demoData: true });
  await a.start();
  b = await serverProcess(database);
  await b.start();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const codes = new DemoCodes(() => new Date());
  const people = [
    ['admin', `admin@${DEMO_EMAIL_DOMAIN}`, a],
    ['rider', `rider@${DEMO_EMAIL_DOMAIN}`, b],
    ['driver', `driver.kitwe.car@${DEMO_EMAIL_DOMAIN}`, a],
  ] as const;
  for (const [who, email, replica] of people) {
    sessions[who] = new Session({ baseUrl: new URL(replica.url), timeoutMs: 10_000 });
    await sessions[who].signIn(email, DEMO_PASSWORD, codes);
  }
}, 180_000);
afterAll(async () => {
  await pool?.end();
  await a?.dispose();
  await b?.dispose();
  await database?.drop();
});

/** The same person's session against the other replica (sessions live in PostgreSQL: either replica knows it). */
function on(replica: ServerProcess, session: Session): Session {
  const other = new Session({ baseUrl: new URL(replica.url), timeoutMs: 10_000 });
  Object.assign(other, { cookie: session.cookieHeader, userId: session.userId });
  return other;
}

async function wrongPassword(replica: ServerProcess): Promise<{ status: number; retryAfter: number }> {
  const response = await fetch(`${replica.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `driver.ndola.car@${DEMO_EMAIL_DOMAIN}`, password: 'not-the-password-1' }),
  });
  await response.arrayBuffer();
  return { status: response.status, retryAfter: Number(response.headers.get('retry-after') ?? 0) };
}

describe('two replicas on one database', () => {
  it('count sign-in failures once: guesses on one replica slow the same guesser on the other', async () => {
    // Fail on A until A makes this client wait two seconds or more…
    for (let attempt = 0; ; attempt++) {
      expect(attempt, 'A never slowed the guesses down').toBeLessThan(12);
      const answer = await wrongPassword(a);
      if (answer.status === 429 && answer.retryAfter >= 2) break;
      if (answer.status === 429) await new Promise((resolve) => setTimeout(resolve, answer.retryAfter * 1000));
      else expect(answer.status).toBe(401);
    }
    // …then B, which has seen none of them itself, makes it wait too.
    const onB = await wrongPassword(b);
    expect(onB.status).toBe(429);
    expect(onB.retryAfter).toBeGreaterThanOrEqual(1);
  });

  it('deliver a ride handled on one replica to ws clients on both; a timer due while both were down fires once', async () => {
    const settings = await sessions.admin.call('PUT', '/api/admin/settings', { bidWindowSeconds: 30 });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const rider = sessions.rider;
    const sockets = await Promise.all([a, b].map((replica) => listen(replica, rider)));

    const [pickup, dropoff] = knownPlaces.filter((place) => place.cityId === 'kitwe');
    const quote = await rider.expect('POST', '/api/fares/quote', { vehicleType: 'car', pickup: pickup!.coordinates, dropoff: dropoff!.coordinates, pricingMethod: 'bidding' });
    const ride = await rider.expect('POST', '/api/rides', {
      vehicleType: 'car',
      pickupLocation: { address: pickup!.name, ...pickup!.coordinates },
      dropoffLocation: { address: dropoff!.name, ...dropoff!.coordinates },
      pricingMethod: 'bidding',
      proposedFare: Math.ceil(quote.totalNgwee / 100),
      paymentMethod: 'cash',
      passengerCount: 1,
    }, 'fault-replicas-ride');
    const driver = sessions.driver;
    await driver.expect('PATCH', `/api/drivers/${driver.userId}/status`, { isOnline: true, location: pickup!.coordinates });
    // The bid goes through B; the driver signed in on A.
    const bid = await on(b, driver).expect('POST', '/api/bids', { rideId: ride.id, bidAmount: ride.quote.ceiling, message: 'Two minutes away', estimatedArrival: 2 }, 'fault-replicas-bid');
    // Whichever replica took the command, the rider hears of the ride and of the bid on both.
    for (const socket of sockets) {
      await socket.waitFor((message) => message.type === 'ride_update' && message.rideId === ride.id, 15_000);
      await socket.waitFor((message) => JSON.stringify(message).includes(bid.id), 15_000);
    }
    const about = (socket: (typeof sockets)[number]) =>
      socket.messages.filter((message) => JSON.stringify(message).includes(ride.id)).map((message) => `${message.type}:${String(message.event ?? message.status ?? '')}`);
    expect(about(sockets[0]!)).toEqual(about(sockets[1]!));

    // Both replicas die before the bid's 30 s run out; both come back after, at the same moment.
    await Promise.all([a.kill(), b.kill()]);
    const expiresAt = Date.parse(bid.expiresAt);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 1_000));
    await Promise.all([a.start(), b.start()]);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { bids } = await rider.expect('GET', `/api/bids/ride/${ride.id}`);
      if (bids[0]?.status === 'expired') break;
      expect(Date.now(), `the bid is still ${bids[0]?.status}`).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const expired = await pool.query(`SELECT count(*)::int AS n FROM es_events WHERE stream_name = $1 AND event_type = 'BidExpired'`, [`bid-${bid.id}`]);
    expect(expired.rows[0].n).toBe(1);
    const timer = await pool.query(`SELECT status, attempts FROM timers WHERE kind = 'bid_expiry' AND payload->>'bidId' = $1`, [bid.id]);
    expect(timer.rows).toEqual([{ status: 'done', attempts: 1 }]);
    for (const socket of sockets) socket.close();
  });

  it('apply every event to the read models once, whichever replica ran them', async () => {
    await Promise.all([a.stop(), b.stop()]);
    const violations = await storeViolations(pool);
    expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((rule) => [rule, []])));
    const comparison = await compareWithRebuild(database.url);
    expect(comparison.differences).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(0);
  });
});

/** A ws client of this person on a replica, keeping every message. */
async function listen(replica: ServerProcess, session: Session) {
  const socket = new WebSocket(`${replica.url.replace('http', 'ws')}/ws`, { headers: { cookie: session.cookieHeader ?? '', origin: replica.url } });
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'join', userId: session.userId }));
  return {
    messages,
    close: () => socket.close(),
    async waitFor(matches: (message: Record<string, unknown>) => boolean, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(matches);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`${replica.url}: no matching ws message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
