import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useScenarioBed } from '../../tests/support/projectionTestKit.js';
import { readModelRows } from '../runner/readModelRows.js';
import { rebuildProjection } from '../runner/rebuild.js';
import { projectUntilApplied } from '../../tests/support/projectUntilApplied.js';
import type { TestDriver } from '../../tests/support/rideScenarios.js';
import { streamPrefixes } from '../shared/storedEvents.js';
import { ridesProjection } from './projection.js';
import { liveRides, pendingRidesForVehicleType, rideById, ridesFiltered, ridesForDriver, ridesForRider } from './queries.js';
import type { RidesTables } from './rides.table.js';

const mwale: TestDriver = { driverId: 'driver-mwale', userId: 'user-mwale', vehicleType: 'car' };
const banda: TestDriver = { driverId: 'driver-banda', userId: 'user-banda', vehicleType: 'car' };
const chanda = { userId: 'user-chanda', role: 'passenger' } as const;
const mutale = { userId: 'user-mutale', role: 'passenger' } as const;
const admin = { userId: 'admin-phiri', role: 'admin' } as const;
const ndolaAirport = { address: 'Simon Mwansa Kapwepwe Airport, Ndola', lat: -12.998, lng: 28.664 };

describe('rides: one row per ride, as riders, drivers and admins read it', () => {
  const { bed, db, scenario } = useScenarioBed('rides', { projections: [ridesProjection], start: '2026-03-02T06:00:00Z', onlineDrivers: [mwale, banda] });

  const project = (batchSize = 100) =>
    projectUntilApplied({ ...bed, projection: ridesProjection, events: scenario.appendedTo(streamPrefixes.ride), batchSize });

  it('follows a fixed-price ride through pending, accepted, arrived, in_progress and completed', async () => {
    await scenario.requestRide('r1', { riderId: chanda.userId });
    await project();
    expect(await rideById(db, 'r1')).toMatchObject({
      status: 'pending', rider_id: chanda.userId, driver_id: null, vehicle_type: 'car', pricing_method: 'fixed',
      quote_total_ngwee: 5_000, agreed_fare_ngwee: null, payment_method: 'airtel_money', city: 'kitwe',
      pickup_address: 'Freedom Park, Kitwe', pickup_lat: -12.8024, pickup_lng: 28.2136, dropoff_address: 'Copperbelt University, Kitwe',
      stops: [{ address: 'Kitwe Central Hospital', lat: -12.81, lng: 28.22, notes: 'drop a parcel' }],
      fare_breakdown: { baseFare: 1_500, totalFare: 5_000, distanceKm: 3.4, durationMin: 9 },
      quoted_distance_km: 3.4, quoted_duration_minutes: 9, created_at: new Date('2026-03-02T06:00:00Z'),
    });
    expect((await pendingRidesForVehicleType(db, 'car')).map((ride) => ride.ride_id)).toEqual(['r1']);

    await scenario.later(2).acceptRide('r1', mwale);
    await project();
    expect(await rideById(db, 'r1')).toMatchObject({
      status: 'accepted', driver_id: mwale.driverId, driver_user_id: mwale.userId, agreed_fare_ngwee: 5_000,
      accepted_at: new Date('2026-03-02T06:02:00Z'),
    });
    expect(await pendingRidesForVehicleType(db, 'car')).toEqual([]);

    await scenario.later(5).arrive('r1', mwale);
    await project();
    expect(await rideById(db, 'r1')).toMatchObject({ status: 'arrived', arrived_at: new Date('2026-03-02T06:07:00Z') });

    await scenario.later(1).startTrip('r1', mwale);
    await project();
    expect(await rideById(db, 'r1')).toMatchObject({ status: 'in_progress', started_at: new Date('2026-03-02T06:08:00Z') });
    expect((await liveRides(db)).map((ride) => ride.ride_id)).toEqual(['r1']);

    await scenario.later(12).complete('r1', mwale, { distanceKm: 3.6, durationMinutes: 12 });
    await scenario.later(1).rate('r1', chanda, 4, 'smooth ride');
    await scenario.rate('r1', { userId: mwale.userId, role: 'driver' }, 5);
    await project();
    expect(await rideById(db, 'r1')).toMatchObject({
      status: 'completed', final_fare_ngwee: 5_000, trip_distance_km: 3.6, trip_duration_minutes: 12,
      completed_at: new Date('2026-03-02T06:20:00Z'),
      rider_rating_given: 4, rider_rating_comment: 'smooth ride', driver_rating_given: 5, driver_rating_comment: null,
      emergency_raised: false,
    });
    expect(await liveRides(db)).toEqual([]);
  });

  it('records scheduled, cancelled and expired rides, counter-offers, accepted bids and emergencies', async () => {
    await scenario.requestRide('scheduled', { riderId: chanda.userId, scheduledFor: '2026-03-02T09:00:00Z' });
    await scenario.requestRide('cancelled', { riderId: mutale.userId });
    await scenario.requestRide('expired', { riderId: mutale.userId, pickup: ndolaAirport });
    await scenario.requestRide('bidding', { riderId: chanda.userId, pricingMethod: 'bidding', proposedFareNgwee: 4_000 });
    await project();
    expect(await rideById(db, 'scheduled')).toMatchObject({
      status: 'scheduled', scheduled_for: new Date('2026-03-02T09:00:00Z'), search_started_at: null,
    });
    expect(await pendingRidesForVehicleType(db, 'car').then((rides) => rides.map((ride) => ride.ride_id).sort())).toEqual(['bidding', 'cancelled', 'expired']);

    await scenario.later(3).cancel('cancelled', mutale, 'found another way');
    await scenario.later(8).expire('expired');
    await scenario.counterOffer('bidding', chanda.userId, 4_500);
    await scenario.later(1).acceptBid('bidding', chanda.userId, banda, 4_800);
    await scenario.raiseEmergency('bidding', chanda);
    await scenario.at('2026-03-02T08:45:00Z').dispatch('scheduled');
    await project();

    expect(await rideById(db, 'cancelled')).toMatchObject({
      status: 'cancelled', cancelled_by: 'rider', cancelled_by_user_id: mutale.userId, cancel_reason: 'found another way',
      cancelled_stage: 'pending', cancelled_at: new Date('2026-03-02T06:03:00Z'),
    });
    expect(await rideById(db, 'expired')).toMatchObject({ status: 'expired', city: 'ndola', expired_at: new Date('2026-03-02T06:11:00Z') });
    expect(await rideById(db, 'bidding')).toMatchObject({
      status: 'accepted', pricing_method: 'bidding', proposed_fare_ngwee: 4_000, offered_fare_ngwee: 4_500,
      agreed_fare_ngwee: 4_800, accepted_bid_id: `bidding_${banda.driverId}`, driver_id: banda.driverId,
      emergency_raised: true, emergency_count: 1, first_emergency_at: new Date('2026-03-02T06:12:00Z'),
    });
    expect(await rideById(db, 'scheduled')).toMatchObject({ status: 'pending', search_started_at: new Date('2026-03-02T08:45:00Z') });
    expect((await pendingRidesForVehicleType(db, 'car')).map((ride) => ride.ride_id)).toEqual(['scheduled']);

    await scenario.cancel('bidding', admin, 'safety review');
    await project();
    expect(await rideById(db, 'bidding')).toMatchObject({ status: 'cancelled', cancelled_by: 'admin', cancelled_stage: 'accepted' });
  });

  it('gives the same rows whether a ride arrives in one batch or one event per batch, and after a rebuild', async () => {
    await scenario.completedRide('a', chanda.userId, mwale);
    await scenario.requestRide('b', { riderId: mutale.userId });
    await scenario.later(1).acceptRide('b', banda);
    await scenario.raiseEmergency('b', mutale);
    await scenario.raiseEmergency('b', { userId: banda.userId, role: 'driver' });
    await scenario.later(1).cancel('b', { userId: banda.userId, role: 'driver' }, 'flat tyre');
    await scenario.later(1).completedRide('c', mutale.userId, mwale, 7_200);

    await project(1_000); // every event of every ride in one batch
    const oneBatch = await readModelRows(db, 'rm_rides');
    expect(oneBatch.map((row) => [row.ride_id, row.status])).toEqual([['a', 'completed'], ['b', 'cancelled'], ['c', 'completed']]);
    expect(oneBatch[1]).toMatchObject({ emergency_count: 2, cancelled_by: 'driver', cancel_reason: 'flat tyre' });

    const rebuilt = await rebuildProjection({ pool: bed.pool, store: bed.store, projection: ridesProjection, batchSize: 1 });
    expect(rebuilt.eventsReplayed).toBe(scenario.appendedTo(streamPrefixes.ride));
    expect(await readModelRows(db, 'rm_rides')).toEqual(oneBatch);

    // Applying the same events again (a checkpoint lost with its writes kept) changes nothing.
    const again = await bed.store.readAll({ filter: ridesProjection.filter });
    const readModel: Kysely<RidesTables> = db;
    await readModel.transaction().execute((trx) => ridesProjection.handle(trx, again.events));
    expect(await readModelRows(db, 'rm_rides')).toEqual(oneBatch);
  });

  it('never holds the PIN: no column for it, and no value that is the PIN', async () => {
    await scenario.requestRide('r1', { riderId: chanda.userId });
    await scenario.acceptRide('r1', mwale);
    await scenario.arrive('r1', mwale);
    const pin = await scenario.currentPin('r1');
    await scenario.startTrip('r1', mwale, pin === '1234' ? '4321' : '1234'); // a wrong PIN: a failed attempt is recorded
    await project();

    const { rows: columns } = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'rm_rides'`.execute(db);
    expect(columns.length).toBeGreaterThan(40);
    expect(columns.filter(({ column_name }) => column_name.includes('pin'))).toEqual([]);
    const row = (await rideById(db, 'r1'))!;
    expect(row.status).toBe('arrived');
    expect(Object.values(row).filter((value) => String(value) === pin)).toEqual([]);
  });

  it('pages a rider\'s and a driver\'s rides and filters the admin list', async () => {
    for (const [index, rideId] of ['k1', 'k2', 'k3'].entries()) {
      await scenario.at(`2026-03-0${index + 2}T07:00:00Z`).completedRide(rideId, chanda.userId, mwale, 5_000 + index);
    }
    await scenario.at('2026-03-05T07:00:00Z').requestRide('n1', { riderId: chanda.userId, pickup: ndolaAirport, vehicleType: 'truck' });
    await project();

    const firstPage = await ridesForRider(db, chanda.userId, { limit: 2 });
    expect(firstPage.map((ride) => ride.ride_id)).toEqual(['n1', 'k3']);
    const secondPage = await ridesForRider(db, chanda.userId, { limit: 2, before: firstPage[1]!.created_at });
    expect(secondPage.map((ride) => ride.ride_id)).toEqual(['k2', 'k1']);
    expect(await ridesForRider(db, mutale.userId)).toEqual([]);
    await expect(ridesForRider(db, chanda.userId, { limit: 0 })).rejects.toThrow('limit');

    expect((await ridesForDriver(db, mwale.driverId, { statuses: ['completed'] })).map((ride) => ride.ride_id)).toEqual(['k3', 'k2', 'k1']);
    expect(await ridesForDriver(db, banda.driverId)).toEqual([]);

    expect((await ridesFiltered(db, { city: 'ndola' })).map((ride) => ride.ride_id)).toEqual(['n1']);
    expect((await ridesFiltered(db, { status: 'completed', vehicleType: 'car' })).map((ride) => ride.ride_id)).toEqual(['k3', 'k2', 'k1']);
    const march3 = { from: new Date('2026-03-03T00:00:00Z'), to: new Date('2026-03-04T00:00:00Z') };
    expect((await ridesFiltered(db, march3)).map((ride) => ride.ride_id)).toEqual(['k2']);
    await expect(ridesFiltered(db, { from: march3.to, to: march3.from })).rejects.toThrow('from');
  });
});
