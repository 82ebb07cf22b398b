import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { LatLng } from '../catalogue/geography.js';
import type { Actor } from '../shared/command.js';
import { DomainError, fold } from '../shared/index.js';
import { fixedDeps } from '../shared/spec.js';
import type { RideCheckCommand } from './commands.js';
import { rideChecksDecider } from './decider.js';
import { episodeOf, type TripPosition } from './detection.js';
import { parseRideCheckEvent, type RideCheckEvent } from './events.js';
import { admin, along, answer, checkTripProgress, driverUser, markUnanswered, offset, rider, rideId, startedAt, watcher } from '../../tests/support/fixtures/rideChecks.js';
import { MAX_OPEN_RIDE_CHECKS } from './machine.js';
import { checksAwaitingAnswer, rideCheckIdFor, type RideChecksState } from './status.js';

/**
 * A random trip (driving, standing, leaving the route) watched at random moments while the rider
 * answers, or not, and the timer fires: never more than two checks awaiting an answer, each check
 * settled once, one check per episode, refusals change nothing, and the same history refolds.
 */

const start = Date.parse(startedAt);
const segment = fc.record({
  kind: fc.constantFrom('drive', 'stand', 'detour'),
  minutes: fc.integer({ min: 1, max: 9 }),
  fraction: fc.double({ min: 0, max: 1, noNaN: true }),
});
const step = fc.oneof(
  { arbitrary: fc.record({ type: fc.constant('look' as const) }), weight: 4 },
  fc.record({ type: fc.constant('answer' as const), number: fc.integer({ min: 1, max: 6 }), reply: fc.constantFrom('safe', 'minor_issue', 'need_help') }),
  fc.record({ type: fc.constant('timer' as const), number: fc.integer({ min: 1, max: 6 }) }),
);
const walk = fc.record({
  segments: fc.array(segment, { minLength: 1, maxLength: 8, size: 'max' }),
  steps: fc.array(fc.record({ step, advanceSeconds: fc.integer({ min: 0, max: 240 }), stranger: fc.integer({ min: 0, max: 9 }) }), { minLength: 1, maxLength: 40, size: 'max' }),
});

/** The driver's positions every 30 s through the segments, from the start of the trip. */
function positionsOf(segments: ReadonlyArray<{ kind: string; minutes: number; fraction: number }>): TripPosition[] {
  const positions: TripPosition[] = [];
  let seconds = 0;
  let place: LatLng = along(0);
  for (const { kind, minutes, fraction } of segments) {
    for (let tick = 0; tick < minutes * 2; tick++, seconds += 30) {
      if (kind === 'drive') place = along(Math.min(1, fraction + tick / 40));
      if (kind === 'detour') place = offset(along(fraction), 900 + tick * 50, 0);
      positions.push({ ...place, at: new Date(start + seconds * 1000).toISOString() });
    }
  }
  return positions;
}

const strangers: Actor[] = [driverUser, admin, rider, watcher];
const visible = (state: RideChecksState) => JSON.parse(JSON.stringify({ value: state.value, context: state.context })) as unknown;
const reached = new Set<string>();

describe('ride checks under a random trip', () => {
  it('keep their invariants', () => {
    fc.assert(
      fc.property(walk, ({ segments, steps }) => {
        const trail = positionsOf(segments);
        let state = rideChecksDecider.initialState();
        let nowMs = start;
        const history: RideCheckEvent[] = [];
        for (const { step: current, advanceSeconds, stranger } of steps) {
          nowMs += advanceSeconds * 1000;
          const now = new Date(nowMs);
          const natural = current.type === 'answer' ? rider : watcher;
          const actor = stranger === 0 ? strangers[nowMs % strangers.length]! : natural;
          const command: RideCheckCommand =
            current.type === 'look' ? checkTripProgress(trail.filter((position) => Date.parse(position.at) <= nowMs), { actor })
            : current.type === 'answer' ? answer(rideCheckIdFor(rideId, current.number), current.reply, actor)
            : markUnanswered(rideCheckIdFor(rideId, current.number), actor);
          const before = visible(state);
          let events: RideCheckEvent[];
          try {
            events = rideChecksDecider.decide(command, state, fixedDeps({ now }));
          } catch (error) {
            expect(error, String(error)).toBeInstanceOf(DomainError);
            expect(visible(state), 'a refused command changes nothing').toEqual(before);
            continue;
          }
          for (const event of events) {
            expect(parseRideCheckEvent(event)).toEqual(event);
            expect(state.can(event), `${event.type} must be one the machine takes`).toBe(true);
            if (event.type === 'RideCheckRaised') expect(actor.role).toBe('system');
            if (event.type === 'RideCheckAnswered') expect(actor).toEqual(rider);
            if (event.type === 'RideCheckWentUnanswered') expect(nowMs).toBeGreaterThanOrEqual(Date.parse(event.data.answerDueBy));
            state = rideChecksDecider.evolve(state, event);
            history.push(event);
            reached.add(event.type === 'RideCheckRaised' ? event.data.finding.reason : event.type);
          }
          expect(checksAwaitingAnswer(state).length).toBeLessThanOrEqual(MAX_OPEN_RIDE_CHECKS);
          if (checksAwaitingAnswer(state).length === MAX_OPEN_RIDE_CHECKS) reached.add('two open');
        }
        const raised = history.filter((event) => event.type === 'RideCheckRaised');
        expect(raised.map((event) => event.data.number)).toEqual(raised.map((_, index) => index + 1));
        expect(new Set(raised.map((event) => episodeOf(event.data.finding))).size, 'one check per episode').toBe(raised.length);
        const settled = history.filter((event) => event.type !== 'RideCheckRaised').map((event) => event.data.checkId);
        expect(new Set(settled).size, 'a check is settled once').toBe(settled.length);
        expect(visible(fold(rideChecksDecider, history)), 'refolding gives the same snapshot').toEqual(visible(state));
      }),
      { numRuns: 200 },
    );
  });

  afterAll(() => {
    for (const name of ['unexpected_stop', 'route_deviation', 'trip_overdue', 'RideCheckAnswered', 'RideCheckWentUnanswered', 'two open']) {
      expect(reached, `no run reached ${name}`).toContain(name);
    }
  });
});
