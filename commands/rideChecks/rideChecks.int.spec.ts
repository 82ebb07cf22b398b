import { describe, expect, it } from 'vitest';
import { causeFromRideCheck, incidentStream } from '../../domain/incident/index.js';
import { rideChecksStream, RIDE_CHECK_ANSWER_SECONDS, type RideCheckEvent, type TripPosition } from '../../domain/rideChecks/index.js';
import { along } from '../../tests/support/fixtures/rideChecks.js';
import { as, expectRefusal, givenAcceptedRide, givenRideInProgress, storedTypes, system, useRideTestBed } from '../../tests/support/rideFixtures.js';
import { raiseIncident } from '../incident/index.js';
import { answerRideCheck, checkTripProgress, markRideCheckUnanswered } from './index.js';

const bed = useRideTestBed('ridechecks');

/**
 * The driver's positions every 30 s from the trip's start (now): driving along the route for
 * four minutes, then standing halfway until `untilMinute`. The clock is moved to the last one.
 */
function stopHalfway(untilMinute: number): TripPosition[] {
  const start = bed.clock.now().getTime();
  const positions: TripPosition[] = [];
  for (let minute = 0; minute <= untilMinute; minute += 0.5) {
    const point = minute < 4 ? along((0.5 * minute) / 4) : along(0.5);
    positions.push({ ...point, at: new Date(start + minute * 60_000).toISOString() });
  }
  bed.clock.advance(untilMinute * 60);
  return positions;
}

describe('ride checks on a trip', () => {
  it('a long stop away from the booked places raises a check the rider is asked to answer within two minutes', async () => {
    const ride = await givenRideInProgress(bed.services);
    const positions = stopHalfway(10);
    const result = await checkTripProgress(bed.services, { rideId: ride.rideId, positions }, as(system));
    expect(result.events).toHaveLength(1);
    expect(result.events[0]).toMatchObject({
      type: 'RideCheckRaised',
      data: {
        number: 1,
        riderUserId: ride.rider.userId,
        finding: { reason: 'unexpected_stop', stoppedMinutes: 6 },
        answerDueBy: new Date(bed.clock.now().getTime() + RIDE_CHECK_ANSWER_SECONDS * 1000).toISOString(),
      },
    });
    const again = await checkTripProgress(bed.services, { rideId: ride.rideId, positions }, as(system));
    expect(again.events).toEqual([]);
  });

  it('Need Help raises an incident, as the reactor will', async () => {
    const ride = await givenRideInProgress(bed.services);
    const raised = await checkTripProgress(bed.services, { rideId: ride.rideId, positions: stopHalfway(10) }, as(system));
    const checkId = (raised.events[0] as Extract<RideCheckEvent, { type: 'RideCheckRaised' }>).data.checkId;
    const answered = await answerRideCheck(bed.services, { rideId: ride.rideId, checkId, answer: 'need_help' }, as(ride.rider));
    const cause = causeFromRideCheck(answered.events[0]!)!;
    await raiseIncident(bed.services, { rideId: ride.rideId, cause }, as(system));
    expect(await storedTypes(bed.store, incidentStream(ride.rideId))).toEqual(['IncidentRaised']);
  });

  it('only the rider answers; no answer within two minutes is marked by the timer', async () => {
    const ride = await givenRideInProgress(bed.services);
    const raised = await checkTripProgress(bed.services, { rideId: ride.rideId, positions: stopHalfway(10) }, as(system));
    const checkId = (raised.events[0] as Extract<RideCheckEvent, { type: 'RideCheckRaised' }>).data.checkId;
    const stream = rideChecksStream(ride.rideId);
    await expectRefusal(bed.store, [stream], () => answerRideCheck(bed.services, { rideId: ride.rideId, checkId, answer: 'safe' }, as(ride.driver.actor)), 'forbidden');
    bed.clock.advance(RIDE_CHECK_ANSWER_SECONDS - 1);
    await expectRefusal(bed.store, [stream], () => markRideCheckUnanswered(bed.services, { rideId: ride.rideId, checkId }, as(system)), 'not_allowed_in_state');
    bed.clock.advance(1);
    const silent = await markRideCheckUnanswered(bed.services, { rideId: ride.rideId, checkId }, as(system));
    expect(causeFromRideCheck(silent.events[0]!)).toMatchObject({ kind: 'ride_check', answer: 'unanswered', checkId });
  });

  it('the overdue check uses the duration the ride was quoted with', async () => {
    const ride = await givenRideInProgress(bed.services);
    const start = bed.clock.now().getTime();
    bed.clock.advance(3 * 60 * 60);
    const moving = [0, 1, 2].map((step) => ({ ...along(step / 4), at: new Date(start + step * 60_000).toISOString() }));
    const result = await checkTripProgress(bed.services, { rideId: ride.rideId, positions: moving }, as(system));
    expect(result.events[0]).toMatchObject({ data: { finding: { reason: 'trip_overdue', elapsedMinutes: 180 } } });
    const finding = (result.events[0] as Extract<RideCheckEvent, { type: 'RideCheckRaised' }>).data.finding;
    expect(finding.reason === 'trip_overdue' && finding.estimatedMinutes).toBeGreaterThan(0);
  });

  it('a ride whose trip has not started is not watched', async () => {
    const ride = await givenAcceptedRide(bed.services);
    await expectRefusal(bed.store, [rideChecksStream(ride.rideId)], () => checkTripProgress(bed.services, { rideId: ride.rideId, positions: [] }, as(system)), 'not_allowed_in_state', /ride accepted/);
  });
});
