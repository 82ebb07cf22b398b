import { describe, expect, it } from 'vitest';
import { fold } from '../shared/index.js';
import { DeciderSpecification, fixedDeps } from '../shared/spec.js';
import { rideChecksDecider } from './decider.js';
import type { Finding } from './detection.js';
import { parseRideCheckEvent, type RideCheckEvent } from './events.js';
import {
  admin,
  along,
  answer,
  at,
  checkTripProgress,
  driverUser,
  driveThenStop,
  markUnanswered,
  minutesIn,
  offset,
  otherPassenger,
  rider,
  rideId,
  trail,
} from '../../tests/support/fixtures/rideChecks.js';
import { checksAwaitingAnswer, rideCheckIdFor } from './status.js';

const spec = DeciderSpecification.for(rideChecksDecider);
const when = (minutes: number) => fixedDeps({ now: at(minutes) });
const plus = (minutes: number, seconds: number) => new Date(at(minutes).getTime() + seconds * 1000).toISOString();

const stoppedHalfway = driveThenStop(0.5, 4, 9);
const stopFinding: Finding = { reason: 'unexpected_stop', since: minutesIn(4), location: along(0.5), stoppedMinutes: 5 };

const raised = (number: number, finding: Finding, minutes: number): RideCheckEvent => ({
  type: 'RideCheckRaised',
  data: {
    rideId,
    checkId: rideCheckIdFor(rideId, number),
    number,
    riderUserId: rider.userId,
    finding,
    raisedAt: minutesIn(minutes),
    answerDueBy: plus(minutes, 120),
  },
});
const firstCheck = rideCheckIdFor(rideId, 1);
const answered = (checkId: string, reply: 'safe' | 'minor_issue' | 'need_help', minutes: number): RideCheckEvent => ({
  type: 'RideCheckAnswered',
  data: { rideId, checkId, reason: 'unexpected_stop', location: along(0.5), answer: reply, answeredByUserId: rider.userId, answeredAt: minutesIn(minutes) },
});
const overdueFinding: Finding = { reason: 'trip_overdue', since: minutesIn(0), location: along(0.5), elapsedMinutes: 31, estimatedMinutes: 20 };

describe('CheckTripProgress', () => {
  it('raises a check for a stop found in the positions, due for an answer in two minutes', () =>
    spec([]).when(checkTripProgress(stoppedHalfway), when(9)).then([raised(1, stopFinding, 9)]));

  it('asks about the same stop once, however often the watcher looks', () => {
    const stillThere = driveThenStop(0.5, 4, 12);
    spec([raised(1, stopFinding, 9)]).when(checkTripProgress(stillThere), when(12)).thenNothingHappened();
    spec([raised(1, stopFinding, 9), answered(firstCheck, 'safe', 10)]).when(checkTripProgress(stillThere), when(12)).thenNothingHappened();
  });

  it('asks again about a new stop after the car moved on', () => {
    const secondStop = [...stoppedHalfway, ...trail(10, 12, (minute) => along(0.5 + (minute - 9) / 20)), ...trail(12.5, 18, () => along(0.65))];
    const finding: Finding = { reason: 'unexpected_stop', since: minutesIn(12), location: along(0.65), stoppedMinutes: 6 };
    spec([raised(1, stopFinding, 9), answered(firstCheck, 'safe', 10)]).when(checkTripProgress(secondStop), when(18)).then([raised(2, finding, 18)]);
  });

  it('shows at most two checks at once: a third condition waits until one is answered', () => {
    const deviation: Finding = { reason: 'route_deviation', since: minutesIn(5), location: offset(along(0.5), 900, 0), metresFromRoute: 888 };
    const stuckOffRoute = [...trail(0, 4.5, (minute) => along(minute / 9)), ...trail(5, 31, () => offset(along(0.5), 900, 0))];
    const twoOpen = [raised(1, { ...overdueFinding, since: minutesIn(0) }, 30), raised(2, deviation, 30)];
    spec(twoOpen).when(checkTripProgress(stuckOffRoute), when(31)).thenNothingHappened();
    const events = rideChecksDecider.decide(checkTripProgress(stuckOffRoute), fold(rideChecksDecider, [...twoOpen, answered(firstCheck, 'safe', 30.5)]), when(31));
    expect(events.map((event) => event.type === 'RideCheckRaised' && [event.data.number, event.data.finding.reason])).toEqual([[3, 'unexpected_stop']]);
  });

  it('raises two checks in one look when two conditions hold, and no more', () => {
    const stuckOffRoute = [...trail(0, 9.5, (minute) => along(minute / 20)), ...trail(10, 40, () => offset(along(0.5), 900, 0))];
    const events = rideChecksDecider.decide(checkTripProgress(stuckOffRoute), rideChecksDecider.initialState(), when(40));
    expect(events.map((event) => event.type === 'RideCheckRaised' && event.data.finding.reason)).toEqual(['unexpected_stop', 'route_deviation']);
    expect(events.map((event) => (event.data as { checkId: string }).checkId)).toEqual([rideCheckIdFor(rideId, 1), rideCheckIdFor(rideId, 2)]);
  });

  it('raises nothing while all is well', () => spec([]).when(checkTripProgress(trail(0, 9, (minute) => along(minute / 20))), when(9)).thenNothingHappened());

  it.each(['accepted', 'completed'] as const)('refuses to look at a ride that is %s', (rideStatus) =>
    spec([]).when(checkTripProgress(stoppedHalfway, { rideStatus }), when(9)).thenThrows('not_allowed_in_state', `ride ${rideStatus}`));

  it.each([rider, driverUser, admin])('is the platform’s alone: $userId is forbidden', (actor) =>
    spec([]).when(checkTripProgress(stoppedHalfway, { actor }), when(9)).thenThrows('forbidden'));

  it('refuses positions that are not positions, naming the field', () => {
    const bad = checkTripProgress([{ lat: 200, lng: 28, at: minutesIn(1) }]);
    spec([]).when(bad, when(9)).thenThrows('invalid', 'positions.0.lat');
  });
});

describe('AnswerRideCheck', () => {
  const open = [raised(1, stopFinding, 9)];

  it.each(['safe', 'minor_issue', 'need_help'] as const)('records the rider’s answer %s, with what the check was about', (reply) =>
    spec(open).when(answer(firstCheck, reply), when(10)).then([answered(firstCheck, reply, 10)]));

  it('takes an answer after the due time as long as the timer has not marked the check', () =>
    spec(open).when(answer(firstCheck, 'safe'), when(11.5)).then([answered(firstCheck, 'safe', 11.5)]));

  it.each([driverUser, otherPassenger, admin, { userId: rider.userId, role: 'driver' as const }])('refuses an answer from $userId ($role)', (actor) =>
    spec(open).when(answer(firstCheck, 'safe', actor), when(10)).thenThrows('forbidden'));

  it('refuses a second answer, and an answer after the check went unanswered', () => {
    spec([...open, answered(firstCheck, 'safe', 10)]).when(answer(firstCheck, 'need_help'), when(10.5)).thenThrows('not_allowed_in_state', 'has been answered (safe)');
    const silent: RideCheckEvent = {
      type: 'RideCheckWentUnanswered',
      data: { rideId, checkId: firstCheck, reason: 'unexpected_stop', location: along(0.5), answerDueBy: plus(9, 120), markedAt: plus(9, 120) },
    };
    spec([...open, silent]).when(answer(firstCheck, 'safe'), when(12)).thenThrows('not_allowed_in_state', 'has gone unanswered');
  });

  it('refuses an unknown check and an answer that is not one of the three', () => {
    spec(open).when(answer(rideCheckIdFor(rideId, 7), 'safe'), when(10)).thenThrows('not_found', rideCheckIdFor(rideId, 7));
    spec(open).when({ ...answer(firstCheck, 'safe'), data: { rideId, checkId: firstCheck, answer: 'maybe' } } as never, when(10)).thenThrows('invalid', 'answer');
  });
});

describe('MarkRideCheckUnanswered', () => {
  const open = [raised(1, stopFinding, 9)];
  const silent = (markedAt: string): RideCheckEvent => ({
    type: 'RideCheckWentUnanswered',
    data: { rideId, checkId: firstCheck, reason: 'unexpected_stop', location: along(0.5), answerDueBy: plus(9, 120), markedAt },
  });

  it('records the silence once two minutes have passed, not a second before', () => {
    spec(open).when(markUnanswered(firstCheck), fixedDeps({ now: new Date(Date.parse(plus(9, 119))) })).thenThrows('not_allowed_in_state', `until ${plus(9, 120)}`);
    spec(open).when(markUnanswered(firstCheck), fixedDeps({ now: plus(9, 120) })).then([silent(plus(9, 120))]);
  });

  it('leaves an answered check alone (the timer is refused)', () =>
    spec([...open, answered(firstCheck, 'minor_issue', 10)]).when(markUnanswered(firstCheck), when(12)).thenThrows('not_allowed_in_state', 'has been answered'));

  it('is the timer’s alone', () => spec(open).when(markUnanswered(firstCheck, rider), when(12)).thenThrows('forbidden'));
});

it('every event the specs use is valid against its schema, and settled checks leave the awaiting list', () => {
  const history = [raised(1, stopFinding, 9), raised(2, overdueFinding, 31), answered(firstCheck, 'safe', 32)];
  for (const event of history) expect(parseRideCheckEvent(event)).toEqual(event);
  const state = fold(rideChecksDecider, history);
  expect(checksAwaitingAnswer(state).map((check) => check.checkId)).toEqual([rideCheckIdFor(rideId, 2)]);
  expect(state.value).toBe('awaiting');
});
