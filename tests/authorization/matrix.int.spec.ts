import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixPinDraws, settled, withoutIdsAndInstants } from '../journeys/kit.js';
import { startApiTestBed, type ApiTestBed } from '../support/apiTestBed.js';
import { roleNames, roles, startWorld, type Resource, type Role, type World } from '../support/authorizationWorld.js';
import { stateDigest } from '../support/stateDigest.js';
import { isSuccess, keyOf, notInTable, table, urlOf, type Expected, type RouteRow } from './matrix.js';

/**
 * One test per cell of the authorization table (matrix.ts): every route × every kind of caller.
 * Allowed writes must succeed; every refusal must be the status the table names, carry
 * `{ message, code }`, and leave the event store, the read models and the API's tables as they were. Rows whose success changes their
 * resource for good run last, refusals first, each later success on a resource of its own.
 */

/** Every PIN the write side draws is this one, so finding it in an answer can only be a leak. */
const PIN = '9731';
const RIDE_KINDS = new Set(['acceptedRide', 'pendingRide', 'openBiddingRide', 'biddingRide', 'arrivedRide', 'startedRide', 'completedRide']);
/** Answers that concern rides: none but the rider's may hold the PIN. */
const RIDE_PATHS = /^\/api\/(rides|bids|drivers|admin\/rides)/;

let bed: ApiTestBed;
let world: World;

beforeAll(async () => {
  bed = await startApiTestBed();
  fixPinDraws(bed, PIN);
  world = await startWorld(bed);
  // X bids before taking the shared ride: an engaged driver may not bid.
  await world.shared('biddingRide');
  await world.shared('acceptedRide');
  await settled(bed);
}, 120_000);

afterAll(async () => {
  const cells = table.length * roles.length;
  console.info(`authorization matrix: ${table.length} routes × ${roles.length} callers = ${cells} cells`);
  await bed?.close();
});

const matches = (status: number, expected: Expected) =>
  expected === '2xx' ? status >= 200 && status < 300 : expected === '4xx' ? status >= 400 && status < 500 : status === expected;

function summary(response: { statusCode: number; body: string; json: () => unknown }): string {
  if (response.statusCode < 400) return String(response.statusCode);
  try {
    const { code, message } = response.json() as { code?: string; message?: string };
    return `${response.statusCode} ${code}: ${message}`;
  } catch {
    return `${response.statusCode} (not JSON) ${response.body.slice(0, 200)}`;
  }
}

it('has a row for every route the API serves, and no row for a route it does not', async () => {
  await bed.app.ready();
  const paths = (bed.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  const served = Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => keyOf({ method: method.toUpperCase(), path: path.replace(/\{(\w+)\}/g, ':$1') })),
  );
  const inTable = table.map(keyOf);
  expect(served.filter((key) => !inTable.includes(key) && !(key in notInTable))).toEqual([]);
  expect(inTable.filter((key) => !served.includes(key))).toEqual([]);
  expect(new Set(inTable).size).toBe(inTable.length);
});

it("the PIN check can fail: the rider's own answer carries the PIN", async () => {
  const ride = await world.shared('acceptedRide');
  const response = await bed.app.inject({ method: 'GET', url: `/api/rides/${ride.rideId}`, headers: world.people.A.headers });
  expect(response.json().pin).toMatchObject({ code: PIN, status: 'issued' });
});

it('a stranger cannot tell a real ride or bid from a made-up id', async () => {
  const [ride, bidding] = await Promise.all([world.shared('acceptedRide'), world.shared('biddingRide')]);
  const { B, Y, U } = world.people;
  const probes = [
    { who: B, method: 'POST' as const, url: (id: string) => `/api/rides/${id}/cancel`, real: ride.rideId!, payload: { reason: 'Just looking' } },
    { who: Y, method: 'POST' as const, url: (id: string) => `/api/rides/${id}/arrive`, real: ride.rideId!, payload: undefined },
    { who: Y, method: 'POST' as const, url: (id: string) => `/api/bids/${id}/withdraw`, real: bidding.bidId!, payload: undefined },
    { who: U, method: 'GET' as const, url: (id: string) => `/api/bids/ride/${id}`, real: bidding.rideId!, payload: undefined },
  ];
  const statusFor = async ({ who, method, url, payload }: (typeof probes)[number], id: string) =>
    (await bed.app.inject({ method, url: url(id), headers: who.headers, ...(payload ? { payload } : {}) })).statusCode;
  const telling: string[] = [];
  for (const probe of probes) {
    const [real, madeUp] = [await statusFor(probe, probe.real), await statusFor(probe, `made-up-${probe.real.slice(0, 8)}`)];
    if (real !== madeUp) telling.push(`${probe.method} ${probe.url(':id')} as ${roleNames[probe.who.role]}: ${real} for a real id, ${madeUp} for a made-up one`);
  }
  expect(telling).toEqual([]);
});

describe('rows on shared resources', () => {
  for (const row of table.filter((candidate) => !candidate.fresh)) cellsOf(row);
});

describe('rows whose success changes the resource for good', () => {
  // The shared ride engages X; these rows need X free to take rides of their own.
  beforeAll(() => world.sweep(), 60_000);
  for (const row of table.filter((candidate) => candidate.fresh)) cellsOf(row);
});

function cellsOf(row: RouteRow): void {
  describe(keyOf(row), () => {
    let rowResource: Promise<Resource> | undefined;
    let successes = 0;
    // Refusals first: they must leave the row's resource as it was for the success after them.
    const ordered = row.fresh ? [...roles].sort((a, b) => Number(isSuccess(row.expect[a])) - Number(isSuccess(row.expect[b]))) : roles;

    async function resourceFor(expected: Expected): Promise<Resource> {
      if (!row.uses) return { id: '' };
      if (!row.fresh) return world.shared(row.uses);
      if (isSuccess(expected) && successes++ > 0) return world.make(row.uses);
      rowResource ??= world.make(row.uses);
      return rowResource;
    }

    for (const role of ordered) {
      const expected = row.expect[role];
      it(`${roleNames[role]} → ${expected}`, async () => {
        try {
          await checkCell(row, role, expected, await resourceFor(expected));
        } finally {
          if (row.fresh && isSuccess(expected) && row.uses && RIDE_KINDS.has(row.uses)) await world.sweep();
        }
      });
    }
  });
}

async function checkCell(row: RouteRow, role: Role, expected: Expected, res: Resource): Promise<void> {
  const who = role === 'anon' ? undefined : world.people[role];
  const parts = row.request({ world, res, who });
  const cookie = who ? (row.spareSession ? (await world.spareSession(who)).cookie : who.cookie) : undefined;
  const refusedWrite = row.method !== 'GET' && !isSuccess(expected);
  if (refusedWrite) await settled(bed);
  // Sign-in refusals count attempts (rate limits) by design: there, only the events must stay put.
  const fingerprint = () => (row.path.startsWith('/api/auth/') ? world.eventCount() : stateDigest(bed.db));
  const before = refusedWrite ? await fingerprint() : undefined;

  const response = await bed.app.inject({
    method: row.method,
    url: urlOf(row.path, parts),
    headers: { ...(cookie ? { cookie } : {}), ...(parts.raw ? { 'content-type': parts.raw.contentType } : {}) },
    ...(parts.raw ? { payload: parts.raw.payload } : parts.body === undefined ? {} : { payload: parts.body as object }),
  });

  const cell = `${keyOf(row)} as ${roleNames[role]}`;
  expect(matches(response.statusCode, expected), `${cell}: expected ${expected}, got ${summary(response)}`).toBe(true);
  if (response.statusCode >= 400) {
    expect(response.json(), `${cell}: a refusal names what went wrong`).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  }
  if (refusedWrite) expect(await fingerprint(), `${cell}: a refused request changed what is stored`).toEqual(before);
  if (role !== 'A' && RIDE_PATHS.test(row.path)) {
    expect(withoutIdsAndInstants(response.body).includes(PIN), `${cell}: the answer holds the rider's PIN`).toBe(false);
  }
}
