import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { driverDutyDecider, driverDutyStatus, driverStream, type DriverDutyCommand, type DriverDutyEvent } from '../../domain/driverDuty/index.js';
import { SHIFT_BOOKS_EVERY } from '../../domain/driverDuty/decider.js';
import { fold } from '../../domain/shared/decider.js';
import { fixedDeps } from '../../domain/shared/spec.js';
import { openTestBed, type TestBed } from '../../tests/support/projectionTestKit.js';
import { loadState } from './driverFacts.js';
import { handleCommand } from './handleCommand.js';
import { readForFold } from './readForFold.js';

describe('reading a stream from where its fold may resume', () => {
  let bed: TestBed;
  beforeEach(async () => {
    bed = await openTestBed('read_for_fold');
  });
  afterEach(async () => {
    await bed.dispose();
  });

  const at = '2026-12-07T08:00:00.000Z';
  const driverId = randomUUID();
  const online: DriverDutyEvent = { type: 'DriverWentOnline', data: { driverId, userId: 'user-mwila', vehicleType: 'car', wentOnlineAt: at } };
  const offline: DriverDutyEvent = { type: 'DriverWentOffline', data: { driverId, wentOfflineAt: at } };
  const rides = (count: number, label: string): DriverDutyEvent[] =>
    Array.from({ length: count }, (_, index) => [
      { type: 'DriverReserved', data: { driverId, rideId: `${label}-${index}`, reservedAt: at } } as const,
      { type: 'DriverReleased', data: { driverId, rideId: `${label}-${index}`, reason: 'ride_completed', releasedAt: at } } as const,
    ]).flat();
  const append = (stream: string, events: readonly DriverDutyEvent[]) =>
    bed.store.appendToStream(stream, events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data })));
  const domainOf = (events: readonly { type: string; data: unknown }[]) => events.map(({ type, data }) => ({ type, data }) as DriverDutyEvent);

  it('reads a busy driver only from their last shift, and folds to the state the whole stream gives', async () => {
    const stream = driverStream(driverId);
    // Yesterday: a shift of 30 rides. Today: online, then 70 rides.
    await append(stream, [online, ...rides(30, 'yesterday'), offline, online]);
    await append(stream, rides(70, 'today'));
    const whole = await bed.store.readStream(stream);
    expect(whole).toHaveLength(203);

    const shift = await readForFold(bed.store, stream, driverDutyDecider.resumesAt);
    expect(shift.map((event) => event.revision)).toEqual(whole.slice(62).map((event) => event.revision));
    expect(shift[0]!.type).toBe('DriverWentOnline');
    expect(fold(driverDutyDecider, domainOf(shift)).context).toEqual(fold(driverDutyDecider, domainOf(whole)).context);

    const loaded = await loadState(bed.store, stream, driverDutyDecider);
    expect(loaded.revision).toBe(202n);
    expect(driverDutyStatus(loaded.state)).toBe('online');
  });

  it('reads the whole stream when no event of it resumes a fold, or the decider names none', async () => {
    const stream = driverStream(randomUUID());
    await bed.store.appendToStream(stream, Array.from({ length: 100 }, (_, index) => ({ id: randomUUID(), type: 'Noted', data: { index } })));
    expect(await readForFold(bed.store, stream, ['DriverWentOnline'])).toHaveLength(100);
    expect(await readForFold(bed.store, stream, undefined)).toHaveLength(100);
    expect(await readForFold(bed.store, `${stream}-missing`, ['DriverWentOnline'])).toEqual([]);
  });

  it('decides a command on the last shift and appends after the stream’s last event', async () => {
    const stream = driverStream(driverId);
    await append(stream, [online, ...rides(40, 'earlier'), offline, online, ...rides(3, 'now')]);
    const reads = vi.spyOn(bed.store, 'readStream');
    const result = await handleCommand(
      bed.store,
      stream,
      driverDutyDecider,
      { type: 'ReserveDriver', data: { driverId, rideId: 'ride-next', vehicleType: 'car' }, actor: { userId: 'dispatch', role: 'system' } },
      { commandId: randomUUID(), actor: { userId: 'dispatch', role: 'system' } },
      fixedDeps(),
    );
    expect(result.events.map((event) => event.type)).toEqual(['DriverReserved']);
    expect(result.nextExpectedRevision).toBe(89n);
    // One backwards page held the shift: the 80 events before it were never read.
    expect(reads).toHaveBeenCalledTimes(1);
    expect(reads.mock.calls[0]![1]).toMatchObject({ direction: 'backwards' });
    expect((await bed.store.readStream(stream)).at(-1)?.type).toBe('DriverReserved');
  });

  it('given a driver who stays online ride after ride, when their rides are reserved through the command, a load reads only since the books last closed', async () => {
    const stream = driverStream(driverId);
    await append(stream, [online]);
    const dispatch = { userId: 'dispatch', role: 'system' } as const;
    const issue = (command: DriverDutyCommand) => handleCommand(bed.store, stream, driverDutyDecider, command, { commandId: randomUUID(), actor: dispatch }, fixedDeps());
    const shiftRides = 2 * SHIFT_BOOKS_EVERY + 10;
    for (let ride = 0; ride < shiftRides; ride++) {
      await issue({ type: 'ReserveDriver', data: { driverId, rideId: `ride-${ride}`, vehicleType: 'car' }, actor: dispatch });
      await issue({ type: 'ReleaseDriver', data: { driverId, rideId: `ride-${ride}`, reason: 'ride_completed' }, actor: dispatch });
    }
    const whole = await bed.store.readStream(stream);
    expect(whole.filter((event) => event.type === 'DriverShiftCarriedForward')).toHaveLength(2);

    const stretch = await readForFold(bed.store, stream, driverDutyDecider.resumesAt);
    expect(stretch[0]!.type).toBe('DriverShiftCarriedForward');
    expect(stretch).toHaveLength(1 + 2 * 10);
    expect(fold(driverDutyDecider, domainOf(stretch)).context).toEqual(fold(driverDutyDecider, domainOf(whole)).context);
    expect(whole).toHaveLength(1 + 2 * shiftRides + 2);
  });
});
