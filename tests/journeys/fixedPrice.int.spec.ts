import { expect, it } from 'vitest';
import { splitFare } from '../../domain/fare/index.js';
import { call, onboardOverHttp, places, rideRequest, settled, useJourneyCast, withoutIdsAndInstants } from './kit.js';

/**
 * A fixed-price car ride from booking to both ratings, every step over HTTP as the screens make
 * it, every person signed in with a second factor (register → authenticator app → code).
 */

const PIN = '7391';

const { bed, admin, rider, driver } = useJourneyCast(PIN);

it('takes a rider from booking to a rated ride with a verified driver, the PIN shown to the rider alone', async () => {
  const { driverId } = driver.driver;
  await onboardOverHttp(bed, admin, driver, { plateNumber: 'BAF 4521', at: places.parklands });
  const profile = await driver.call('GET', `/api/drivers/user/${driverId}`);
  expect(profile.body).toMatchObject({ verificationStatus: 'approved', isOnline: true, vehicle: { type: 'car' } });

  // What the rider's tracking screen shows after each step, once the read models have it.
  const seen: string[] = [];
  const track = async () => {
    await settled(bed);
    const answer = await call(bed, rider, 'GET', `/api/rides/${rideId}`);
    expect(answer.status).toBe(200);
    seen.push(answer.body.status);
    return answer;
  };

  const booked = await call(bed, rider, 'POST', '/api/rides', rideRequest({ paymentMethod: 'cash' }));
  expect(booked.status).toBe(201);
  const rideId: string = booked.body.id;
  const fare = booked.body.quote.totalNgwee;
  await track();

  const pending = await driver.call('GET', '/api/rides/pending/car');
  expect(pending.body.rides.map((ride: { id: string }) => ride.id)).toContain(rideId);

  const accepted = await driver.call('PATCH', `/api/rides/${rideId}`, { status: 'accepted', driverId });
  expect(accepted.body).toMatchObject({ status: 'accepted', agreedFareNgwee: fare, pin: null });
  const onTheWay = await track();
  expect(onTheWay.body).toMatchObject({
    pin: { code: PIN, status: 'issued' },
    driver: { fullName: 'Mwila Tembo', vehicle: { plateNumber: 'BAF 4521', make: 'Toyota', model: 'Corolla', colour: 'Silver' } },
    eta: { to: 'pickup', minutes: 3 },
  });

  expect((await driver.call('POST', `/api/rides/${rideId}/arrive`)).body.status).toBe('arrived');
  const atPickup = await track();

  const wrong = await driver.call('POST', `/api/rides/${rideId}/start`, { pin: '1234' });
  expect(wrong.status).toBe(409);
  expect(wrong.body).toMatchObject({ code: 'pin_incorrect', attemptsLeft: 4 });
  const started = await driver.call('POST', `/api/rides/${rideId}/start`, { pin: atPickup.body.pin.code });
  expect(started.body.status).toBe('in_progress');
  await track();

  bed.clock.advance(9 * 60_000);
  const completed = await driver.call('POST', `/api/rides/${rideId}/complete`, { distanceKm: 3.4, durationMinutes: 9 });
  expect(completed.body).toMatchObject({ status: 'completed', finalFareNgwee: fare });
  const done = await track();
  expect(done.body).toMatchObject({ finalFareNgwee: fare, distance: 3.4, duration: 9, pin: { status: 'used', code: null } });

  expect((await call(bed, rider, 'POST', `/api/rides/${rideId}/rate`, { stars: 5, comment: 'Safe and on time' })).status).toBe(200);
  expect((await driver.call('POST', `/api/rides/${rideId}/rate`, { stars: 5 })).status).toBe(200);

  expect(seen).toEqual(['pending', 'accepted', 'arrived', 'in_progress', 'completed']);

  await settled(bed);
  // Paid in cash: the driver confirms it, and only then does the fare count in their earnings.
  expect((await driver.call('GET', `/api/drivers/${driverId}/earnings`)).body.summary.today.rides).toBe(0);
  expect((await driver.call('POST', `/api/rides/${rideId}/payment/cash-collected`, {})).status).toBe(200);
  await settled(bed);
  const earnings = await driver.call('GET', `/api/drivers/${driverId}/earnings`);
  expect(earnings.status).toBe(200);
  expect(earnings.body.summary.today).toEqual({ rides: 1, grossNgwee: fare, ...splitFare(fare) });
  expect(earnings.body.rides).toEqual([expect.objectContaining({ rideId, grossNgwee: fare })]);
  const history = await driver.call('GET', `/api/rides/driver/${driverId}`);
  expect(history.body.rides).toEqual([expect.objectContaining({ id: rideId, status: 'completed', ratings: { byRider: null, byDriver: { stars: 5, comment: null } } })]);
  const profileAfter = await driver.call('GET', `/api/drivers/user/${driverId}`);
  expect(profileAfter.body).toMatchObject({ rating: 5, ratingCount: 1, completedRides: 1, engagedRideId: null });

  // The rider was shown the PIN; the driver, in every answer of the journey, never was.
  expect(withoutIdsAndInstants(onTheWay.text)).toContain(PIN);
  expect(driver.answers.length).toBeGreaterThanOrEqual(14);
  expect(driver.answersHolding(PIN)).toEqual([]);
});
