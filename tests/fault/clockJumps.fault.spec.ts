import { expect, it } from 'vitest';
import { rideStreamId } from '../../domain/ride/index.js';
import { TimerScheduler } from '../../commands/timers/timerScheduler.js';
import { eventTypes, requestRide, START, useWriteSideBed } from '../support/writeSideTestBed.js';

const world = useWriteSideBed('clockjump');
const at = (offsetSeconds: number) => new Date(Date.parse(START) + offsetSeconds * 1000);

/**
 * The machine's clock jumps (an NTP correction, a VM resumed after hours): back, and no timer
 * fires early; forward past many deadlines, and each overdue timer fires exactly once, even with
 * two schedulers (two replicas) waking at the same moment.
 */
it('a clock jumping back fires nothing early; jumping hours ahead fires every overdue timer once, with two schedulers at once', async () => {
  const rides: string[] = [];
  for (const offset of [0, 10, 20]) {
    world.clock.set(at(offset));
    rides.push(await requestRide(world.services));
  }
  await world.drain(); // the reactor schedules their search expiries (600 s)
  const schedulers = [0, 1].map(() => new TimerScheduler({ services: world.services, pollIntervalMs: 20 }));

  world.clock.set(at(-3_600));
  expect((await Promise.all(schedulers.map((scheduler) => scheduler.fireDueTimers()))).flat()).toEqual([]);
  world.clock.set(at(599));
  expect((await Promise.all(schedulers.map((scheduler) => scheduler.fireDueTimers()))).flat()).toEqual([]);
  for (const rideId of rides) expect(await eventTypes(world.services, rideStreamId(rideId))).toEqual(['RideRequested']);

  world.clock.set(at(6 * 3_600));
  const fired = (await Promise.all(schedulers.map((scheduler) => scheduler.fireDueTimers()))).flat();
  fired.push(...(await Promise.all(schedulers.map((scheduler) => scheduler.fireDueTimers()))).flat());
  expect(fired.map((firing) => firing.outcome)).toEqual(['done', 'done', 'done']);
  for (const rideId of rides) expect(await eventTypes(world.services, rideStreamId(rideId))).toEqual(['RideRequested', 'RideExpired']);
  const timers = await world.services.db.selectFrom('timers').select(['status', 'attempts']).where('kind', '=', 'ride_search_expiry').execute();
  expect(timers).toEqual(rides.map(() => ({ status: 'done', attempts: 1 })));
});
