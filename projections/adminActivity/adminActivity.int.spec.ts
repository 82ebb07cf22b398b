import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { changePlatformSettings } from '../../commands/platformSettings/index.js';
import { createCommandServices } from '../../commands/shared/services.js';
import { useScenarioBed } from '../../tests/support/projectionTestKit.js';
import { projectUntilApplied } from '../../tests/support/projectUntilApplied.js';
import type { TestDriver } from '../../tests/support/rideScenarios.js';
import { rideCancelledByRider, rideRequested } from '../../tests/support/fixtures/ride.js';
import type { RideEvent } from '../../domain/ride/events.js';
import type { JsonValue } from '../../platform/eventStore/port.js';
import { driverProfilesProjection } from '../driverProfiles/index.js';
import { readModelRows } from '../runner/readModelRows.js';
import { rebuildProjection } from '../runner/rebuild.js';
import { ridesProjection } from '../rides/index.js';
import { streamPrefixes } from '../shared/storedEvents.js';
import { adminActivityProjection } from './projection.js';
import { recentActivity } from './queries.js';

const mwila: TestDriver = { driverId: 'driver-mwila', userId: 'user-mwila', vehicleType: 'car' };
const banda: TestDriver = { driverId: 'driver-banda', userId: 'user-banda', vehicleType: 'car' };

describe('admin activity: the latest notable events, for the dashboard', () => {
  const { bed, db, scenario } = useScenarioBed('adminactivity', {
    projections: [adminActivityProjection, ridesProjection, driverProfilesProjection],
    start: '2026-03-04T06:00:00Z',
  });
  let settingsEvents = 0;
  beforeEach(() => {
    settingsEvents = 0;
  });

  const project = () =>
    projectUntilApplied({
      ...bed,
      projection: adminActivityProjection,
      events: scenario.appendedTo(streamPrefixes.ride, streamPrefixes.driverVerification) + settingsEvents,
    });

  async function changeSettings() {
    const services = createCommandServices({ store: bed.store, db, clock: { now: () => new Date('2026-03-04T08:00:00Z') } });
    const context = { commandId: randomUUID(), actor: { userId: 'admin-natasha', role: 'admin' } };
    const result = await changePlatformSettings(services, { changes: { surgeEnabled: true, weather: 'rain' } }, context);
    settingsEvents += result.events.length;
  }

  async function aMorning() {
    await scenario.approvedDriver(mwila);
    await scenario.goOnline(mwila);
    await scenario.later(1).apply(banda);
    await scenario.later(1).review(banda, 'RejectDriver', 'blurred NRC');
    await scenario.later(5).completedRide('done', 'rider-1', mwila, 4_500);
    await scenario.later(5).requestRide('gone', { riderId: 'rider-2' });
    await scenario.later(1).cancel('gone', { userId: 'rider-2', role: 'passenger' }, 'found a lift');
    await scenario.later(1).requestRide('lonely', { riderId: 'rider-3' });
    await scenario.later(11).expire('lonely');
    await changeSettings();
  }

  it('keeps rides booked, assigned, completed, cancelled and expired, driver decisions and settings changes, with who acted, newest first', async () => {
    await aMorning();
    await project();
    const entries = await recentActivity(db, 50);
    expect(entries.map((entry) => [entry.kind, entry.subject_id, entry.actor_role])).toEqual([
      ['settings_changed', 'platform', 'admin'],
      ['ride_expired', 'lonely', 'system'],
      ['ride_requested', 'lonely', 'passenger'],
      ['ride_cancelled', 'gone', 'passenger'],
      ['ride_requested', 'gone', 'passenger'],
      ['ride_completed', 'done', 'driver'],
      ['ride_assigned', 'done', 'driver'],
      ['ride_requested', 'done', 'passenger'],
      ['driver_rejected', 'driver-banda', 'admin'],
      ['driver_applied', 'driver-banda', 'driver'],
      ['driver_approved', 'driver-mwila', 'admin'],
      ['driver_applied', 'driver-mwila', 'driver'],
    ]);
    const byKind = (kind: string) => entries.find((entry) => entry.kind === kind)!;
    expect(byKind('settings_changed')).toMatchObject({ actor_user_id: 'admin-natasha', details: { changed: ['surgeEnabled', 'weather'] } });
    expect(byKind('driver_rejected').details).toEqual({ reason: 'blurred NRC' });
    expect(byKind('ride_cancelled').details).toEqual({ reason: 'found a lift', cancelledBy: 'rider' });
    expect(byKind('ride_completed').details).toEqual({ fareNgwee: 4_500 });
  });

  it('leaves out what a dashboard feed is not for (duty changes, PINs, arrivals, trip starts)', async () => {
    await scenario.approvedDriver(mwila);
    await scenario.goOnline(mwila);
    await scenario.completedRide('done', 'rider-1', mwila);
    await project();
    const kinds = (await recentActivity(db, 50)).map((entry) => entry.kind);
    expect(kinds.sort()).toEqual(['driver_applied', 'driver_approved', 'ride_assigned', 'ride_completed', 'ride_requested']);
  });

  it('names the subject from the rides and driver read models when they have it', async () => {
    await scenario.approvedDriver(mwila);
    await scenario.requestRide('named', { riderId: 'rider-1' });
    await project();
    await projectUntilApplied({ ...bed, projection: ridesProjection, events: scenario.appendedTo(streamPrefixes.ride) });
    await projectUntilApplied({ ...bed, projection: driverProfilesProjection, events: scenario.appendedTo(streamPrefixes.ride, streamPrefixes.driverVerification) });
    const entries = await recentActivity(db, 50);
    expect(entries.find((entry) => entry.subject_id === 'named')).toMatchObject({ ride_pickup: 'Freedom Park, Kitwe', ride_dropoff: 'Copperbelt University, Kitwe', ride_city: 'kitwe' });
    expect(entries.find((entry) => entry.kind === 'driver_approved')).toMatchObject({ driver_user_id: 'user-mwila', driver_plate: 'ZM WILA' });
  });

  it('answers the newest `limit` entries', async () => {
    await aMorning();
    await project();
    expect((await recentActivity(db, 3)).map((entry) => entry.kind)).toEqual(['settings_changed', 'ride_expired', 'ride_requested']);
  });

  it('lists entries stored in one instant in the order they were stored: one append, one instant, newest first', async () => {
    // Each ride booked and cancelled in one append: the two entries mostly read the same instant
    // (to the millisecond), so only their place in $all tells the cancellation came after (an id,
    // random, would be a coin toss).
    const rides = Array.from({ length: 8 }, (_, index) => `tie-${index}`);
    for (const ride of rides) {
      const events: RideEvent[] = [rideRequested({ rideId: ride }), { ...rideCancelledByRider, data: { ...rideCancelledByRider.data, rideId: ride } } as RideEvent];
      await bed.store.appendToStream(`${streamPrefixes.ride}${ride}`, events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data as JsonValue })), { expectedRevision: 'no_stream' });
    }
    await projectUntilApplied({ ...bed, projection: adminActivityProjection, events: rides.length * 2 });

    const entries = await recentActivity(db, rides.length * 2);
    // Each event's instant is its row's clock_timestamp(): the two rows of an append are stored
    // microseconds apart, so most pairs share their millisecond and now and then one straddles it.
    const tied = rides.filter((ride) => new Set(entries.filter((entry) => entry.subject_id === ride).map((entry) => entry.at.getTime())).size === 1);
    expect(tied.length, 'rides whose two entries share their instant').toBeGreaterThan(0);
    expect(entries.map((entry) => `${entry.subject_id} ${entry.kind}`)).toEqual(rides.toReversed().flatMap((ride) => [`${ride} ride_cancelled`, `${ride} ride_requested`]));
  });

  it('rebuilds from the events to the same rows', async () => {
    await aMorning();
    await project();
    const before = await readModelRows(db, 'rm_admin_activity');
    await rebuildProjection({ pool: bed.pool, store: bed.store, projection: adminActivityProjection });
    expect(await readModelRows(db, 'rm_admin_activity')).toEqual(before);
    expect(before.length).toBe(12);
  });
});
