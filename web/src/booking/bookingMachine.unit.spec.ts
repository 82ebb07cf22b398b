import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BookedRide, RideRequest } from './bookingApi.js';
import { emptyBookingForm, type BookingForm, type BookingRules } from './bookingForm.js';
import { bookingMachine } from './bookingMachine.js';

const rules: BookingRules = { load: { kind: 'passengers', maxPassengers: 4 }, now: new Date('2025-03-01T10:00:00Z') };
const complete: BookingForm = {
  ...emptyBookingForm(),
  pickup: { text: 'Kitwe CBD', coordinates: { lat: -12.81, lng: 28.21 } },
  dropoff: { text: 'Nkana Stadium', coordinates: { lat: -12.83, lng: 28.2 } },
};
const ride = { id: 'ride-1', status: 'pending' } as BookedRide;

/** The machine with the ride request answered by `answer`, recording what was sent. */
function bookingWith(answer: (request: RideRequest, key: string) => Promise<BookedRide>) {
  const sent: Array<{ request: RideRequest; attemptKey: string }> = [];
  const machine = bookingMachine.provide({
    actors: {
      submitRide: fromPromise<BookedRide, { request: RideRequest; attemptKey: string }>(({ input }) => {
        sent.push(input);
        return answer(input.request, input.attemptKey);
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, sent };
}

describe('the booking dialog', () => {
  it('given no vehicle, it is closed; choosing one opens it for editing', () => {
    const { actor } = bookingWith(async () => ride);
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'OPEN', vehicle: 'car' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.vehicle).toBe('car');
  });

  it('when Book is pressed on an empty form, it lists every problem and sends nothing', () => {
    const { actor, sent } = bookingWith(async () => ride);
    actor.send({ type: 'OPEN', vehicle: 'car' });
    actor.send({ type: 'SUBMIT', form: { ...emptyBookingForm(), passengerCount: null }, rules, attemptKey: 'attempt-1' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.problems.map((problem) => problem.key)).toEqual([
      'booking.errors.pickupRequired',
      'booking.errors.destinationRequired',
      'booking.errors.passengersRequired',
    ]);
    expect(sent).toEqual([]);
  });

  it('when the fields are fixed after a refused Book, the listed problems go one by one, and none come before Book', () => {
    const { actor } = bookingWith(async () => ride);
    actor.send({ type: 'OPEN', vehicle: 'car' });
    actor.send({ type: 'REVISE', form: emptyBookingForm(), rules });
    expect(actor.getSnapshot().context.problems).toEqual([]);
    actor.send({ type: 'SUBMIT', form: emptyBookingForm(), rules, attemptKey: 'attempt-1' });
    expect(actor.getSnapshot().context.problems).toHaveLength(2);
    actor.send({ type: 'REVISE', form: { ...emptyBookingForm(), pickup: complete.pickup }, rules });
    expect(actor.getSnapshot().context.problems.map((problem) => problem.key)).toEqual(['booking.errors.destinationRequired']);
    actor.send({ type: 'REVISE', form: complete, rules });
    expect(actor.getSnapshot().context.problems).toEqual([]);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('when a valid form is booked, it submits with the attempt key and ends with the ride', async () => {
    const { actor, sent } = bookingWith(async () => ride);
    actor.send({ type: 'OPEN', vehicle: 'car' });
    actor.send({ type: 'SUBMIT', form: complete, rules, attemptKey: 'attempt-1' });
    expect(actor.getSnapshot().value).toBe('submitting');
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.context.ride).toBe(ride);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.attemptKey).toBe('attempt-1');
    expect(sent[0]!.request).toMatchObject({ vehicleType: 'car', pickupLocation: { address: 'Kitwe CBD' }, passengerCount: 1, packageSize: null });
  });

  it('when the server refuses, it fails with the answer, and Book tries again with a new key', async () => {
    let calls = 0;
    const { actor, sent } = bookingWith(async () => {
      calls += 1;
      if (calls === 1) throw new Error('409: busy');
      return ride;
    });
    actor.send({ type: 'OPEN', vehicle: 'car' });
    actor.send({ type: 'SUBMIT', form: complete, rules, attemptKey: 'attempt-1' });
    const failed = await waitFor(actor, (snapshot) => snapshot.value === 'failed');
    expect((failed.context.error as Error).message).toBe('409: busy');
    actor.send({ type: 'SUBMIT', form: complete, rules, attemptKey: 'attempt-2' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sent.map((attempt) => attempt.attemptKey)).toEqual(['attempt-1', 'attempt-2']);
  });

  it('when cancelled, it closes and forgets the vehicle', () => {
    const { actor } = bookingWith(async () => ride);
    actor.send({ type: 'OPEN', vehicle: 'motorcycle' });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.vehicle).toBeNull();
  });
});
