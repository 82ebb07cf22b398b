import { assign, fromPromise, setup } from 'xstate';
import type { VehicleId } from '../../../domain/catalogue/index.js';
import { bookingApi, type BookedRide, type RideRequest } from './bookingApi.js';
import { bookingProblems, rideRequestOf, type BookingForm, type BookingProblem, type BookingRules } from './bookingForm.js';

export interface BookingContext {
  vehicle: VehicleId | null;
  problems: BookingProblem[];
  request: RideRequest | null;
  /** The Idempotency-Key of the attempt under way: a new one for every press of Book. */
  attemptKey: string | null;
  ride: BookedRide | null;
  error: unknown;
}

export type BookingEvent =
  | { type: 'OPEN'; vehicle: VehicleId }
  | { type: 'CLOSE' }
  | { type: 'SUBMIT'; form: BookingForm; rules: BookingRules; attemptKey: string }
  /** The form changed: the problems listed on Book are checked again, so fixed ones go. */
  | { type: 'REVISE'; form: BookingForm; rules: BookingRules };

const closedContext: BookingContext = { vehicle: null, problems: [], request: null, attemptKey: null, ride: null, error: null };

/**
 * The booking dialog's flow (spec 000 §4.3, STYLE 6): closed until a vehicle is chosen; editing;
 * validating on Book (every problem listed at once, back to editing if there are any; while
 * editing, each change checks the listed problems again, so the list shrinks as they are fixed);
 * submitting (POST /api/rides with the attempt's Idempotency-Key); done with the ride, or failed
 * with the server's answer, from where Book tries again.
 */
export const bookingMachine = setup({
  types: { context: {} as BookingContext, events: {} as BookingEvent },
  actors: {
    submitRide: fromPromise<BookedRide, { request: RideRequest; attemptKey: string }>(({ input }) => bookingApi.requestRide(input.request, input.attemptKey)),
  },
  guards: {
    hasProblems: ({ context }) => context.problems.length > 0,
  },
  actions: {
    chooseVehicle: assign(({ event }) => (event.type === 'OPEN' ? { ...closedContext, vehicle: event.vehicle } : {})),
    forget: assign(() => closedContext),
    recheck: assign(({ context, event }) => {
      if (event.type !== 'REVISE' || context.problems.length === 0) return {};
      const problems = bookingProblems(event.form, event.rules);
      const same = problems.length === context.problems.length && problems.every((problem, at) => JSON.stringify(problem) === JSON.stringify(context.problems[at]));
      return same ? {} : { problems };
    }),
    check: assign(({ context, event }) => {
      if (event.type !== 'SUBMIT' || !context.vehicle) return {};
      const problems = bookingProblems(event.form, event.rules);
      return {
        problems,
        request: problems.length === 0 ? rideRequestOf(context.vehicle, event.rules.load, event.form) : null,
        attemptKey: event.attemptKey,
        error: null,
      };
    }),
  },
}).createMachine({
  id: 'booking',
  context: closedContext,
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'editing', actions: 'chooseVehicle' } },
    },
    editing: {
      on: {
        OPEN: { target: 'editing', actions: 'chooseVehicle' },
        CLOSE: { target: 'closed', actions: 'forget' },
        SUBMIT: { target: 'validating', actions: 'check' },
        REVISE: { actions: 'recheck' },
      },
    },
    validating: {
      always: [{ guard: 'hasProblems', target: 'editing' }, { target: 'submitting' }],
    },
    submitting: {
      invoke: {
        src: 'submitRide',
        input: ({ context }) => ({ request: context.request!, attemptKey: context.attemptKey! }),
        onDone: { target: 'done', actions: assign({ ride: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: {
      on: {
        OPEN: { target: 'editing', actions: 'chooseVehicle' },
        CLOSE: { target: 'closed', actions: 'forget' },
        SUBMIT: { target: 'validating', actions: 'check' },
      },
    },
    done: { type: 'final' },
  },
});
