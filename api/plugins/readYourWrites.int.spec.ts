import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projections } from '../../projections/registry.js';
import { ReadPositions } from '../../projections/runner/index.js';
import { comparePositions, parsePosition } from '../../platform/eventStore/port.js';
import { startApiTestBed, type ApiTestBed } from '../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../tests/support/accounts.js';
import { rideRequest } from '../../tests/journeys/kit.js';

let bed: ApiTestBed;
let rider: SignedIn;
// Longer than the app's 2 s: on a loaded machine the read side of the bed may need more to catch up.
const READ_WAIT_MS = 6_000;
beforeAll(async () => {
  bed = await startApiTestBed({ readWaitMs: READ_WAIT_MS });
  rider = await bed.signIn('passenger');
  await bed.settle();
});
afterAll(async () => {
  await bed?.close();
});

const book = () => bed.app.inject({ method: 'POST', url: '/api/rides', headers: rider.headers, payload: rideRequest() });
const mine = (headers: Record<string, string> = {}, query = '') =>
  bed.app.inject({ method: 'GET', url: `/api/rides/mine?limit=100${query}`, headers: { ...rider.headers, ...headers } });
const idsIn = (answer: { json(): unknown }) => (answer.json() as { rides: Array<{ id: string }> }).rides.map((ride) => ride.id);

describe('reading your own writes', () => {
  it('a command answers with the $all position of what it appended, later commands further on', async () => {
    const first = await book();
    const second = await book();
    expect(first.statusCode).toBe(201);
    const [a, b] = [first, second].map((answer) => parsePosition(String(answer.headers['tiyende-position'])));
    expect(comparePositions(b!, a!)).toBeGreaterThan(0);
    // A read appends nothing: no position on its answer.
    expect((await mine()).headers['tiyende-position']).toBeUndefined();
  });

  it('a retry with the same Idempotency-Key, which appends nothing, answers with the position of what the first appended', async () => {
    const headers = { ...rider.headers, 'idempotency-key': `ryw-${Date.now()}` };
    const send = () => bed.app.inject({ method: 'POST', url: '/api/rides', headers, payload: rideRequest() });
    const first = await send();
    await book(); // something else appended in between: the store's newest position is further on
    const retried = await send();
    // 201 the first time; the retry answers 200 with the same ride (nothing new was created).
    expect([first.statusCode, retried.statusCode]).toEqual([201, 200]);
    expect((retried.json() as { id: string }).id).toBe((first.json() as { id: string }).id);
    expect(retried.headers['tiyende-position']).toBeDefined();
    expect(retried.headers['tiyende-position']).toBe(first.headers['tiyende-position']);
  });

  it('a read naming that position right after the write sees it, by header or by query parameter', async () => {
    for (const via of ['header', 'query'] as const) {
      const booked = await book();
      const rideId = (booked.json() as { id: string }).id;
      const position = String(booked.headers['tiyende-position']);
      const read = via === 'header' ? await mine({ 'tiyende-min-position': position }) : await mine({}, `&minPosition=${encodeURIComponent(position)}`);
      expect(read.statusCode, read.body).toBe(200);
      expect(idsIn(read), `${via}: ${booked.statusCode} ${booked.body.slice(0, 300)} / ${read.body.slice(0, 600)}`).toContain(rideId);
      expect(read.headers['tiyende-stale']).toBeUndefined();
    }
  });

  it('waits for the read model, and answers after at most the longest wait saying which read models are still behind', { timeout: 30_000 }, async () => {
    await bed.settle();
    // Hold the rides read model's checkpoint row: its next page cannot commit until we let go.
    const blocker = await bed.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query("SELECT * FROM projection_checkpoints WHERE name = 'rides' FOR UPDATE");
      const booked = await book();
      const rideId = (booked.json() as { id: string }).id;
      const position = String(booked.headers['tiyende-position']);
      const started = Date.now();
      const stale = await mine({ 'tiyende-min-position': position });
      const waited = Date.now() - started;
      expect(stale.statusCode).toBe(200);
      expect(waited).toBeGreaterThanOrEqual(READ_WAIT_MS - 100);
      expect(waited).toBeLessThan(READ_WAIT_MS + 3_000);
      expect(String(stale.headers['tiyende-stale']).split(',')).toContain('rides');
      expect(idsIn(stale)).not.toContain(rideId);

      // Let the page commit while a second read waits: it answers as soon as the read model passes.
      const waiting = mine({ 'tiyende-min-position': position });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await blocker.query('ROLLBACK');
      const fresh = await waiting;
      expect(fresh.headers['tiyende-stale']).toBeUndefined();
      expect(idsIn(fresh)).toContain(rideId);
    } finally {
      await blocker.query('ROLLBACK').catch(() => {});
      blocker.release();
    }
  });

  it('refuses a malformed position with a 400 naming where it came from', async () => {
    const byHeader = await mine({ 'tiyende-min-position': 'yesterday' });
    expect(byHeader.statusCode).toBe(400);
    expect(byHeader.json()).toMatchObject({ code: 'invalid', issues: [{ field: 'tiyende-min-position' }] });
    const byQuery = await mine({}, '&minPosition=12');
    expect(byQuery.statusCode).toBe(400);
    expect(byQuery.json()).toMatchObject({ code: 'invalid', issues: [{ field: 'minPosition' }] });
    const tooLong = await mine({ 'tiyende-min-position': `${'9'.repeat(80)}/1` });
    expect(tooLong.statusCode).toBe(400);
  });

  it('waits only for the read models the route reads: a ride list not for analytics, a list with no read model for none', async () => {
    const admin = await bed.signIn('admin');
    const booked = await book();
    const position = String(booked.headers['tiyende-position']);
    const waitFor = vi.spyOn(ReadPositions.prototype, 'waitFor');
    try {
      const asked = async (url: string, headers: Record<string, string>) => {
        waitFor.mockClear();
        const answer = await bed.app.inject({ method: 'GET', url, headers: { ...headers, 'tiyende-min-position': position } });
        expect(answer.statusCode, answer.body).toBe(200);
        return waitFor.mock.calls.map(([names]) => [...names].sort());
      };
      expect(await asked('/api/rides/mine', rider.headers)).toEqual([['driverProfiles', 'ridePins', 'rides']]);
      expect(await asked('/api/catalogue/vehicles', rider.headers)).toEqual([[]]);
      // The admin's dashboard reads from many, analytics included: it declares nothing and waits for all.
      expect(await asked('/api/admin/dashboard-stats', admin.headers)).toEqual([projections.map((projection) => projection.name).sort()]);
    } finally {
      waitFor.mockRestore();
    }
  });
});
