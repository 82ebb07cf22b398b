import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { knownPlaces } from '../../domain/catalogue/index.js';
import { findFreePort, startEmbeddedPostgres, type DatabaseServer } from '../../platform/database/server.js';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from '../../tools/demo/roster.js';
import { Session } from '../../tools/simulate/client.js';
import { DemoCodes } from '../../tools/simulate/demoCodes.js';
import { serverProcess, type FaultDatabase, type ServerProcess } from './support/serverProcess.js';

/**
 * PostgreSQL itself stopped and started again under a running server (what a database restart,
 * an upgrade or a failover to the same address does), on an embedded PostgreSQL of this file's
 * own: meanwhile requests answer 503 with a JSON reason and /health says the database is down,
 * the server stays up; afterwards it books again and its read side, which lost its subscription
 * and its LISTEN connection, takes the new booking up without a restart.
 */
let folder: string;
let port: number;
let postgres: DatabaseServer;
let server: ServerProcess;
let rider: Session;

const startPostgres = () => startEmbeddedPostgres({ dataDir: path.join(folder, 'pg'), port, persistent: true });

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'tiyende-restart-'));
  port = await findFreePort();
  postgres = await startPostgres();
  const name = 'tiyende_fault_restart';
  const url = new URL(postgres.adminUrl);
  url.pathname = `/${name}`;
  const database: FaultDatabase = { name, adminUrl: postgres.adminUrl, url: url.toString(), drop: async () => undefined };
  server = await serverProcess(database, { demoData: true });
  await server.start();
  rider = new Session({ baseUrl: new URL(server.url), timeoutMs: 10_000 });
  await rider.signIn(`rider@${DEMO_EMAIL_DOMAIN}`, DEMO_PASSWORD, new DemoCodes(() => new Date()));
}, 240_000);
afterAll(async () => {
  await server?.dispose();
  await postgres?.stop().catch(() => undefined);
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const [pickup, dropoff] = knownPlaces.filter((place) => place.cityId === 'kitwe');
const booking = {
  vehicleType: 'car',
  pickupLocation: { address: pickup!.name, ...pickup!.coordinates },
  dropoffLocation: { address: dropoff!.name, ...dropoff!.coordinates },
  pricingMethod: 'fixed',
  paymentMethod: 'cash',
};

/** The rider's request as the browser sends it, once, with no retry: what the server answers while the database is away. */
const myRides = () => fetch(`${server.url}/api/rides/mine`, { headers: { cookie: rider.cookieHeader! }, signal: AbortSignal.timeout(15_000) });
const health = () => fetch(`${server.url}/health`, { signal: AbortSignal.timeout(15_000) }).then(async (response) => ({ code: response.status, body: (await response.json()) as { status: string } }));

it('PostgreSQL restarted under the server: 503s and "down" meanwhile, never a crash; afterwards it books, and the read side takes the booking up', async () => {
  const before = await rider.expect<{ id: string }>('POST', '/api/rides', booking, randomUUID());
  await rider.expect('POST', `/api/rides/${before.id}/cancel`, { reason: 'Checking the restart' }, randomUUID());

  await postgres.stop();
  const whileDown = await myRides();
  expect(whileDown.status).toBe(503);
  expect(((await whileDown.json()) as { code: string }).code).toMatch(/unavailable/);
  expect(await health()).toMatchObject({ code: 503, body: { status: 'down' } });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(server.running(), server.output().slice(-3000)).toBe(true);

  postgres = await startPostgres();
  const deadline = Date.now() + 60_000;
  let status = await health();
  while (status.code !== 200) {
    expect(Date.now(), `the server did not find its database again: ${JSON.stringify(status.body)}\n${server.output().slice(-3000)}`).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = await health().catch(() => ({ code: 0, body: { status: 'no answer' } }));
  }

  // Booking again (the client retries a 503 while the pool finds its feet, with the same key).
  const after = await rider.expect<{ id: string }>('POST', '/api/rides', booking, randomUUID());
  // The read side picked up where it was: the rides read model lists the new booking.
  const listed = Date.now() + 30_000;
  for (;;) {
    const answer = await rider.call<{ rides: Array<{ id: string }> }>('GET', '/api/rides/mine');
    if (answer.status === 200 && answer.body.rides.some((ride) => ride.id === after.id)) break;
    expect(Date.now(), `the read side did not take the booking up after the restart\n${server.output().slice(-3000)}`).toBeLessThan(listed);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await rider.expect('POST', `/api/rides/${after.id}/cancel`, { reason: 'Checking the restart' }, randomUUID());
  expect(server.running()).toBe(true);
  expect(server.output()).not.toMatch(/uncaught|unhandled/i);
});
