import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver, call, places, rideRequest, settled, type TestDriver } from '../../../tests/journeys/kit.js';

let bed: ApiTestBed;
let rider: SignedIn;
let otherRider: SignedIn;
let mwila: TestDriver;
let bwalya: TestDriver;
let motorcyclist: TestDriver;
let admin: SignedIn;
beforeAll(async () => {
  bed = await startApiTestBed();
  [rider, otherRider, mwila, bwalya, motorcyclist, admin] = await Promise.all([
    bed.signIn('passenger'),
    bed.signIn('passenger'),
    approvedDriver(bed, { at: places.parklands, fullName: 'Mwila Tembo' }),
    approvedDriver(bed, { fullName: 'Bwalya Phiri', plateNumber: 'BAF 9' }),
    approvedDriver(bed, { vehicleType: 'motorcycle' }),
    bed.signIn('admin'),
  ]);
  // The bidder card reads the driver profiles read model: let it take in the approvals first.
  await bed.settle();
});
afterAll(() => bed.close());

async function biddingRide(): Promise<string> {
  const booked = await call(bed, rider, 'POST', '/api/rides', rideRequest({ pricingMethod: 'bidding', proposedFare: 30 }));
  expect(booked.status).toBe(201);
  return booked.body.id;
}

const bid = (who: SignedIn | null, rideId: string, bidAmount: unknown = 32.5, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  call(bed, who, 'POST', '/api/bids', { rideId, bidAmount, message: 'Near you', ...extra }, headers);

describe('POST /api/bids', () => {
  it('places a bid in ZMW and answers it with what the rider will see of the bidder', async () => {
    const rideId = await biddingRide();
    const placed = await bid(mwila, rideId, 32.5, { driverId: mwila.driverId });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      id: `${rideId}_${mwila.driverId}`,
      rideId,
      driverId: mwila.driverId,
      bidAmount: 32.5,
      bidAmountNgwee: 3250,
      message: 'Near you',
      estimatedArrival: 5,
      status: 'placed',
      bidder: { firstName: 'Mwila', rating: 4.8, ratingIsDefault: true, ratingCount: 0, vehicle: { make: 'Toyota', type: 'car' } },
      etaMinutes: 3,
    });
    expect(Date.parse(placed.body.expiresAt) - Date.parse(placed.body.placedAt)).toBe(120_000);
  });

  it('places once for a retry with the same Idempotency-Key, and refuses a second live bid', async () => {
    const rideId = await biddingRide();
    const headers = { 'idempotency-key': 'bid-retry-0001' };
    const first = await bid(mwila, rideId, 31, {}, headers);
    const again = await bid(mwila, rideId, 31, {}, headers);
    expect([first.status, again.status]).toEqual([201, 200]);
    const second = await bid(mwila, rideId, 33);
    expect([second.status, second.body.code]).toEqual([409, 'bid_already_placed']);
  });

  it('refuses a visitor (401), a passenger (403), a driverId not yours (403), bad input (400), an unknown ride (404)', async () => {
    const rideId = await biddingRide();
    expect((await bid(null, rideId)).status).toBe(401);
    expect((await bid(rider, rideId)).body.code).toBe('forbidden_role');
    expect((await bid(mwila, rideId, 32, { driverId: bwalya.driverId })).body).toMatchObject({ code: 'forbidden', field: 'driverId' });
    const noAmount = await call(bed, mwila, 'POST', '/api/bids', { rideId, message: 'Near you' });
    expect([noAmount.status, noAmount.body.issues[0].field]).toEqual([400, 'body.bidAmount']);
    const tooSlow = await bid(mwila, rideId, 32, { estimatedArrival: 500 });
    expect(tooSlow.body.issues[0].field).toBe('body.estimatedArrival');
    expect((await bid(mwila, 'no-such-ride')).status).toBe(404);
  });

  it("refuses bids outside the quote's bounds (in ZMW, naming bidAmount), on fixed-price rides and from other vehicle types (409)", async () => {
    const rideId = await biddingRide();
    const low = await bid(mwila, rideId, 1);
    expect(low.body).toMatchObject({ code: 'proposal_below_floor', field: 'bidAmount' });
    expect(low.body.message).toBe(`bidAmount: must be at least ZMW ${low.body.floor}`);
    const { body: fixed } = await call(bed, rider, 'POST', '/api/rides', rideRequest());
    expect((await bid(mwila, fixed.id)).body.code).toBe('not_allowed_in_state');
    expect((await bid(motorcyclist, rideId)).body.code).toBe('vehicle_mismatch');
  });
});

describe('GET /api/bids/ride/:rideId', () => {
  it('shows the rider and an admin every bid, and a driver only their own', async () => {
    const rideId = await biddingRide();
    await bid(mwila, rideId, 32);
    bed.clock.advance(1_000);
    await bid(bwalya, rideId, 35, { estimatedArrival: 9 });
    await settled(bed);
    for (const who of [rider, admin]) {
      const { status, body } = await call(bed, who, 'GET', `/api/bids/ride/${rideId}`);
      expect(status).toBe(200);
      expect(body.bids.map((each: { driverId: string; bidAmount: number }) => [each.driverId, each.bidAmount])).toEqual([
        [mwila.driverId, 32],
        [bwalya.driverId, 35],
      ]);
      expect(body.bids[1]).toMatchObject({ estimatedArrival: 9, etaMinutes: null, bidder: { firstName: 'Bwalya' } });
    }
    const own = await call(bed, bwalya, 'GET', `/api/bids/ride/${rideId}`);
    expect(own.body.bids.map((each: { driverId: string }) => each.driverId)).toEqual([bwalya.driverId]);
    // A driver with no bid on the ride and not on it learns nothing of it.
    expect((await call(bed, motorcyclist, 'GET', `/api/bids/ride/${rideId}`)).status).toBe(404);
  });

  it('answers 404 to another passenger and for an unknown ride, 401 to a visitor, 400 to a malformed id', async () => {
    const rideId = await biddingRide();
    expect((await call(bed, otherRider, 'GET', `/api/bids/ride/${rideId}`)).status).toBe(404);
    expect((await call(bed, rider, 'GET', '/api/bids/ride/no-such-ride')).status).toBe(404);
    expect((await call(bed, null, 'GET', `/api/bids/ride/${rideId}`)).status).toBe(401);
    expect((await call(bed, rider, 'GET', '/api/bids/ride/bad%20id')).body.issues[0].field).toBe('params.rideId');
  });
});

describe('PATCH /api/bids/:bidId', () => {
  it('lets the rider accept a bid: the driver is assigned at that amount, the rider gets the PIN, the other bid is rejected', async () => {
    const rideId = await biddingRide();
    const { body: chosen } = await bid(mwila, rideId, 33);
    await bid(bwalya, rideId, 31);
    const url = `/api/bids/${chosen.id}`;
    expect((await call(bed, null, 'PATCH', url, { status: 'accepted' })).status).toBe(401);
    expect((await call(bed, mwila, 'PATCH', url, { status: 'accepted' })).body.code).toBe('forbidden_role');
    expect((await call(bed, otherRider, 'PATCH', url, { status: 'accepted' })).status).toBe(404);
    expect((await call(bed, rider, 'PATCH', url, { status: 'rejected' })).body.issues[0].field).toBe('body.status');
    expect((await call(bed, rider, 'PATCH', '/api/bids/no-such-bid', { status: 'accepted' })).status).toBe(404);

    const accepted = await call(bed, rider, 'PATCH', url, { status: 'accepted' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      status: 'accepted',
      driverId: mwila.driverId,
      acceptedBidId: chosen.id,
      agreedFare: 33,
      agreedFareNgwee: 3300,
      pin: { status: 'issued' },
      driver: { fullName: 'Mwila Tembo' },
    });
    expect(accepted.body.pin.code).toMatch(/^[1-9]\d{3}$/);

    await settled(bed);
    const { body } = await call(bed, rider, 'GET', `/api/bids/ride/${rideId}`);
    expect(Object.fromEntries(body.bids.map((each: { driverId: string; status: string }) => [each.driverId, each.status]))).toEqual({
      [mwila.driverId]: 'accepted',
      [bwalya.driverId]: 'rejected',
    });
    // Mwila drives this ride to the end, so other tests keep a free driver.
    await call(bed, mwila, 'POST', `/api/rides/${rideId}/cancel`, { reason: 'test over' });
    await settled(bed);
  });
});

describe('POST /api/bids/:bidId/withdraw', () => {
  it('lets the bidder, and only the bidder, take a live bid back', async () => {
    const rideId = await biddingRide();
    const { body: placed } = await bid(bwalya, rideId, 34);
    const url = `/api/bids/${placed.id}/withdraw`;
    expect((await call(bed, null, 'POST', url)).status).toBe(401);
    expect((await call(bed, rider, 'POST', url)).body.code).toBe('forbidden_role');
    expect((await call(bed, mwila, 'POST', url)).status).toBe(404);
    expect((await call(bed, bwalya, 'POST', '/api/bids/bad%20id/withdraw')).body.issues[0].field).toBe('params.bidId');
    expect((await call(bed, bwalya, 'POST', '/api/bids/no-such-bid/withdraw')).status).toBe(404);
    const withdrawn = await call(bed, bwalya, 'POST', url);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ id: placed.id, status: 'withdrawn', bidAmount: 34 });
    expect((await bid(bwalya, rideId, 36)).body).toMatchObject({ status: 'placed', bidAmount: 36 });
  });
});
