import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { startApiTestBed, type ApiTestBed } from '../../tests/support/apiTestBed.js';
import { createTestAccounts, type SignedIn } from '../../tests/support/accounts.js';
import { call, places, rideRequest } from '../../tests/journeys/kit.js';
import type { App } from '../types.js';

let bed: ApiTestBed;
let rider: SignedIn;
let otherRider: SignedIn;
let replica: App;
beforeAll(async () => {
  bed = await startApiTestBed();
  [rider, otherRider] = await Promise.all([bed.signIn('passenger'), bed.signIn('passenger')]);
  // A second app over the same database: another replica behind the load balancer.
  replica = await buildApp({
    logger: pino({ level: 'silent' }),
    health: async () => ({ status: 'ok' }) as never,
    accounts: await createTestAccounts(bed.db, { clock: bed.clock }),
    commands: bed.commands,
  });
});
afterAll(async () => {
  await replica?.close();
  await bed?.close();
});

const key = (name: string) => ({ 'idempotency-key': `${name}-${Math.random().toString(36).slice(2, 10)}` });
const book = (who: SignedIn, headers: Record<string, string>, overrides: Record<string, unknown> = {}) =>
  call(bed, who, 'POST', '/api/rides', rideRequest(overrides), headers);

async function ridesOf(who: SignedIn): Promise<string[]> {
  await bed.settle();
  const mine = await call(bed, who, 'GET', '/api/rides/mine?limit=100');
  return (mine.body.rides as Array<{ id: string }>).map((ride) => ride.id);
}

describe('Idempotency-Key', () => {
  it('the same key with a different body answers 422 naming the key, and books nothing more', async () => {
    const headers = key('book');
    const before = (await ridesOf(rider)).length;
    const first = await book(rider, headers);
    expect(first.status).toBe(201);
    const changed = await book(rider, headers, { dropoffLocation: places.kitweCentralHospital });
    expect(changed.status).toBe(422);
    expect(changed.body).toMatchObject({ code: 'idempotency_key_reused', key: headers['idempotency-key'] });
    expect(changed.body.message).toContain(headers['idempotency-key']);
    expect(changed.body.issues[0].field).toBe('headers.idempotency-key');
    expect(await ridesOf(rider)).toHaveLength(before + 1);
  });

  it('the same request again, with its fields in another order, is the same command (200, same ride)', async () => {
    const headers = key('order');
    const body = rideRequest();
    const first = await call(bed, rider, 'POST', '/api/rides', body, headers);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await call(bed, rider, 'POST', '/api/rides', reordered, headers);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.id).toBe(first.body.id);
  });

  it('is scoped to the user and the route: another rider, or another route, with the same key is a new command', async () => {
    const headers = key('scope');
    const mine = await book(rider, headers);
    const theirs = await book(otherRider, headers);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
    const cancel = await call(bed, rider, 'POST', `/api/rides/${mine.body.id}/cancel`, { reason: 'changed my mind' }, headers);
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('cancelled');
  });

  it('is shared by every replica: a key used on one answers 422 on another with a different body', async () => {
    const headers = key('replica');
    const first = await book(rider, headers);
    expect(first.status).toBe(201);
    const elsewhere = await replica.inject({
      method: 'POST',
      url: '/api/rides',
      headers: { ...rider.headers, ...headers },
      payload: rideRequest({ notes: 'another request' }),
    });
    expect(elsewhere.statusCode).toBe(422);
    const retried = await replica.inject({ method: 'POST', url: '/api/rides', headers: { ...rider.headers, ...headers }, payload: rideRequest() });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().id).toBe(first.body.id);
  });

  it('is remembered for 24 hours: after that the key names a new command', async () => {
    const headers = key('day');
    const first = await book(rider, headers);
    bed.clock.advance(23 * 60 * 60 * 1000);
    expect((await book(rider, headers, { notes: 'still within the day' })).status).toBe(422);
    bed.clock.advance(60 * 60 * 1000 + 1);
    const later = await book(rider, headers, { notes: 'the next day' });
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
  });

  it('a refused request frees its key for a corrected one', async () => {
    const headers = key('fix');
    const refused = await book(rider, headers, { passengerId: otherRider.user.id });
    expect(refused.status).toBe(403);
    const corrected = await book(rider, headers);
    expect(corrected.status).toBe(201);
  });
});
