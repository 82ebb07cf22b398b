import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useScenarioBed } from '../../tests/support/projectionTestKit.js';
import { readModelRows } from '../runner/readModelRows.js';
import { rebuildProjection } from '../runner/rebuild.js';
import { projectUntilApplied } from '../../tests/support/projectUntilApplied.js';
import type { TestDriver } from '../../tests/support/rideScenarios.js';
import { streamPrefixes } from '../shared/storedEvents.js';
import { ridePinsProjection } from './projection.js';
import { pinForRider } from './queries.js';
import type { RidePinsTables } from './ridePins.table.js';

const mwale: TestDriver = { driverId: 'driver-mwale', userId: 'user-mwale', vehicleType: 'car' };
const chanda = 'user-chanda';

describe('ride PINs: the rider\'s trip-start code, kept apart from everything drivers read', () => {
  const { bed, db, scenario } = useScenarioBed('ridepins', { projections: [ridePinsProjection], start: '2026-03-02T06:00:00Z', onlineDrivers: [mwale] });

  const project = (batchSize = 100) =>
    projectUntilApplied({ ...bed, projection: ridePinsProjection, events: scenario.appendedTo(streamPrefixes.ride), batchSize });
  const wrongPin = (pin: string) => (pin === '1234' ? '4321' : '1234');

  it('shows the rider the PIN once a driver is assigned, counts wrong tries, locks, reissues and forgets it at the start', async () => {
    await scenario.requestRide('r1', { riderId: chanda });
    await project();
    expect(await pinForRider(db, 'r1', chanda)).toEqual({
      rideId: 'r1', status: 'awaiting_driver', pin: null, failedAttempts: 0, attemptsLeft: 5, issuedAt: null,
    });

    await scenario.later(1).acceptRide('r1', mwale);
    await scenario.later(4).arrive('r1', mwale);
    const first = await scenario.currentPin('r1');
    await scenario.startTrip('r1', mwale, wrongPin(first));
    await scenario.startTrip('r1', mwale, wrongPin(first));
    await project();
    expect(await pinForRider(db, 'r1', chanda)).toEqual({
      rideId: 'r1', status: 'issued', pin: first, failedAttempts: 2, attemptsLeft: 3, issuedAt: new Date('2026-03-02T06:01:00Z'),
    });
    expect(await pinForRider(db, 'r1', mwale.userId)).toBeUndefined();
    expect(await pinForRider(db, 'r1', 'user-mutale')).toBeUndefined();

    for (let i = 0; i < 3; i++) await scenario.startTrip('r1', mwale, wrongPin(first));
    await project();
    expect(await pinForRider(db, 'r1', chanda)).toMatchObject({ status: 'locked', pin: first, failedAttempts: 5, attemptsLeft: 0 });

    await scenario.later(1).reissuePin('r1', chanda);
    const second = await scenario.currentPin('r1');
    await project();
    expect(await pinForRider(db, 'r1', chanda)).toEqual({
      rideId: 'r1', status: 'issued', pin: second, failedAttempts: 0, attemptsLeft: 5, issuedAt: new Date('2026-03-02T06:06:00Z'),
    });

    await scenario.startTrip('r1', mwale);
    await project();
    expect(await pinForRider(db, 'r1', chanda)).toMatchObject({ status: 'used', pin: null });
  });

  it('voids the PIN of a ride that ends without a trip', async () => {
    await scenario.requestRide('r2', { riderId: chanda });
    await scenario.acceptRide('r2', mwale);
    await scenario.cancel('r2', { userId: chanda, role: 'passenger' });
    await scenario.requestRide('r3', { riderId: chanda });
    await scenario.later(11).expire('r3');
    await project();
    expect(await pinForRider(db, 'r2', chanda)).toMatchObject({ status: 'void', pin: null });
    expect(await pinForRider(db, 'r3', chanda)).toMatchObject({ status: 'void', pin: null, issuedAt: null });
  });

  it('gives the same rows from one batch, from one event per batch, and when the events are applied twice', async () => {
    await scenario.requestRide('a', { riderId: chanda });
    await scenario.acceptRide('a', mwale);
    await scenario.arrive('a', mwale);
    await scenario.startTrip('a', mwale, wrongPin(await scenario.currentPin('a')));
    await scenario.requestRide('b', { riderId: 'user-mutale' });
    await project(1_000);
    const oneBatch = await readModelRows(db, 'rm_ride_pins');
    expect(oneBatch).toHaveLength(2);

    await rebuildProjection({ pool: bed.pool, store: bed.store, projection: ridePinsProjection, batchSize: 1 });
    expect(await readModelRows(db, 'rm_ride_pins')).toEqual(oneBatch);

    const again = await bed.store.readAll({ filter: ridePinsProjection.filter });
    const readModel: Kysely<RidePinsTables> = db;
    await readModel.transaction().execute((trx) => ridePinsProjection.handle(trx, again.events));
    expect(await readModelRows(db, 'rm_ride_pins')).toEqual(oneBatch);
  });
});
