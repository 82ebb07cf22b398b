import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripShareStream } from '../../../domain/tripShare/index.js';
import { startApiTestBed, type ApiTestBed } from '../../../tests/support/apiTestBed.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import { approvedDriver, call, places, rideRequest, type TestDriver } from '../../../tests/journeys/kit.js';

let bed: ApiTestBed;
let rider: SignedIn;
let otherRider: SignedIn;
let driver: TestDriver;
let otherDriver: TestDriver;
beforeAll(async () => {
  bed = await startApiTestBed();
  [rider, otherRider, driver, otherDriver] = await Promise.all([
    bed.signIn('passenger', { fullName: 'Chanda Mulenga' }),
    bed.signIn('passenger'),
    approvedDriver(bed, { at: places.parklands }),
    approvedDriver(bed, { fullName: 'Bwalya Phiri' }),
  ]);
});
afterAll(() => bed.close());

const book = (overrides: Record<string, unknown> = {}, who: SignedIn | null = rider, headers: Record<string, string> = {}) =>
  call(bed, who, 'POST', '/api/rides', rideRequest(overrides), headers);

async function biddingRide(): Promise<string> {
  const booked = await book({ pricingMethod: 'bidding', proposedFare: 30 });
  expect(booked.status).toBe(201);
  return booked.body.id;
}

describe('POST /api/rides', () => {
  it('books a fixed-price ride at the server quote, in ZMW and ngwee, for the signed-in rider', async () => {
    const booked = await book({ multipleDestinations: [{ ...places.kitweCentralHospital, notes: 'drop a parcel' }], notes: 'gate B' });
    expect(booked.status).toBe(201);
    const ride = booked.body;
    expect(ride).toMatchObject({
      status: 'pending',
      progress: 0,
      bannerKey: 'ride.banner.lookingForDriver',
      passengerId: rider.user.id,
      driverId: null,
      vehicleType: 'car',
      pricingMethod: 'fixed',
      passengerCount: 1,
      proposedFare: null,
      pickupLocation: places.freedomPark,
      multipleDestinations: [{ ...places.kitweCentralHospital, notes: 'drop a parcel' }],
      notes: 'gate B',
      city: 'kitwe',
      pin: { status: 'awaiting_driver', code: null },
    });
    expect(ride.quote.totalNgwee).toBeGreaterThanOrEqual(1_200);
    expect(ride.quote.total).toBe(ride.quote.totalNgwee / 100);
    expect(ride.quote.receipt.reduce((sum: number, line: { amountNgwee: number }) => sum + line.amountNgwee, 0)).toBe(ride.quote.totalNgwee);
  });

  it('ignores a client price on a fixed-price ride, and takes a bidding proposal in ZMW to the ngwee', async () => {
    const fixed = await book({ proposedFare: 1 });
    expect(fixed.body).toMatchObject({ proposedFare: null, agreedFare: null });
    const bidding = await book({ pricingMethod: 'bidding', proposedFare: 30.45 });
    expect(bidding.status).toBe(201);
    expect(bidding.body).toMatchObject({ proposedFare: 30.45, proposedFareNgwee: 3045, offeredFareNgwee: 3045 });
  });

  it('books once for a retried request with the same Idempotency-Key (200 the second time)', async () => {
    const headers = { 'idempotency-key': 'book-retry-0001' };
    const first = await book({}, rider, headers);
    const again = await book({}, rider, headers);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.id).toBe(first.body.id);
  });

  it("records the rider's choice to have their trusted contacts texted at trip start, once however often the booking is retried", async () => {
    const headers = { 'idempotency-key': 'book-notify-0001' };
    const first = await book({ notifyContactsAtStart: true }, rider, headers);
    const again = await book({ notifyContactsAtStart: true }, rider, headers);
    expect([first.status, again.status]).toEqual([201, 200]);
    const share = await call(bed, rider, 'GET', `/api/rides/${first.body.id}/share`);
    expect(share.body).toMatchObject({ notifyAtTripStart: true, contactsNotified: false });
    const chosen = (await bed.commands.store.readStream(tripShareStream(first.body.id))).filter((event) => event.type === 'TripStartNotificationChosen');
    expect(chosen).toHaveLength(1);

    const plain = await book();
    expect((await call(bed, rider, 'GET', `/api/rides/${plain.body.id}/share`)).body.notifyAtTripStart).toBe(false);
    const bad = await book({ notifyContactsAtStart: 'yes' });
    expect([bad.status, bad.body.issues[0].field]).toEqual([400, 'body.notifyContactsAtStart']);
  });

  it('refuses a visitor (401), a driver (403) and a passengerId that is not yours (403)', async () => {
    expect((await book({}, null)).status).toBe(401);
    const asDriver = await book({}, driver);
    expect([asDriver.status, asDriver.body.code]).toEqual([403, 'forbidden_role']);
    const onBehalf = await book({ passengerId: otherRider.user.id });
    expect([onBehalf.status, onBehalf.body.field]).toEqual([403, 'passengerId']);
  });

  it('names the field of bad input (400)', async () => {
    const badLat = await book({ pickupLocation: { ...places.freedomPark, lat: 123 } });
    expect(badLat.status).toBe(400);
    expect(badLat.body.issues[0].field).toBe('body.pickupLocation.lat');
    const noOffer = await book({ pricingMethod: 'bidding' });
    expect(noOffer.body.issues[0]).toMatchObject({ field: 'body.proposedFare', message: 'is required for a bidding ride' });
    const cents = await book({ pricingMethod: 'bidding', proposedFare: 30.456 });
    expect(cents.body.issues[0]).toMatchObject({ field: 'body.proposedFare', message: 'may have at most 2 decimals' });
    const unscheduled = await book({ isScheduled: true });
    expect(unscheduled.body.issues[0].field).toBe('body.scheduledFor');
    const parcelByCar = await book({ packageSize: 'small' });
    expect([parcelByCar.status, parcelByCar.body.field]).toEqual([400, 'packageSize']);
  });

  it("answers an offer outside the quote's bounds in the client's terms: proposedFare, in ZMW (409)", async () => {
    const low = await book({ pricingMethod: 'bidding', proposedFare: 1 });
    expect(low.status).toBe(409);
    expect(low.body).toMatchObject({ code: 'proposal_below_floor', field: 'proposedFare' });
    expect(low.body.message).toBe(`proposedFare: must be at least ZMW ${low.body.floor}`);
    expect(low.body.floor).toBeGreaterThanOrEqual(12);
  });

  it('books a courier delivery with a package size and a scheduled ride for later', async () => {
    const parcel = await book({ vehicleType: 'motorcycle', packageSize: 'small' });
    expect(parcel.body).toMatchObject({ vehicleType: 'motorcycle', packageSize: 'small', passengerCount: null });
    const later = await book({ isScheduled: true, scheduledFor: '2026-12-02T06:30:00.000Z' });
    expect(later.body).toMatchObject({ status: 'scheduled', isScheduled: true, scheduledFor: '2026-12-02T06:30:00.000Z' });
  });
});

describe('PATCH /api/rides/:rideId (a driver accepts)', () => {
  it('assigns the driver at the quote and shows them the ride without the PIN or the rider', async () => {
    const { body: ride } = await book();
    const accepted = await call(bed, driver, 'PATCH', `/api/rides/${ride.id}`, { status: 'accepted', driverId: driver.driverId });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      status: 'accepted',
      driverId: driver.driverId,
      agreedFareNgwee: ride.quote.totalNgwee,
      passengerId: null,
      pin: null,
      driver: { driverId: driver.driverId, fullName: 'Mwila Tembo', vehicle: { plateNumber: 'ABZ 123' } },
      eta: { to: 'pickup', basis: 'straight_line_30kmh' },
    });
    expect(accepted.body.eta.minutes).toBeGreaterThanOrEqual(1);

    const late = await call(bed, otherDriver, 'PATCH', `/api/rides/${ride.id}`, { status: 'accepted' });
    expect([late.status, late.body.code]).toEqual([409, 'not_allowed_in_state']);
  });

  it('refuses a visitor (401), a passenger (403), another driverId (403), another status (400), an unknown ride (404)', async () => {
    const { body: ride } = await book();
    const url = `/api/rides/${ride.id}`;
    expect((await call(bed, null, 'PATCH', url, { status: 'accepted' })).status).toBe(401);
    expect((await call(bed, rider, 'PATCH', url, { status: 'accepted' })).status).toBe(403);
    const forOther = await call(bed, driver, 'PATCH', url, { status: 'accepted', driverId: otherDriver.driverId });
    expect([forOther.status, forOther.body.field]).toEqual([403, 'driverId']);
    const arrived = await call(bed, driver, 'PATCH', url, { status: 'arrived' });
    expect([arrived.status, arrived.body.issues[0].field]).toEqual([400, 'body.status']);
    expect((await call(bed, driver, 'PATCH', '/api/rides/no-such-ride', { status: 'accepted' })).status).toBe(404);
  });
});

describe('POST /api/rides/:rideId/counter-offer', () => {
  it("raises the rider's offer on a bidding ride", async () => {
    const rideId = await biddingRide();
    const countered = await call(bed, rider, 'POST', `/api/rides/${rideId}/counter-offer`, { offeredFare: 35.5 });
    expect(countered.status).toBe(200);
    expect(countered.body).toMatchObject({ proposedFare: 30, offeredFare: 35.5, offeredFareNgwee: 3550 });
  });

  it('refuses a visitor (401), another passenger (403), a bad amount (400), an unknown ride (404), a fixed-price ride (409)', async () => {
    const rideId = await biddingRide();
    const url = `/api/rides/${rideId}/counter-offer`;
    expect((await call(bed, null, 'POST', url, { offeredFare: 35 })).status).toBe(401);
    expect((await call(bed, otherRider, 'POST', url, { offeredFare: 35 })).status).toBe(404);
    const bad = await call(bed, rider, 'POST', url, { offeredFare: -2 });
    expect([bad.status, bad.body.issues[0].field]).toEqual([400, 'body.offeredFare']);
    expect((await call(bed, rider, 'POST', '/api/rides/no-such-ride/counter-offer', { offeredFare: 35 })).status).toBe(404);
    const { body: fixed } = await book();
    expect((await call(bed, rider, 'POST', `/api/rides/${fixed.id}/counter-offer`, { offeredFare: 35 })).status).toBe(409);
    const high = await call(bed, rider, 'POST', url, { offeredFare: 10_000 });
    expect(high.body).toMatchObject({ code: 'proposal_above_ceiling', field: 'offeredFare' });
  });
});

describe('POST /api/rides/:rideId/decline-bids', () => {
  it('cancels the bidding ride for its rider, and no one else', async () => {
    const rideId = await biddingRide();
    const url = `/api/rides/${rideId}/decline-bids`;
    expect((await call(bed, null, 'POST', url)).status).toBe(401);
    expect((await call(bed, otherRider, 'POST', url)).status).toBe(404);
    const malformed = await call(bed, rider, 'POST', '/api/rides/bad%20id/decline-bids');
    expect([malformed.status, malformed.body.issues[0].field]).toEqual([400, 'params.rideId']);
    expect((await call(bed, rider, 'POST', '/api/rides/no-such-ride/decline-bids')).status).toBe(404);
    const declined = await call(bed, rider, 'POST', url);
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'cancelled', progress: null, cancellation: { by: 'rider', reason: 'declined_all_bids', stage: 'pending' } });
  });
});
