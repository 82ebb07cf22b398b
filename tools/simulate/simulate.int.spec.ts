import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SignedIn } from '../../tests/support/accounts.js';
import { bidsForRide } from '../../projections/bidsByRide/index.js';
import { rideById } from '../../projections/rides/index.js';
import { startApiTestBed, type ApiTestBed } from '../../tests/support/apiTestBed.js';
import { demoDrivers } from '../demo/roster.js';
import { seedDemoData } from '../demo/seed.js';
import { runSimulation } from './simulation.js';

/**
 * `npm run simulate` against a real listening server (the whole API on a database of its own,
 * seeded with the demo data): two rides from booking to both ratings, through HTTP only.
 */

let bed: ApiTestBed;
let url: URL;
let admin: SignedIn;
beforeAll(async () => {
  bed = await startApiTestBed();
  await seedDemoData({ accounts: { db: bed.db, clock: bed.clock }, commands: bed.commands, logger: pino({ level: 'silent' }) });
  await bed.settle();
  await bed.app.listen({ port: 0, host: '127.0.0.1' });
  url = new URL(`http://127.0.0.1:${(bed.app.server.address() as AddressInfo).port}`);
  admin = await bed.signIn('admin');
}, 60_000);

/** What the admin dashboard and analytics screens read, through the same routes they call. */
async function adminFigures() {
  const read = async (path: string) => {
    const response = await bed.app.inject({ method: 'GET', url: path, headers: admin.headers });
    expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    return response.json();
  };
  const [dashboard, activity, analytics] = await Promise.all([
    read('/api/admin/dashboard-stats'),
    read('/api/admin/activity?limit=50'),
    read('/api/admin/analytics'),
  ]);
  const sum = (lines: Array<Record<string, number>>, field: string) => lines.reduce((total, line) => total + line[field]!, 0);
  return {
    completedRides: dashboard.completedRides as number,
    revenueNgwee: dashboard.totalRevenueNgwee as number,
    activityIds: (activity.activity as Array<{ id: string }>).map((entry) => entry.id),
    requested: sum(analytics.ridesPerDay, 'requested'),
    completed: sum(analytics.ridesPerDay, 'completed'),
    revenueDays: analytics.revenue.length as number,
    demandRequests: sum(analytics.demand, 'requests'),
  };
}
afterAll(() => bed.close());

it('drives two rides to completed, rated and paid, one of them through bids, and leaves everyone tidy; the admin screens move on their own', async () => {
  const before = await adminFigures();
  const lines: string[] = [];
  const summary = await runSimulation(
    { baseUrl: url, rides: 2, tickMs: 100, stepMetres: 3_000, riders: 2, seed: 20261201, timeoutMs: 10_000, longStops: 0 },
    // The bed's clock is fake: the authenticator codes must be those of the server's time.
    { write: (line) => { lines.push(line); if (process.env.SIM_DEBUG) console.log(line); }, now: () => bed.clock.now() },
  );
  const log = lines.join('\n');

  expect(summary.finished.length, log).toBeGreaterThanOrEqual(2);
  await bed.settle();
  for (const finished of summary.finished) {
    const ride = await rideById(bed.db, finished.rideId);
    expect(ride, finished.rideId).toMatchObject({ status: 'completed', rider_rating_given: expect.any(Number), driver_rating_given: expect.any(Number) });
    expect(log).toContain(`${finished.rideId}  `);
  }
  const throughBids = summary.finished.filter((ride) => ride.pricingMethod === 'bidding');
  expect(throughBids.length, log).toBeGreaterThanOrEqual(1);
  for (const { rideId, acceptedBidId } of throughBids) {
    const bids = await bidsForRide(bed.db, rideId);
    expect(bids.find((bid) => bid.bid_id === acceptedBidId)?.status, log).toBe('accepted');
    expect(log).toMatch(new RegExp(`${rideId}.*bid K`));
    expect(log).toMatch(new RegExp(`${rideId}.*accepted .*bid of K`));
  }
  for (const step of ['requested ', 'arrived at', 'started the trip', 'completed at', 'rated the driver']) expect(log).toContain(step);
  // Every finished ride was paid: mobile money approved on the sandbox wallet, or cash the driver confirmed.
  for (const { rideId } of summary.finished) {
    const payment = await bed.app.inject({ method: 'GET', url: `/api/rides/${rideId}/payment`, headers: admin.headers });
    expect(payment.json().payment, `${rideId}\n${log}`).toMatchObject({ status: 'succeeded' });
    expect(log).toMatch(new RegExp(`${rideId}.*paid K`));
  }

  // On leaving, nothing is left half done: no ride waits or runs, every demo driver is offline.
  const open = await bed.db.selectFrom('rm_rides').select(['ride_id', 'status']).where('status', 'in', ['pending', 'accepted', 'arrived', 'in_progress']).execute();
  expect(open, log).toEqual([]);
  const online = await bed.db.selectFrom('rm_driver_profiles').select('driver_id').where('online', '=', true).execute();
  expect(online).toEqual([]);
  expect(log.match(/ online at /g)).toHaveLength(demoDrivers.length);

  // Nobody touched the admin screens: the dashboard, its activity list and analytics moved anyway.
  const after = await adminFigures();
  const rides = summary.finished.length;
  expect(after.completedRides - before.completedRides).toBe(rides);
  expect(after.revenueNgwee).toBeGreaterThan(before.revenueNgwee);
  const newActivity = after.activityIds.filter((id) => !before.activityIds.includes(id));
  expect(newActivity.length).toBeGreaterThanOrEqual(rides);
  expect(after.requested - before.requested).toBeGreaterThanOrEqual(rides);
  expect(after.completed - before.completed).toBe(rides);
  expect(after.revenueDays).toBeGreaterThan(0);
  expect(after.demandRequests - before.demandRequests).toBeGreaterThanOrEqual(rides);
}, 60_000);
