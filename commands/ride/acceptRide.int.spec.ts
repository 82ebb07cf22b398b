import { describe, expect, it } from 'vitest';
import { driverStream } from '../../domain/driverDuty/index.js';
import { UnavailableError, type EventStore } from '../../platform/eventStore/port.js';
import type { CommandServices } from '../shared/services.js';
import {
  as,
  driverUser,
  dutyOf,
  expectRefusal,
  givenAcceptedRide,
  givenCompletedRide,
  givenRideInProgress,
  givenPendingRide,
  onboardDriver,
  passenger,
  releaseDriver,
  storedTypes,
  uniqueId,
  useRideTestBed,
} from '../../tests/support/rideFixtures.js';
import { acceptRide } from './index.js';

const bed = useRideTestBed('acceptride');

/** A store on which `interloper` gets its write in just before our first append to `stream`. */
function racedOn(stream: string, interloper: () => Promise<unknown>): CommandServices {
  let raced = false;
  const store = new Proxy(bed.store, {
    get(target, property, receiver) {
      if (property !== 'appendToStream') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<EventStore['appendToStream']>) => {
        if (!raced && args[0] === stream) {
          raced = true;
          await interloper();
        }
        return target.appendToStream(...args);
      };
    },
  });
  return { ...bed.services, store };
}

describe('AcceptRide (fixed price)', () => {
  it('given a pending ride and an online driver, the driver is reserved, then assigned at the quote, and a PIN issued', async () => {
    const ride = await givenPendingRide(bed.services);
    const driver = await onboardDriver(bed.services);
    const result = await acceptRide(bed.services, { rideId: ride.rideId, driverId: driver.driverId }, as(driver.actor));

    expect(result.events.map((e) => e.type)).toEqual(['DriverAssigned', 'PinIssued']);
    expect(result.events[0]!.data).toMatchObject({
      driverId: driver.driverId,
      driverUserId: driver.actor.userId,
      agreedFareNgwee: result.state.context.booking!.quote.totalNgwee,
    });
    expect(result.status?.status).toBe('accepted');
    expect(await storedTypes(bed.store, ride.stream)).toEqual(['RideRequested', 'DriverAssigned', 'PinIssued']);
    expect(await dutyOf(bed.store, driver.driverId)).toEqual({ status: 'engaged', rideId: ride.rideId });
  });

  it('a retried request (same command id) repeats nothing on either stream', async () => {
    const ride = await givenPendingRide(bed.services);
    const driver = await onboardDriver(bed.services);
    const context = as(driver.actor);
    await acceptRide(bed.services, { rideId: ride.rideId, driverId: driver.driverId }, context);
    const again = await acceptRide(bed.services, { rideId: ride.rideId, driverId: driver.driverId }, context);
    expect(again.repeated).toBe(true);
    expect(await storedTypes(bed.store, ride.stream)).toHaveLength(3);
    expect(await storedTypes(bed.store, driverStream(driver.driverId))).toEqual(['DriverWentOnline', 'DriverReserved']);
  });

  describe('refusals append nothing, to the ride or to the driver', () => {
    const streamsOf = (rideStream: string, driverId: string) => [rideStream, driverStream(driverId)];

    it('a driver acting for another driver is forbidden (the driver user comes from the verification stream)', async () => {
      const ride = await givenPendingRide(bed.services);
      const driver = await onboardDriver(bed.services);
      const impostor = await onboardDriver(bed.services);
      const act = () => acceptRide(bed.services, { rideId: ride.rideId, driverId: driver.driverId }, as(impostor.actor));
      await expectRefusal(bed.store, streamsOf(ride.stream, driver.driverId), act, 'forbidden', /AcceptRide is not allowed for driver/);
    });

    it('a passenger is forbidden', async () => {
      const ride = await givenPendingRide(bed.services);
      const driver = await onboardDriver(bed.services);
      const act = () => acceptRide(bed.services, { rideId: ride.rideId, driverId: driver.driverId }, as(ride.rider));
      await expectRefusal(bed.store, streamsOf(ride.stream, driver.driverId), act, 'forbidden');
    });

    it('an unknown ride is not found', async () => {
      const driver = await onboardDriver(bed.services);
      const rideId = uniqueId('ride');
      const act = () => acceptRide(bed.services, { rideId, driverId: driver.driverId }, as(driver.actor));
      await expectRefusal(bed.store, streamsOf(`ride-${rideId}`, driver.driverId), act, 'not_found', `ride ${rideId} was not found`);
    });

    it('an unknown driver is not found', async () => {
      const ride = await givenPendingRide(bed.services);
      const act = () => acceptRide(bed.services, { rideId: ride.rideId, driverId: 'driver-nobody' }, as(driverUser('nobody')));
      await expectRefusal(bed.store, [ride.stream], act, 'not_found', 'driver driver-nobody was not found');
    });

    it('bad input is invalid, naming the field', async () => {
      const ride = await givenPendingRide(bed.services);
      const act = () => acceptRide(bed.services, { rideId: ride.rideId, driverId: '' }, as(driverUser('x')));
      await expectRefusal(bed.store, [ride.stream], act, 'invalid', /^driverId:/);
    });

    it('a bidding ride is not taken at a fixed price', async () => {
      const ride = await givenPendingRide(bed.services, { pricingMethod: 'bidding', proposedFareNgwee: 3_000 });
      const driver = await onboardDriver(bed.services);
      const act = () => acceptRide(bed.services, { rideId: ride.rideId, driverId: driver.driverId }, as(driver.actor));
      await expectRefusal(bed.store, streamsOf(ride.stream, driver.driverId), act, 'not_allowed_in_state', /ride takes bids/);
    });

    it('a ride another driver took is not taken again', async () => {
      const taken = await givenAcceptedRide(bed.services);
      const late = await onboardDriver(bed.services);
      const act = () => acceptRide(bed.services, { rideId: taken.rideId, driverId: late.driverId }, as(late.actor));
      await expectRefusal(bed.store, streamsOf(taken.stream, late.driverId), act, 'not_allowed_in_state', /ride is accepted/);
    });

    it.each([
      ['an unapproved driver', { approve: false }, 'driver_not_verified'],
      ['an offline driver', { online: false }, 'driver_offline'],
      ['a motorcycle courier, for a car ride', { vehicleType: 'motorcycle' as const }, 'vehicle_mismatch'],
    ] as const)('%s is refused', async (_, options, code) => {
      const ride = await givenPendingRide(bed.services);
      const driver = await onboardDriver(bed.services, options);
      const act = () => acceptRide(bed.services, { rideId: ride.rideId, driverId: driver.driverId }, as(driver.actor));
      await expectRefusal(bed.store, streamsOf(ride.stream, driver.driverId), act, code);
    });

    it('a driver engaged on another ride is busy', async () => {
      const first = await givenAcceptedRide(bed.services);
      const second = await givenPendingRide(bed.services);
      const act = () => acceptRide(bed.services, { rideId: second.rideId, driverId: first.driver.driverId }, as(first.driver.actor));
      await expectRefusal(bed.store, streamsOf(second.stream, first.driver.driverId), act, 'driver_busy');
    });
  });

  describe('a driver still engaged on a ride that is over (the release reactor not yet there)', () => {
    it('given a completed trip, the driver takes the next ride at once: released (ride_completed), then reserved', async () => {
      const last = await givenCompletedRide(bed.services);
      const { driverId } = last.driver;
      expect(await dutyOf(bed.store, driverId)).toEqual({ status: 'engaged', rideId: last.rideId });
      const next = await givenPendingRide(bed.services);
      await acceptRide(bed.services, { rideId: next.rideId, driverId }, as(last.driver.actor));
      expect(await dutyOf(bed.store, driverId)).toEqual({ status: 'engaged', rideId: next.rideId });
      const duty = await bed.store.readStream(driverStream(driverId));
      expect(duty.slice(-2).map((event) => [event.type, (event.data as { rideId: string }).rideId])).toEqual([
        ['DriverReleased', last.rideId],
        ['DriverReserved', next.rideId],
      ]);
      expect(duty.at(-2)!.data).toMatchObject({ reason: 'ride_completed' });

      // The reactor's release of the old ride, when it comes, leaves the new ride's reservation alone.
      await releaseDriver(bed.services, driverId, last.rideId);
      expect(await dutyOf(bed.store, driverId)).toEqual({ status: 'engaged', rideId: next.rideId });
      expect((await bed.store.readStream(driverStream(driverId))).length).toBe(duty.length);
    });

    it('given the reactor releasing the driver just after their duty was read, the driver still takes the next ride', async () => {
      const last = await givenCompletedRide(bed.services);
      const { driverId } = last.driver;
      const next = await givenPendingRide(bed.services);
      // The first read of the driver's duty says engaged; the reactor's release lands right after it.
      let reads = 0;
      const store = new Proxy(bed.store, {
        get(target, property, receiver) {
          if (property !== 'readStream') return Reflect.get(target, property, receiver);
          return async (...args: Parameters<EventStore['readStream']>) => {
            const events = await target.readStream(...args);
            if (args[0] === driverStream(driverId) && reads++ === 0) await releaseDriver(bed.services, driverId, last.rideId);
            return events;
          };
        },
      });
      await acceptRide({ ...bed.services, store }, { rideId: next.rideId, driverId }, as(last.driver.actor));
      expect(await dutyOf(bed.store, driverId)).toEqual({ status: 'engaged', rideId: next.rideId });
      const duty = await bed.store.readStream(driverStream(driverId));
      expect(duty.slice(-2).map((event) => event.type)).toEqual(['DriverReleased', 'DriverReserved']);
    });

    it('given a ride still under way with the driver, the driver stays busy and nothing is released', async () => {
      const current = await givenRideInProgress(bed.services);
      const next = await givenPendingRide(bed.services);
      const act = () => acceptRide(bed.services, { rideId: next.rideId, driverId: current.driver.driverId }, as(current.driver.actor));
      await expectRefusal(bed.store, [next.stream, driverStream(current.driver.driverId)], act, 'driver_busy');
      expect(await dutyOf(bed.store, current.driver.driverId)).toEqual({ status: 'engaged', rideId: current.rideId });
    });
  });

  describe('losing the race after the reservation', () => {
    it('releases the reservation (ride_append_lost) and rethrows; a retry repeats the same answer', async () => {
      const ride = await givenPendingRide(bed.services);
      const [winner, loser] = [await onboardDriver(bed.services), await onboardDriver(bed.services)];
      const services = racedOn(ride.stream, () =>
        acceptRide(bed.services, { rideId: ride.rideId, driverId: winner.driverId }, as(winner.actor)),
      );
      const context = as(loser.actor);
      const attempt = () => acceptRide(services, { rideId: ride.rideId, driverId: loser.driverId }, context);

      await expect(attempt()).rejects.toMatchObject({ code: 'not_allowed_in_state' });
      const loserStream = driverStream(loser.driverId);
      expect(await storedTypes(bed.store, loserStream)).toEqual(['DriverWentOnline', 'DriverReserved', 'DriverReleased']);
      const [, , released] = await bed.store.readStream(loserStream);
      expect(released).toMatchObject({
        data: { rideId: ride.rideId, reason: 'ride_append_lost' },
        metadata: { role: 'system', causationId: context.commandId },
      });
      expect(await dutyOf(bed.store, loser.driverId)).toEqual({ status: 'online', rideId: null });
      expect(await dutyOf(bed.store, winner.driverId)).toEqual({ status: 'engaged', rideId: ride.rideId });

      await expect(attempt()).rejects.toMatchObject({ code: 'not_allowed_in_state' });
      expect(await storedTypes(bed.store, loserStream)).toHaveLength(3);
    });

    it("a driver's double tap: the other tap wins, and this one's refusal does not release the shared reservation", async () => {
      const ride = await givenPendingRide(bed.services);
      const driver = await onboardDriver(bed.services);
      const otherTap = () => acceptRide(bed.services, { rideId: ride.rideId, driverId: driver.driverId }, as(driver.actor));
      const services = racedOn(ride.stream, otherTap);
      await expect(acceptRide(services, { rideId: ride.rideId, driverId: driver.driverId }, as(driver.actor))).rejects.toMatchObject({
        code: 'not_allowed_in_state',
      });
      expect(await storedTypes(bed.store, driverStream(driver.driverId))).toEqual(['DriverWentOnline', 'DriverReserved']);
      expect(await dutyOf(bed.store, driver.driverId)).toEqual({ status: 'engaged', rideId: ride.rideId });
    });
  });
  describe('a failure mid-append (the store unreachable)', () => {
    /** A store that fails the first append to `stream` without writing it. */
    function unreachableOnce(stream: string): CommandServices {
      let failed = false;
      const store = new Proxy(bed.store, {
        get(target, property, receiver) {
          if (property !== 'appendToStream') return Reflect.get(target, property, receiver);
          return async (...args: Parameters<EventStore['appendToStream']>) => {
            if (!failed && args[0] === stream) {
              failed = true;
              throw new UnavailableError('connection lost');
            }
            return target.appendToStream(...args);
          };
        },
      });
      return { ...bed.services, store };
    }

    it('keeps the reservation (the append may have landed); the retry completes the assignment', async () => {
      const ride = await givenPendingRide(bed.services);
      const driver = await onboardDriver(bed.services);
      const context = as(driver.actor);
      const input = { rideId: ride.rideId, driverId: driver.driverId };
      await expect(acceptRide(unreachableOnce(ride.stream), input, context)).rejects.toBeInstanceOf(UnavailableError);
      expect(await dutyOf(bed.store, driver.driverId)).toEqual({ status: 'engaged', rideId: ride.rideId });

      await expect(acceptRide(bed.services, input, context)).resolves.toMatchObject({ driverId: driver.driverId, repeated: false });
      expect(await storedTypes(bed.store, driverStream(driver.driverId))).toEqual(['DriverWentOnline', 'DriverReserved']);
    });

    it('when the ride went to someone else meanwhile, the retry releases the leftover reservation', async () => {
      const ride = await givenPendingRide(bed.services);
      const [unlucky, winner] = [await onboardDriver(bed.services), await onboardDriver(bed.services)];
      const context = as(unlucky.actor);
      const input = { rideId: ride.rideId, driverId: unlucky.driverId };
      await expect(acceptRide(unreachableOnce(ride.stream), input, context)).rejects.toBeInstanceOf(UnavailableError);
      await acceptRide(bed.services, { rideId: ride.rideId, driverId: winner.driverId }, as(winner.actor));

      await expect(acceptRide(bed.services, input, context)).rejects.toMatchObject({ code: 'not_allowed_in_state' });
      expect(await dutyOf(bed.store, unlucky.driverId)).toEqual({ status: 'online', rideId: null });
      expect(await storedTypes(bed.store, driverStream(unlucky.driverId))).toEqual([
        'DriverWentOnline',
        'DriverReserved',
        'DriverReleased',
      ]);
    });
  });
});
