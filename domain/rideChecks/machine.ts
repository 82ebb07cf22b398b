import { and, assertEvent, assign, setup } from 'xstate';
import type { Finding } from './detection.js';
import type { RideCheckAnswer, RideCheckEvent } from './events.js';

/** The seed shows at most two ride checks at once: a third waits until one is answered. */
export const MAX_OPEN_RIDE_CHECKS = 2;
/** The two minutes: long enough to find the phone and tap, short enough to matter. */
export const RIDE_CHECK_ANSWER_SECONDS = 120;

export interface RideCheck {
  checkId: string;
  number: number;
  finding: Finding;
  raisedAt: string;
  answerDueBy: string;
  status: 'awaiting' | 'answered' | 'unanswered';
  answer: RideCheckAnswer | null;
}

export interface RideChecksContext {
  rideId: string | null;
  riderUserId: string | null;
  /** Every check of the ride, in the order raised. */
  checks: RideCheck[];
}

const awaitingCount = (context: RideChecksContext) => context.checks.filter((check) => check.status === 'awaiting').length;
const awaitingCheck = (context: RideChecksContext, checkId: string) =>
  context.checks.find((check) => check.checkId === checkId && check.status === 'awaiting');

const settle = (context: RideChecksContext, checkId: string, status: RideCheck['status'], answer: RideCheckAnswer | null) => ({
  checks: context.checks.map((check) => (check.checkId === checkId ? { ...check, status, answer } : check)),
});

/**
 * A ride's checks (stream `rideChecks-<rideId>`): `quiet` while no check awaits the rider,
 * `awaiting` while one or two do. Each check is answered or goes unanswered, once. One stream per
 * ride makes "at most two open" a rule of a single stream, enforced by its expected revision.
 */
export const rideChecksMachine = setup({
  types: {
    context: {} as RideChecksContext,
    events: {} as RideCheckEvent,
  },
  guards: {
    isNextCheckOfTheRide: ({ context, event }) => {
      assertEvent(event, 'RideCheckRaised');
      const sameRide = context.rideId === null || context.rideId === event.data.rideId;
      return sameRide && event.data.number === context.checks.length + 1;
    },
    hasRoomForAnotherCheck: ({ context }) => awaitingCount(context) < MAX_OPEN_RIDE_CHECKS,
    settlesAnAwaitingCheck: ({ context, event }) => {
      assertEvent(event, ['RideCheckAnswered', 'RideCheckWentUnanswered']);
      return awaitingCheck(context, event.data.checkId) !== undefined;
    },
    isTheLastAwaitingCheck: ({ context }) => awaitingCount(context) === 1,
  },
  actions: {
    recordCheck: assign(({ context, event }) => {
      assertEvent(event, 'RideCheckRaised');
      const { rideId, riderUserId, checkId, number, finding, raisedAt, answerDueBy } = event.data;
      const check: RideCheck = { checkId, number, finding, raisedAt, answerDueBy, status: 'awaiting', answer: null };
      return { rideId, riderUserId, checks: [...context.checks, check] };
    }),
    recordAnswer: assign(({ context, event }) => {
      assertEvent(event, 'RideCheckAnswered');
      return settle(context, event.data.checkId, 'answered', event.data.answer);
    }),
    recordSilence: assign(({ context, event }) => {
      assertEvent(event, 'RideCheckWentUnanswered');
      return settle(context, event.data.checkId, 'unanswered', null);
    }),
  },
}).createMachine({
  id: 'rideChecks',
  context: { rideId: null, riderUserId: null, checks: [] },
  initial: 'quiet',
  states: {
    quiet: {
      on: {
        RideCheckRaised: { guard: 'isNextCheckOfTheRide', target: 'awaiting', actions: 'recordCheck' },
      },
    },
    awaiting: {
      on: {
        RideCheckRaised: { guard: and(['isNextCheckOfTheRide', 'hasRoomForAnotherCheck']), actions: 'recordCheck' },
        RideCheckAnswered: [
          { guard: and(['settlesAnAwaitingCheck', 'isTheLastAwaitingCheck']), target: 'quiet', actions: 'recordAnswer' },
          { guard: 'settlesAnAwaitingCheck', actions: 'recordAnswer' },
        ],
        RideCheckWentUnanswered: [
          { guard: and(['settlesAnAwaitingCheck', 'isTheLastAwaitingCheck']), target: 'quiet', actions: 'recordSilence' },
          { guard: 'settlesAnAwaitingCheck', actions: 'recordSilence' },
        ],
      },
    },
  },
});
