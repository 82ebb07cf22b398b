import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver, call, places, rideRequest, settled, type Answer } from '../../../tests/journeys/kit.js';
import { bidStreamId } from '../../../domain/bid/index.js';
import { rideStreamId } from '../../../domain/ride/index.js';
import { answerAfterWrite } from './rideSources.js';

/**
 * What one ride step costs the database: the reads of the ride's stream and the SQL statements
 * made on behalf of the request (counted in its own async context, so the reactors and
 * projections working beside it are not counted).
 */
let bed: ApiTestBed;
let rider: SignedIn;
const request = new AsyncLocalStorage<{ rideReads: number; statements: number; rideStream: string; bidReads: number; bidStream?: string }>();

beforeAll(async () => {
  bed = await startApiTestBed();
  rider = await bed.signIn('passenger');
  const readStream = bed.store.readStream.bind(bed.store);
  vi.spyOn(bed.store, 'readStream').mockImplementation(async (streamName, options) => {
    const counts = request.getStore();
    if (counts && streamName === counts.rideStream) counts.rideReads++;
    if (counts && streamName === counts.bidStream) counts.bidReads++;
    return readStream(streamName, options);
  });
  const query = pg.Client.prototype.query;
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const counts = request.getStore();
    // Not the announcement of appends (pg_notify): it is coalesced across requests, so its count is the timer's.
    if (counts && !/pg_notify/.test(String((args[0] as { text?: string })?.text ?? args[0]))) counts.statements++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await bed.close();
});

async function measured(rideId: string, step: () => Promise<Answer>, bidId?: string) {
  const counts = { rideReads: 0, statements: 0, rideStream: rideStreamId(rideId), bidReads: 0, bidStream: bidId && bidStreamId(bidId) };
  const answer = await request.run(counts, step);
  return { answer, ...counts };
}

/** The answer as a fresh read of the stream, as it stood at the answer's revision, presents it. */
async function freshAnswer(who: SignedIn, rideId: string, revision: number) {
  const recorded = (await bed.store.readStream(rideStreamId(rideId))).filter((event) => event.revision <= BigInt(revision));
  const store = { ...bed.store, readStream: async () => recorded } as unknown as typeof bed.store;
  return JSON.parse(JSON.stringify(await answerAfterWrite({ db: bed.db, store }, who.user, rideId)));
}

describe('a ride step through the API', () => {
  it('reads the ride stream once and answers what a fresh read of it shows', async () => {
    const driver = await approvedDriver(bed, { at: places.parklands });
    const { body: ride } = await call(bed, rider, 'POST', '/api/rides', rideRequest());
    const rideId: string = ride.id;
    const accept = await measured(rideId, () => call(bed, driver, 'PATCH', `/api/rides/${rideId}`, { status: 'accepted' }));
    expect(accept.answer.status).toBe(200);
    await settled(bed);

    const arrive = await measured(rideId, () => call(bed, driver, 'POST', `/api/rides/${rideId}/arrive`));
    expect(arrive.answer.status).toBe(200);
    expect(arrive.answer.body.driver).toMatchObject({ driverId: driver.driverId, fullName: driver.user.fullName });
    expect(arrive.answer.body).toEqual(await freshAnswer(driver, rideId, arrive.answer.body.revision));
    await settled(bed);

    const { body: tracked } = await call(bed, rider, 'GET', `/api/rides/${rideId}`);
    const start = await measured(rideId, () => call(bed, driver, 'POST', `/api/rides/${rideId}/start`, { pin: tracked.pin.code }));
    expect(start.answer.status).toBe(200);
    expect(start.answer.body).toEqual(await freshAnswer(driver, rideId, start.answer.body.revision));

    const complete = await measured(rideId, () => call(bed, driver, 'POST', `/api/rides/${rideId}/complete`, { distanceKm: 4.2 }));
    expect(complete.answer.status).toBe(200);
    expect(complete.answer.body).toEqual(await freshAnswer(driver, rideId, complete.answer.body.revision));

    const rate = await measured(rideId, () => call(bed, rider, 'POST', `/api/rides/${rideId}/rate`, { stars: 5 }));
    expect(rate.answer.status).toBe(200);
    expect(rate.answer.body).toEqual(await freshAnswer(rider, rideId, rate.answer.body.revision));

    const report = { accept, arrive, start, complete, rate };
    console.log(Object.entries(report).map(([name, { rideReads, statements }]) => `${name}: ${rideReads} ride stream reads, ${statements} statements`).join('\n'));
    for (const step of [arrive, start, complete, rate]) expect(step.rideReads).toBe(1);
  });

  it("accepting a bid reads the ride and bid streams once each (the rider's party check) and answers what a fresh read of it shows", async () => {
    const driver = await approvedDriver(bed, { at: places.parklands });
    const { body: ride } = await call(bed, rider, 'POST', '/api/rides', rideRequest({ pricingMethod: 'bidding', proposedFare: 30 }));
    const rideId: string = ride.id;
    const { status, body: bid } = await call(bed, driver, 'POST', '/api/bids', { rideId, bidAmount: 32.5, message: 'Near you' });
    expect(status).toBe(201);
    await settled(bed);

    const accept = await measured(rideId, () => call(bed, rider, 'PATCH', `/api/bids/${bid.id}`, { status: 'accepted' }), bid.id);
    expect(accept.answer.status).toBe(200);
    expect(accept.answer.body).toMatchObject({ status: 'accepted', acceptedBidId: bid.id, driver: { driverId: driver.driverId } });
    expect(accept.answer.body).toEqual(await freshAnswer(rider, rideId, accept.answer.body.revision));
    console.log(`accept bid: ${accept.rideReads} ride stream reads, ${accept.bidReads} bid stream reads, ${accept.statements} statements`);
    expect(accept.rideReads).toBe(1);
    expect(accept.bidReads).toBe(1);
    // The session; the bid (which ride) and the ride (whose) for the party check; the driver's
    // verification and duty for the command; the reservation (duty read, append) and the ride
    // append; the driver card and position for the answer. A second read of the ride made it 13,
    // a second read of the bid 12.
    expect(accept.statements).toBeLessThanOrEqual(11);
    // Leave the driver free for whatever runs next on this bed.
    await call(bed, driver, 'POST', `/api/rides/${rideId}/cancel`, { reason: 'test over' });
    await settled(bed);
  });
});
