import { describe, expect, it } from 'vitest';
import { bidStreamId } from '../../domain/bid/index.js';
import { rideStreamId } from '../../domain/ride/index.js';
import type { EventStore } from '../../platform/eventStore/port.js';
import { ProjectionRunner } from '../../projections/runner/runner.js';
import { eventually } from '../../tests/support/projectionTestKit.js';
import { acceptFixedRide, admin, context, driverOnDuty, eventTypes, placeBid, requestRide, START, useWriteSideBed } from '../../tests/support/writeSideTestBed.js';
import { changePlatformSettings } from '../platformSettings/index.js';
import { fireTimer, timerActor } from './timerKinds.js';
import type { TimerKind } from './timerPayloads.js';
import { TimerScheduler } from './timerScheduler.js';
import { timerIdFor } from './timerSchedulingReactor.js';
import type { TimerRow } from './timerTable.js';

const world = useWriteSideBed('timers');

const at = (offsetSeconds: number) => new Date(Date.parse(START) + offsetSeconds * 1000);
const timersOf = async (kind: TimerKind): Promise<TimerRow[]> =>
  world.services.db.selectFrom('timers').selectAll().where('kind', '=', kind).orderBy('due_at').execute();
const scheduler = (options: Partial<ConstructorParameters<typeof TimerScheduler>[0]> = {}) =>
  new TimerScheduler({ services: world.services, pollIntervalMs: 20, ...options });

/** A store whose appends fail with a dropped connection the first `times` times. */
function flakyStore(times: number): EventStore {
  let left = times;
  return new Proxy(world.services.store, {
    get(target, property, receiver) {
      if (property !== 'appendToStream') return Reflect.get(target, property, receiver);
      return (...args: Parameters<EventStore['appendToStream']>) =>
        left-- > 0 ? Promise.reject(Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' })) : target.appendToStream(...args);
    },
  });
}

describe('ride search expiry', () => {
  it('an unassigned ride is still searching at 9:59 and expired at 10:00; a restart in between loses no timer', async () => {
    const runners = () => {
      const reactors = new ProjectionRunner({ pool: world.bed.pool, store: world.bed.store, projections: world.reactors, lockRetryMs: 20 });
      const timers = scheduler();
      reactors.start();
      timers.start();
      return { reactors, timers, stop: async () => (await timers.stop(), await reactors.stop()) };
    };
    const first = runners();
    const rideId = await requestRide(world.services);
    const [timer] = await eventually(async () => {
      const timers = await timersOf('ride_search_expiry');
      expect(timers).toHaveLength(1);
      return timers;
    });
    expect(timer).toMatchObject({ due_at: at(600), status: 'pending', payload: { rideId, searchWindowSeconds: 600 } });

    world.clock.set(at(599));
    await new Promise((resolve) => setTimeout(resolve, 100)); // several of the scheduler's passes
    await first.stop();
    expect(await eventTypes(world.services, rideStreamId(rideId))).toEqual(['RideRequested']);
    expect((await timersOf('ride_search_expiry'))[0]).toMatchObject({ status: 'pending', attempts: 0 });

    const second = runners();
    world.clock.set(at(600));
    await eventually(async () => expect(await eventTypes(world.services, rideStreamId(rideId))).toEqual(['RideRequested', 'RideExpired']));
    await second.stop();
    const [expired] = (await world.services.store.readStream(rideStreamId(rideId))).slice(-1);
    expect(expired).toMatchObject({ data: { expiredAt: at(600).toISOString() }, metadata: { commandId: timer!.id, userId: timerActor.userId, role: 'system' } });
    expect((await timersOf('ride_search_expiry'))[0]).toMatchObject({ status: 'done', attempts: 1, fired_at: at(600) });
  });

  it('a replay schedules what the first run did: the window is the one in force when the ride was requested, not at replay', async () => {
    const settingsContext = context(admin);
    await changePlatformSettings(world.services, { changes: { searchWindowSeconds: 300 } }, settingsContext);
    const rideId = await requestRide(world.services);
    // An admin lengthens the window before the reactor (down, crashed, rebuilding) has seen the ride.
    await changePlatformSettings(world.services, { changes: { searchWindowSeconds: 900 } }, context(admin));
    world.settings.searchWindowSeconds = 900; // what "the settings now" would say
    await world.drain();
    const timers = (await timersOf('ride_search_expiry')).filter((timer) => (timer.payload as { rideId: string }).rideId === rideId);
    expect(timers).toMatchObject([{ due_at: at(300), payload: { rideId, searchWindowSeconds: 300 } }]);
  });

  it('takes the search window from the settings in force when the timer is set; a later change leaves it be', async () => {
    world.settings.searchWindowSeconds = 300;
    const early = await requestRide(world.services);
    await world.drain();
    world.settings.searchWindowSeconds = 900;
    const late = await requestRide(world.services);
    await world.drain();
    expect(await timersOf('ride_search_expiry')).toMatchObject([
      { due_at: at(300), payload: { rideId: early, searchWindowSeconds: 300 } },
      { due_at: at(900), payload: { rideId: late, searchWindowSeconds: 900 } },
    ]);
  });

  it('an assigned ride’s expiry timer ends refused, and the ride is left as it was', async () => {
    const driver = await driverOnDuty(world.services);
    const rideId = await requestRide(world.services);
    await acceptFixedRide(world.services, rideId, driver);
    await world.drain();
    const before = await eventTypes(world.services, rideStreamId(rideId));
    world.clock.set(at(600));
    expect(await scheduler().fireDueTimers()).toEqual([{ id: expect.any(String), outcome: 'refused' }]);
    expect(await eventTypes(world.services, rideStreamId(rideId))).toEqual(before);
    expect((await timersOf('ride_search_expiry'))[0]).toMatchObject({ status: 'refused', last_error: expect.stringContaining('not_allowed_in_state') });
  });

  it('a timer fired again after its command was applied (a crash before it was marked) appends nothing twice', async () => {
    const rideId = await requestRide(world.services);
    await world.drain();
    world.clock.set(at(600));
    const [timer] = await timersOf('ride_search_expiry');
    await fireTimer(world.services, timer!, { commandId: timer!.id, actor: timerActor });
    expect(await scheduler().fireDueTimers()).toEqual([{ id: timer!.id, outcome: 'done' }]);
    expect(await eventTypes(world.services, rideStreamId(rideId))).toEqual(['RideRequested', 'RideExpired']);
  });

  it('two schedulers share due timers without firing any twice', async () => {
    const rides = [];
    for (let i = 0; i < 8; i++) rides.push(await requestRide(world.services));
    await world.drain();
    world.clock.set(at(600));
    const [a, b] = await Promise.all([scheduler({ batchSize: 4 }).fireDueTimers(), scheduler({ batchSize: 4 }).fireDueTimers()]);
    const fired = [...a, ...b].map((outcome) => outcome.id);
    expect(fired).toHaveLength(8);
    expect(new Set(fired).size).toBe(8);
    for (const rideId of rides) expect((await eventTypes(world.services, rideStreamId(rideId))).filter((type) => type === 'RideExpired')).toHaveLength(1);
  });
});

describe('bid expiry', () => {
  it('expires a bid 120 s after it was placed, not a second before', async () => {
    const rideId = await requestRide(world.services, { pricingMethod: 'bidding', proposedFareNgwee: 4_000 });
    const bidId = await placeBid(world.services, rideId, await driverOnDuty(world.services));
    await world.drain();
    expect((await timersOf('bid_expiry'))[0]).toMatchObject({ id: expect.any(String), due_at: at(120), payload: { bidId } });
    world.clock.set(at(119));
    expect(await scheduler().fireDueTimers()).toEqual([]);
    world.clock.set(at(120));
    expect(await scheduler().fireDueTimers()).toMatchObject([{ outcome: 'done' }]);
    expect(await eventTypes(world.services, bidStreamId(bidId))).toEqual(['BidPlaced', 'BidExpired']);
  });
});

describe('scheduled ride dispatch', () => {
  it('starts a booked ride’s search at its time less the lead, then gives the search its own expiry', async () => {
    const rideId = await requestRide(world.services, { scheduledFor: at(7_200).toISOString() });
    await world.drain();
    const dueAt = at(7_200 - 15 * 60);
    expect((await timersOf('scheduled_ride_dispatch'))[0]).toMatchObject({ due_at: dueAt, payload: { rideId } });
    world.clock.set(new Date(dueAt.getTime() - 1_000));
    expect(await scheduler().fireDueTimers()).toEqual([]);
    world.clock.set(dueAt);
    expect(await scheduler().fireDueTimers()).toMatchObject([{ outcome: 'done' }]);
    expect(await eventTypes(world.services, rideStreamId(rideId))).toEqual(['RideScheduled', 'ScheduledRideDispatched']);
    await world.drain();
    expect(await timersOf('ride_search_expiry')).toMatchObject([{ due_at: new Date(dueAt.getTime() + 600_000), status: 'pending' }]);
  });
});

describe('transient failures', () => {
  it('retries with a growing delay, then marks the timer failed once its attempts are spent', async () => {
    await requestRide(world.services);
    await world.drain();
    world.clock.set(at(600));
    const failing = scheduler({ services: { ...world.services, store: flakyStore(Infinity) }, maxAttempts: 3, retryDelayMs: 1_000 });
    expect(await failing.fireDueTimers()).toMatchObject([{ outcome: 'retrying' }]);
    expect(await failing.fireDueTimers()).toEqual([]);
    world.clock.set(at(601));
    expect(await failing.fireDueTimers()).toMatchObject([{ outcome: 'retrying' }]);
    world.clock.set(at(602));
    expect(await failing.fireDueTimers()).toEqual([]);
    world.clock.set(at(603));
    expect(await failing.fireDueTimers()).toMatchObject([{ outcome: 'failed' }]);
    expect((await timersOf('ride_search_expiry'))[0]).toMatchObject({ status: 'failed', attempts: 3, last_error: 'Connection terminated unexpectedly' });
  });

  it('fires the timer once the store is back', async () => {
    const rideId = await requestRide(world.services);
    await world.drain();
    world.clock.set(at(600));
    const recovering = scheduler({ services: { ...world.services, store: flakyStore(1) }, retryDelayMs: 1_000 });
    expect(await recovering.fireDueTimers()).toMatchObject([{ outcome: 'retrying' }]);
    world.clock.set(at(601));
    expect(await recovering.fireDueTimers()).toMatchObject([{ outcome: 'done' }]);
    expect(await eventTypes(world.services, rideStreamId(rideId))).toEqual(['RideRequested', 'RideExpired']);
  });
});

describe('timer scheduling reactor', () => {
  it('applied again over the same events, schedules nothing new and keeps what was fired', async () => {
    const rideId = await requestRide(world.services);
    await world.drain();
    world.clock.set(at(600));
    await scheduler().fireDueTimers();
    await world.bed.db.updateTable('projection_checkpoints').set({ position: '-1/-1', events_processed: '0' }).where('name', '=', 'timerScheduling').execute();
    expect(await world.drain()).toBeGreaterThan(0);
    expect(await timersOf('ride_search_expiry')).toMatchObject([{ id: timerIdFor('ride_search_expiry', (await world.services.store.readStream(rideStreamId(rideId)))[0]!.id), status: 'done' }]);
  });
});
