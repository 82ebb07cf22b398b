import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rideDecider } from '../../domain/ride/decider.js';
import type { RideEvent } from '../../domain/ride/events.js';
import { rideFactsOf } from '../../domain/ride/facts.js';
import { keepRideState, resumeRideState } from '../../domain/ride/snapshot.js';
import { rideStateName, rideWireStatus, type RideState } from '../../domain/ride/status.js';
import { fold } from '../../domain/shared/decider.js';
import { booking, minutesAfter } from '../../tests/support/fixtures/ride.js';
import { rideHistory } from '../../tests/support/fixtures/rideWalk.js';
import type { Stored } from '../shared/storedEvents.js';
import { bookingOf, foldRide, foldRides, foldRideStream } from './foldRide.js';
import type { RideRow } from './rides.table.js';

/**
 * The rides read model folds through the ride's own `evolve`: for any history the decider
 * produces, the row says what the domain's state says, whether the events come in one batch or
 * several (the state kept between batches goes through jsonb, here through JSON).
 */

const stored = (events: readonly RideEvent[]): Stored<RideEvent>[] =>
  events.map((event, index) => ({
    event,
    streamName: `ride-${event.data.rideId}`,
    revision: BigInt(index),
    created: new Date(Date.UTC(2025, 0, 15, 8, 0, index)),
  }));

/** A row as the database gives it back: its jsonb columns parsed anew (timestamps come back as Dates). */
const throughDatabase = (row: RideRow): RideRow => ({
  ...row,
  ride_state: JSON.parse(JSON.stringify(row.ride_state)),
  stops: JSON.parse(JSON.stringify(row.stops)),
  fare_breakdown: JSON.parse(JSON.stringify(row.fare_breakdown)),
});

/** As the projection does it: rows through the database between batches. */
function foldInBatches(events: readonly Stored<RideEvent>[], cuts: readonly number[]): RideRow | undefined {
  let row: RideRow | undefined;
  events.forEach((item, index) => {
    if (row && cuts.includes(index)) row = throughDatabase(row);
    row = foldRide(row, item);
  });
  return row;
}

const withoutPin = (state: RideState) => JSON.parse(JSON.stringify({ value: state.value, context: { ...state.context, pin: null } })) as unknown;
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('rides read model: the domain state, folded by the domain', () => {
  it('equals the domain state for generated histories, in one batch or several', () => {
    fc.assert(
      fc.property(rideHistory, fc.array(fc.nat({ max: 80 }), { maxLength: 4 }), (history, cuts) => {
        const state = fold(rideDecider, history);
        const row = foldInBatches(stored(history), cuts);
        if (rideStateName(state) === 'idle') {
          expect(row, 'no booking, no row').toBeUndefined();
          return;
        }
        expect(row).toBeDefined();
        const { context } = state;
        expect(withoutPin(resumeRideState(row!.ride_state, bookingOf(row!))), 'the kept state is the domain state').toEqual(withoutPin(state));
        expect(bookingOf(throughDatabase(row!)), 'the columns give the booking back whole').toEqual(context.booking);
        expect(row!.ride_state.context.pin, 'the read model never keeps the PIN').toBeNull();
        expect(row!.ride_state.context.booking, 'nor the booking twice: its columns hold it').toBeNull();
        expect(row!.status).toBe(rideWireStatus(state));
        expect(row!.driver_id).toBe(context.driver?.driverId ?? null);
        expect(row!.agreed_fare_ngwee).toBe(context.agreedFareNgwee);
        expect(row!.final_fare_ngwee).toBe(context.finalFareNgwee);
        expect(row!.offered_fare_ngwee).toBe(context.offeredFareNgwee);
        expect(row!.accepted_bid_id).toBe(context.acceptedBid?.bidId ?? null);
        expect(row!.cancelled_by).toBe(context.cancellation?.by ?? null);
        expect(row!.cancelled_stage).toBe(context.cancellation?.stage ?? null);
        expect([row!.rider_rating_given, row!.driver_rating_given]).toEqual([context.ratings.byRider, context.ratings.byDriver]);
        expect(row!.emergency_count).toBe(context.emergencies);
        expect(row!.last_revision).toBe(String(history.length - 1));

        // And what the neighbouring lifecycles read off the same stream agrees with the row.
        const facts = rideFactsOf(history)!;
        expect(row!.status).toBe(facts.status);
        expect(row!.rider_id).toBe(facts.riderUserId);
        expect(row!.driver_user_id).toBe(facts.driverUserId);
        expect(iso(row!.started_at)).toBe(facts.tripStartedAt);
        expect(iso(row!.completed_at) ?? iso(row!.cancelled_at) ?? iso(row!.expired_at)).toBe(facts.endedAt);

        // The events themselves, counted independently of the machine.
        const raised = history.filter((event) => event.type === 'EmergencyRaised');
        expect(row!.emergency_count).toBe(raised.length);
        expect(iso(row!.first_emergency_at)).toBe(raised[0]?.data.raisedAt ?? null);
        const assigned = history.find((event) => event.type === 'DriverAssigned');
        expect(iso(row!.accepted_at)).toBe(assigned?.data.assignedAt ?? null);
      }),
      { numRuns: 150 },
    );
  });

  it('gives the same rows when each ride\'s state stays live through its batch, whatever the batches and however rides interleave', () => {
    const rides = fc.array(rideHistory, { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(rides, fc.array(fc.nat({ max: 200 }), { maxLength: 4 }), fc.nat(), (histories, cuts, seed) => {
        // Each ride its own id, its events interleaved in a seeded order, as `$all` mixes streams.
        const perRide = histories.map((history, ride) => stored(history.map((event) => ({ ...event, data: { ...event.data, rideId: `ride-${ride}` } }) as RideEvent)));
        const queues = perRide.map((items) => [...items]);
        const interleaved: Stored<RideEvent>[] = [];
        for (let turn = seed; queues.some((queue) => queue.length > 0); turn = (turn * 1103515245 + 12345) % 2 ** 31) {
          const open = queues.filter((queue) => queue.length > 0);
          interleaved.push(open[turn % open.length]!.shift()!);
        }
        const oneByOne = new Map<string, RideRow>();
        for (const item of interleaved) {
          const row = foldRide(oneByOne.get(item.event.data.rideId), item);
          if (row) oneByOne.set(row.ride_id, row);
        }
        // Batches cut anywhere, the rows kept between them as the database keeps them (jsonb).
        const kept = new Map<string, RideRow>();
        const bounds = [0, ...[...new Set(cuts)].filter((cut) => cut < interleaved.length).sort((a, b) => a - b), interleaved.length];
        for (let index = 0; index + 1 < bounds.length; index++) {
          for (const row of foldRides(kept, interleaved.slice(bounds[index], bounds[index + 1]))) {
            kept.set(row.ride_id, throughDatabase(row));
          }
        }
        expect(JSON.parse(JSON.stringify([...kept.entries()].sort()))).toEqual(JSON.parse(JSON.stringify([...oneByOne.entries()].sort())));
        perRide.forEach((items, ride) => expect(JSON.stringify(foldRideStream(items))).toBe(JSON.stringify(oneByOne.get(`ride-${ride}`))));
      }),
      { numRuns: 100 },
    );
  });

  it('keeps no booking in its state: every field of it comes back from the columns, read back from the database', () => {
    const scheduledFor = minutesAfter(90);
    const everyField = booking({
      vehicleType: 'courier',
      stops: [{ address: 'Kitwe Central Hospital', lat: -12.81, lng: 28.22, notes: 'drop a parcel' }],
      pricingMethod: 'bidding',
      proposedFareNgwee: 4_250,
      scheduledFor,
      passengerCount: 2,
      packageSize: 'medium',
      notes: 'ring at the gate',
    });
    const row = foldRideStream(stored([{ type: 'RideScheduled', data: { ...everyField, scheduledFor } }]))!;

    expect(row.ride_state.context.booking).toBeNull();
    expect(bookingOf(throughDatabase(row))).toEqual(everyField);
  });

  it('leaves the row as it was for an event the machine would not take, only noting it saw it', () => {
    const history = fc.sample(rideHistory.filter((events) => events.some((event) => event.type === 'TripCompleted')), { numRuns: 1, seed: 7 })[0]!;
    const items = stored(history);
    const row = foldInBatches(items, [])!;
    const dispatched: Stored<RideEvent> = {
      event: { type: 'ScheduledRideDispatched', data: { rideId: row.ride_id, dispatchedAt: '2025-01-15T10:00:00.000Z' } },
      streamName: items[0]!.streamName,
      revision: BigInt(items.length),
      created: new Date('2025-01-15T10:00:01.000Z'),
    };
    const after = foldRide(row, dispatched)!;
    expect(after).toEqual({ ...row, updated_at: dispatched.created, last_revision: String(items.length) });
    expect(keepRideState(resumeRideState(after.ride_state, bookingOf(after)))).toEqual(row.ride_state);
  });
});
