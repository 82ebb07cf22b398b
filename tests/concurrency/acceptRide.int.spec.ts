import { beforeAll, describe, expect, it } from 'vitest';
import { driverDutyDecider, driverDutyStatus, driverStream, type DriverDutyEvent } from '../../domain/driverDuty/index.js';
import { rideStreamId } from '../../domain/ride/index.js';
import { DomainError, fold } from '../../domain/shared/index.js';
import { toDomainEvent } from '../../commands/shared/services.js';
import { acceptRide, cancelRide, requestRide } from '../../commands/ride/index.js';
import {
  as,
  onboardDriver,
  passenger,
  releaseDriver,
  rideRequest,
  system,
  useRideTestBed,
  type TestDriver,
} from '../support/rideFixtures.js';

const DRIVERS = 20;
const ROUNDS = 100;

const bed = useRideTestBed('acceptrace', { poolSize: DRIVERS + 4 });
let drivers: TestDriver[];
beforeAll(async () => {
  drivers = [];
  for (let index = 0; index < DRIVERS; index++) drivers.push(await onboardDriver(bed.services, { driverId: `racer-${index}` }));
});

/**
 * Twenty verified, online car drivers tap "accept" on the same fixed-price ride at once, through
 * the real handler on a real PostgreSQL. Each reserves itself first, then appends to the ride;
 * the ride stream's expected revision lets exactly one append land.
 */
describe(`${DRIVERS} drivers accept one fixed-price ride at once (${ROUNDS} rounds)`, () => {
  it('exactly one is assigned; every other hears not_allowed_in_state; no loser stays reserved', { timeout: 420_000 }, async () => {
    const rider = passenger('race-rider');
    let compensated = 0;
    let racing = 0;
    const started = performance.now();

    for (let round = 0; round < ROUNDS; round++) {
      const { rideId } = await requestRide(bed.services, rideRequest({ rideId: `race-${round}` }), as(rider));
      const raceStarted = performance.now();
      const outcomes = await Promise.allSettled(
        drivers.map((driver) => acceptRide(bed.services, { rideId, driverId: driver.driverId }, as(driver.actor))),
      );
      racing += performance.now() - raceStarted;

      const winners = outcomes.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [drivers[index]!] : []));
      expect(winners, `round ${round}`).toHaveLength(1);
      const winner = winners[0]!;
      const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
      for (const refusal of refusals) {
        expect(refusal, `round ${round}: ${String(refusal)}`).toBeInstanceOf(DomainError);
        expect(refusal, `round ${round}`).toMatchObject({
          code: 'not_allowed_in_state',
          message: 'AcceptRide is not allowed while the ride is accepted',
        });
      }

      const assigned = (await bed.store.readStream(rideStreamId(rideId))).filter((event) => event.type === 'DriverAssigned');
      expect(
        assigned.map((event) => (event.data as { driverId: string }).driverId),
        `round ${round}`,
      ).toEqual([winner.driverId]);
      const duties = await Promise.all(drivers.map((driver) => dutyStream(driver.driverId)));
      duties.forEach((duty, index) => {
        const expected = drivers[index] === winner ? { status: 'engaged', rideId } : { status: 'online', rideId: null };
        expect(duty.now, `round ${round}, ${drivers[index]!.driverId}`).toEqual(expected);
        compensated += duty.releasedAfterLosing(rideId);
      });

      // What the release reactor would do once the ride ends: the winner is free for the next round.
      await cancelRide(bed.services, { rideId, reason: 'race over' }, as(system));
      await releaseDriver(bed.services, winner.driverId, rideId, 'ride_cancelled');
    }

    const seconds = (performance.now() - started) / 1000;
    console.info(
      `${ROUNDS} rounds of ${DRIVERS} concurrent AcceptRide in ${seconds.toFixed(1)} s (${(racing / 1000).toFixed(1)} s of it racing); ${compensated} losers were reserved, then released`,
    );
    // The twenty check the pending ride together, so nearly every loser reserves itself, loses the
    // ride append and is released: the compensation, not an early refusal, is what was exercised.
    expect(compensated).toBeGreaterThan(0);
  });
});

/** A driver's duty stream: where it stands now, and how often it was released after losing `rideId`. */
async function dutyStream(driverId: string) {
  const recorded = await bed.store.readStream(driverStream(driverId));
  const state = fold(
    driverDutyDecider,
    recorded.map((event) => toDomainEvent<DriverDutyEvent>(event)),
  );
  return {
    now: { status: driverDutyStatus(state), rideId: state.context.currentRideId },
    releasedAfterLosing: (rideId: string) =>
      recorded.filter((event) => event.type === 'DriverReleased' && isEqual(event.data, { rideId, reason: 'ride_append_lost' })).length,
  };
}

const isEqual = (data: unknown, expected: { rideId: string; reason: string }) => {
  const { rideId, reason } = data as { rideId: string; reason: string };
  return rideId === expected.rideId && reason === expected.reason;
};
