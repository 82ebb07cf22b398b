import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApiTestBed, type ApiTestBed } from './apiTestBed.js';

let bed: ApiTestBed;
beforeAll(async () => {
  bed = await startApiTestBed();
});
afterAll(() => bed.close());

it('serves a signed-in user and runs every projection and reactor to the end of $all', async () => {
  const rider = await bed.signIn('passenger', { fullName: 'Mutale Banda' });
  const me = await bed.app.inject({ method: 'GET', url: '/api/auth/user', headers: rider.headers });
  expect(me.json()).toMatchObject({ fullName: 'Mutale Banda', userType: 'passenger' });
  await bed.store.appendToStream('probe-1', [{ id: crypto.randomUUID(), type: 'Probed', data: {} }]);
  await bed.settle();
  const lag = await bed.projections.lag();
  expect(lag.map((p) => p.name)).toContain('rides');
  expect(lag.every((p) => p.eventsBehind === 0 && p.status === 'live')).toBe(true);
});
