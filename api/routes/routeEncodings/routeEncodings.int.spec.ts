import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { settled } from '../../../tests/support/fixtures/apiDrivers.js';

let bed: ApiTestBed;
let author: SignedIn;
let voters: SignedIn[];
let admin: SignedIn;
let passenger: SignedIn;
beforeAll(async () => {
  bed = await startApiTestBed();
  admin = await bed.signIn('admin');
  [author, passenger, ...voters] = await Promise.all([
    bed.signIn('driver'),
    bed.signIn('passenger'),
    bed.signIn('driver'),
    bed.signIn('driver'),
    bed.signIn('staff'),
    Promise.resolve(admin),
  ]);
});
afterAll(() => bed.close());

const route = {
  startAddress: 'Chisokone Market, Kitwe',
  endAddress: 'Copperbelt University, Kitwe',
  streetNames: ['Independence Avenue', 'Freedom Avenue', 'Jambo Drive'],
  coordinates: [
    { lat: -12.8175, lng: 28.206 },
    { lat: -12.81, lng: 28.225 },
    { lat: -12.8056, lng: 28.2403 },
  ],
};

const post = (url: string, who: SignedIn | undefined, payload: object) =>
  bed.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, payload });
const get = (url: string, who?: SignedIn) => bed.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

async function submitted(payload: object = route): Promise<string> {
  const response = await post('/api/route-encodings', author, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

describe('encoding a route', () => {
  it('records the route for its author as pending, 0 of 4 verifications', async () => {
    const response = await post('/api/route-encodings', author, { ...route, driverId: author.user.id });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      authorId: author.user.id,
      region: 'Copperbelt Province',
      revision: 1,
      verifications: 0,
      verificationsRequired: 4,
      verificationStatus: 'pending',
      streetNames: route.streetNames,
    });
    await settled(bed);
    const own = (await get(`/api/route-encodings/driver/${author.user.id}`, author)).json().encodings;
    expect(own.map((encoding: { id: string }) => encoding.id)).toContain(response.json().id);
  });

  it('refuses incomplete routes with the spec wording, and bad coordinates naming the point', async () => {
    const incomplete = await post('/api/route-encodings', author, { ...route, streetNames: ['  '] });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe('Incomplete Information: Please provide start/end addresses and at least one street name.');
    const lusaka = await post('/api/route-encodings', author, {
      ...route,
      coordinates: [{ lat: -15.4, lng: 28.28 }, route.coordinates[0]],
    });
    expect(lusaka.statusCode).toBe(400);
    expect(lusaka.json().message).toMatch(/^coordinates\.0: /);
    const shapeless = await post('/api/route-encodings', author, { ...route, streetNames: 'Jambo Drive' });
    expect(shapeless.json().issues[0].field).toBe('body.streetNames');
  });

  it('is for every signed-in rider, driver, staff member and admin, each for themselves', async () => {
    expect((await post('/api/route-encodings', undefined, route)).statusCode).toBe(401);
    const byRider = await post('/api/route-encodings', passenger, route);
    expect(byRider.statusCode, byRider.body).toBe(201);
    expect(byRider.json()).toMatchObject({ authorId: passenger.user.id, verificationStatus: 'pending' });
    expect((await post('/api/route-encodings', author, { ...route, driverId: voters[0]!.user.id })).statusCode).toBe(403);
    expect((await get('/api/route-encodings/pending', passenger)).statusCode).toBe(200);
    // A rider verifies others' encodings, never their own.
    const own = await post(`/api/route-encodings/${byRider.json().id}/verify`, passenger, { isAccurate: true });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'own_encoding' });
    const others = await post(`/api/route-encodings/${byRider.json().id}/verify`, author, { isAccurate: true });
    expect(others.statusCode, others.body).toBe(200);
    expect((await get(`/api/route-encodings/driver/${author.user.id}`, voters[0])).statusCode).toBe(403);
    expect((await get(`/api/route-encodings/driver/${author.user.id}`, admin)).statusCode).toBe(200);
  });
});

describe('verifying routes', () => {
  it('verifies a route on the fourth accurate vote from four other contributors, once each', async () => {
    const id = await submitted();
    await settled(bed);
    expect((await get('/api/route-encodings/pending', voters[0])).json().encodings.map((e: { id: string }) => e.id)).toContain(id);
    expect((await get('/api/route-encodings/pending', author)).json().encodings.map((e: { id: string }) => e.id)).not.toContain(id);

    expect((await post(`/api/route-encodings/${id}/verify`, author, { isAccurate: true })).json()).toMatchObject({ code: 'own_encoding' });
    expect((await post(`/api/route-encodings/${id}/verify`, voters[0], { isAccurate: true, driverId: author.user.id })).statusCode).toBe(
      403,
    );

    const answers = [];
    for (const voter of voters)
      answers.push((await post(`/api/route-encodings/${id}/verify`, voter, { isAccurate: true, driverId: voter.user.id })).json());
    expect(answers.map((answer) => answer.verifications)).toEqual([1, 2, 3, 4]);
    expect(answers.map((answer) => answer.verificationStatus)).toEqual(['pending', 'pending', 'pending', 'verified']);
    expect((await post(`/api/route-encodings/${id}/verify`, voters[0], { isAccurate: false })).statusCode).toBe(409);

    await settled(bed);
    expect((await get(`/api/route-encodings/${id}`, voters[0])).json()).toMatchObject({
      verificationStatus: 'verified',
      verifications: 4,
      verifiedAt: expect.any(String),
    });
    expect((await get('/api/route-encodings/stats', author)).json()).toMatchObject({ verifiedRoutes: 1, verificationsReceived: 4 });
    expect((await get('/api/route-encodings/stats', voters[1])).json()).toMatchObject({ routesEncoded: 0, verificationsGiven: 1 });
  });

  it('flags a route after two needs-fix votes; only its author revises it back to pending', async () => {
    const id = await submitted();
    await post(`/api/route-encodings/${id}/verify`, voters[0], { isAccurate: false });
    const flagged = await post(`/api/route-encodings/${id}/verify`, voters[1], { isAccurate: false });
    expect(flagged.json()).toMatchObject({ verificationStatus: 'needs_fix', needsFixVotes: 2 });

    const revised = { ...route, streetNames: [...route.streetNames, 'Nkana Road'] };
    expect((await post(`/api/route-encodings/${id}/revise`, voters[0], revised)).statusCode).toBe(403);
    const again = await post(`/api/route-encodings/${id}/revise`, author, revised);
    expect(again.json()).toMatchObject({ verificationStatus: 'pending', revision: 2, needsFixVotes: 0, streetNames: revised.streetNames });
    // A vote cast on what the voter saw before the revision is refused.
    expect((await post(`/api/route-encodings/${id}/verify`, voters[2], { isAccurate: true, revision: 1 })).statusCode).toBe(409);
  });

  it('answers 404 for an encoding that does not exist, 400 for an id that cannot be one', async () => {
    const unknown = `enc-${randomUUID()}`;
    expect((await post(`/api/route-encodings/${unknown}/verify`, voters[0], { isAccurate: true })).statusCode).toBe(404);
    expect((await post(`/api/route-encodings/${unknown}/revise`, author, route)).statusCode).toBe(404);
    expect((await get(`/api/route-encodings/${unknown}`, author)).statusCode).toBe(404);
    const badId = await post('/api/route-encodings/%20bad%20id/verify', voters[0], { isAccurate: true });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().issues[0].field).toBe('params.id');
    expect((await post(`/api/route-encodings/${unknown}/verify`, voters[0], {})).json().issues[0].field).toBe('body.isAccurate');
  });
});
