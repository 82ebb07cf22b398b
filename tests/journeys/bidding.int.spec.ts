import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApiTestBed, type ApiTestBed } from '../support/apiTestBed.js';
import type { SignedIn } from '../support/accounts.js';
import { call, fixPinDraws, newDriver, onboardOverHttp, places, rideRequest, settled, withoutIdsAndInstants, type DriverTranscript } from './kit.js';

/**
 * A bidding ride over HTTP: two drivers bid, the rider counters once and accepts one bid; the
 * other bid ends rejected and its driver is free for the next ride; the chosen one drives.
 */

const PIN = '7391';

let bed: ApiTestBed;
let admin: SignedIn;
let rider: SignedIn;
let nextRider: SignedIn;
let mwila: DriverTranscript;
let bwalya: DriverTranscript;
beforeAll(async () => {
  bed = await startApiTestBed();
  fixPinDraws(bed, PIN);
  [admin, rider, nextRider, mwila, bwalya] = await Promise.all([
    bed.signIn('admin'),
    bed.signIn('passenger', { fullName: 'Chanda Mulenga' }),
    bed.signIn('passenger'),
    newDriver(bed, 'Mwila Tembo'),
    newDriver(bed, 'Bwalya Phiri'),
  ]);
  await onboardOverHttp(bed, admin, mwila, { plateNumber: 'BAF 4521', at: places.parklands });
  await onboardOverHttp(bed, admin, bwalya, { plateNumber: 'BCD 77', at: places.freedomPark });
});
afterAll(() => bed.close());

const bidsOn = async (rideId: string, who: SignedIn | DriverTranscript) => {
  await settled(bed);
  const answer = 'driver' in who ? await who.call('GET', `/api/bids/ride/${rideId}`) : await call(bed, who, 'GET', `/api/bids/ride/${rideId}`);
  expect(answer.status).toBe(200);
  return answer.body.bids as Array<{ id: string; driverId: string; status: string; bidAmount: number; bidder: { firstName: string } }>;
};

it('settles a bidding ride: counter-offer, one bid accepted, the other rejected and its driver free, the trip driven', async () => {
  const booked = await call(bed, rider, 'POST', '/api/rides', rideRequest({ pricingMethod: 'bidding', proposedFare: 30 }));
  expect(booked.status).toBe(201);
  const rideId: string = booked.body.id;
  await settled(bed);

  for (const [driver, bidAmount] of [[mwila, 34], [bwalya, 32]] as const) {
    const pending = await driver.call('GET', '/api/rides/pending/car');
    expect(pending.body.rides.find((ride: { id: string }) => ride.id === rideId)).toMatchObject({ pricingMethod: 'bidding', offeredFare: 30 });
    const placed = await driver.call('POST', '/api/bids', { rideId, driverId: driver.driver.driverId, bidAmount, message: 'On my way', estimatedArrival: 4 });
    expect(placed.status).toBe(201);
    bed.clock.advance(1_000);
  }
  const offered = await bidsOn(rideId, rider);
  expect(offered.map((bid) => [bid.bidder.firstName, bid.bidAmount, bid.status])).toEqual([
    ['Mwila', 34, 'placed'],
    ['Bwalya', 32, 'placed'],
  ]);

  const countered = await call(bed, rider, 'POST', `/api/rides/${rideId}/counter-offer`, { offeredFare: 33 });
  expect(countered.body).toMatchObject({ status: 'pending', proposedFare: 30, offeredFare: 33 });

  const chosen = offered[0]!;
  const accepted = await call(bed, rider, 'PATCH', `/api/bids/${chosen.id}`, { status: 'accepted' });
  expect(accepted.status).toBe(200);
  expect(accepted.body).toMatchObject({
    status: 'accepted',
    driverId: mwila.driver.driverId,
    agreedFare: 34,
    acceptedBidId: chosen.id,
    pin: { code: PIN },
    driver: { fullName: 'Mwila Tembo', vehicle: { plateNumber: 'BAF 4521' } },
  });

  const settledBids = await bidsOn(rideId, rider);
  expect(Object.fromEntries(settledBids.map((bid) => [bid.bidder.firstName, bid.status]))).toEqual({ Mwila: 'accepted', Bwalya: 'rejected' });
  expect((await bidsOn(rideId, bwalya)).map((bid) => bid.status)).toEqual(['rejected']);

  // Bwalya was never taken off the road: the next rider's fixed-price ride is theirs to accept.
  const next = await call(bed, nextRider, 'POST', '/api/rides', rideRequest({ pickupLocation: places.kitweCentralHospital }));
  const takenByBwalya = await bwalya.call('PATCH', `/api/rides/${next.body.id}`, { status: 'accepted' });
  expect(takenByBwalya.body).toMatchObject({ status: 'accepted', driverId: bwalya.driver.driverId });
  // …while Mwila, engaged on the first ride, cannot take it too.
  const busy = await mwila.call('PATCH', `/api/rides/${(await call(bed, nextRider, 'POST', '/api/rides', rideRequest())).body.id}`, { status: 'accepted' });
  expect([busy.status, busy.body.code]).toEqual([409, 'driver_busy']);

  expect((await mwila.call('POST', `/api/rides/${rideId}/arrive`)).body.status).toBe('arrived');
  await settled(bed);
  const { body: tracking } = await call(bed, rider, 'GET', `/api/rides/${rideId}`);
  expect((await mwila.call('POST', `/api/rides/${rideId}/start`, { pin: tracking.pin.code })).body.status).toBe('in_progress');
  const completed = await mwila.call('POST', `/api/rides/${rideId}/complete`);
  expect(completed.body).toMatchObject({ status: 'completed', finalFare: 34, finalFareNgwee: 3400 });
  await settled(bed);
  expect((await call(bed, rider, 'GET', `/api/rides/${rideId}`)).body.status).toBe('completed');

  expect(withoutIdsAndInstants(JSON.stringify(accepted.body))).toContain(PIN);
  expect(mwila.answersHolding(PIN)).toEqual([]);
  expect(bwalya.answersHolding(PIN)).toEqual([]);
});
