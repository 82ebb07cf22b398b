import { expect } from 'vitest';
import { bidDecider, bidIdFor, bidStatus, bidStreamId, type BidEvent, type BidState } from '../../domain/bid/index.js';
import { driverDutyDecider, driverDutyStatus, driverStream, staleReservationReason, type DriverDutyEvent } from '../../domain/driverDuty/index.js';
import { rideDecider, rideStateName, rideStreamId, type RideEvent, type RideEventOf, type RideState } from '../../domain/ride/index.js';
import { DomainError, fold } from '../../domain/shared/index.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { toDomainEvent } from '../../commands/shared/services.js';
import type { Executed, ModelView, Snapshot, World } from './rideModelWorld.js';

const foldRide = (events: RecordedEvent[]): RideState =>
  fold(
    rideDecider,
    events.map((e) => toDomainEvent<RideEvent>(e)),
  );
const foldBid = (events: RecordedEvent[]): BidState =>
  fold(
    bidDecider,
    events.map((e) => toDomainEvent<BidEvent>(e)),
  );
const eventsOf = (snap: Snapshot, stream: string) => snap.get(stream) ?? [];
const bidStream = (world: World, slot: number, driver: number) =>
  bidStreamId(bidIdFor(world.rideIds[slot]!, world.drivers[driver]!.driverId));

export function viewOf(world: World, snap: Snapshot): ModelView {
  return {
    rides: world.rideIds.map((rideId) => foldRide(eventsOf(snap, rideStreamId(rideId)))),
    bidStatus: (slot, driver) => bidStatus(foldBid(eventsOf(snap, bidStream(world, slot, driver)))),
    drivers: () => world.drivers.map((_, index) => index),
  };
}

const ENDED = ['cancelled', 'expired'];
const ON_A_RIDE = ['accepted', 'arrived', 'in_progress'];
const BID_COMMANDS = ['placeBid', 'withdrawBid', 'expireBid'];
const BID_ONLY = ['withdrawBid', 'expireBid'];

/**
 * A command that finds its driver still reserved for a ride that no longer needs them (ended, or
 * taken by another) releases them first (commands/ride/driverReservation.ts requireDriverFacts),
 * whatever the command's own fate: the release the duty reactor would make, not the command's effect.
 */
function isStaleRelease(before: Snapshot, event: RecordedEvent): boolean {
  if (event.type !== 'DriverReleased') return false;
  const { driverId, rideId, reason } = event.data as { driverId: string; rideId: string; reason: string };
  return staleReservationReason(foldRide(eventsOf(before, rideStreamId(rideId))), driverId) === reason;
}

/** What one step may and may not have done, judged from the streams before and after it. */
export function checkStep(world: World, step: Executed, before: Snapshot, after: Snapshot): void {
  const grownBy = (counts: (event: RecordedEvent) => boolean) =>
    [...after.entries()].flatMap(([stream, events]) => {
      const added = events.slice(eventsOf(before, stream).length).filter(counts);
      return added.length > 0 ? [{ stream, types: added.map((e) => e.type) }] : [];
    });
  const grown = grownBy(() => true);
  /** What the command itself appended: all of it but the release of a stale reservation. */
  const ownGrowth = grownBy((event) => !isStaleRelease(before, event));
  const label = `${step.kind} by ${step.actor?.role} ${step.actor?.userId}`;
  if (step.kind === 'advanceClock' || step.kind === 'releaseEnded') return;
  const rideBefore = foldRide(eventsOf(before, rideStreamId(world.rideIds[step.slot!]!)));

  if (step.error !== undefined) {
    expect(step.error, `${label} failed with something other than a refusal: ${String(step.error)}`).toBeInstanceOf(DomainError);
    const { code } = step.error as DomainError;
    // The one documented exception: a wrong PIN is recorded, then refused.
    if (step.kind === 'startTrip' && (code === 'pin_incorrect' || code === 'pin_locked')) {
      const recorded =
        code === 'pin_incorrect'
          ? [[{ stream: rideStreamId(world.rideIds[step.slot!]!), types: ['PinAttemptFailed'] }]]
          : [[], [{ stream: rideStreamId(world.rideIds[step.slot!]!), types: ['PinAttemptFailed'] }]];
      expect(recorded, `${label} refused '${code}' appended ${JSON.stringify(ownGrowth)}`).toContainEqual(ownGrowth);
      return;
    }
    expect(ownGrowth, `${label} was refused ('${code}') yet appended`).toEqual([]);
    return;
  }

  // An ended ride takes nothing more. A bid's own withdrawal or expiry may still land on its
  // stream: it touches no ride, and the settlement reactor rejects the bid either way.
  const stateBefore = rideStateName(rideBefore);
  if (!BID_ONLY.includes(step.kind)) {
    expect(ENDED, `${label} was accepted on a ride that had ${stateBefore}`).not.toContain(stateBefore);
    if (stateBefore === 'completed') expect(step.kind, `${label} was accepted on a completed ride`).toBe('rate');
  }
  expect(step.actor?.role, `${label}: staff take no part in rides`).not.toBe('staff');
  // A stranger to every ride may book one; then, and only on that ride, they are its rider.
  if (step.actor?.userId === world.stranger.userId && step.kind !== 'request') {
    expect(rideBefore.context.booking?.riderId, `${label}: a stranger acts only on a ride they booked`).toBe(world.stranger.userId);
  }
  expect(grown.length, `${label} was accepted but appended nothing`).toBeGreaterThan(0);

  // The handler's answer is what the stored events fold to.
  const stream = BID_COMMANDS.includes(step.kind) ? bidStream(world, step.slot!, step.driver!) : rideStreamId(world.rideIds[step.slot!]!);
  const refolded = BID_COMMANDS.includes(step.kind) ? foldBid(eventsOf(after, stream)) : foldRide(eventsOf(after, stream));
  const plain = (state: { value: unknown; context: unknown }) => JSON.parse(JSON.stringify({ value: state.value, context: state.context }));
  expect(plain(step.result!.state), `${label}: answered state differs from the stream refolded`).toEqual(plain(refolded));
}

/** What must hold of the whole world after every step. */
export function checkWorld(world: World, snap: Snapshot): void {
  const rides = world.rideIds.map((rideId) => ({ rideId, events: eventsOf(snap, rideStreamId(rideId)) }));
  const duties = world.drivers.map((driver) => {
    const state = fold(
      driverDutyDecider,
      eventsOf(snap, driverStream(driver.driverId)).map((e) => toDomainEvent<DriverDutyEvent>(e)),
    );
    return { driverId: driver.driverId, status: driverDutyStatus(state), rideId: state.context.currentRideId };
  });

  for (const { rideId, events } of rides) {
    const state = foldRide(events);
    const assigned = events.filter((e) => e.type === 'DriverAssigned').map((e) => e.data as RideEventOf<'DriverAssigned'>['data']);
    expect(assigned.length, `ride ${rideId} had more than one driver assigned`).toBeLessThanOrEqual(1);
    const [assignment] = assigned;
    if (!assignment) continue;

    const accepted = events.find((e) => e.type === 'BidAccepted')?.data as RideEventOf<'BidAccepted'>['data'] | undefined;
    if (accepted) {
      const bid = foldBid(eventsOf(snap, bidStreamId(accepted.bidId))).context.bid;
      expect(bid?.amountNgwee, `ride ${rideId}: the accepted bid's amount`).toBe(accepted.agreedFareNgwee);
      expect(assignment, `ride ${rideId}: assignment follows the accepted bid`).toMatchObject({
        driverId: accepted.driverId,
        agreedFareNgwee: accepted.agreedFareNgwee,
      });
    } else {
      expect(assignment.agreedFareNgwee, `ride ${rideId}: a fixed price is the quote`).toBe(state.context.booking!.quote.totalNgwee);
    }
    if (state.context.finalFareNgwee !== null) expect(state.context.finalFareNgwee).toBe(assignment.agreedFareNgwee);

    // Reserve first, append second: a driver on a ride is engaged on that very ride.
    if (ON_A_RIDE.includes(rideStateName(state))) {
      expect(
        duties.find((duty) => duty.driverId === assignment.driverId),
        `ride ${rideId}: its driver is not engaged on it`,
      ).toMatchObject({
        status: 'engaged',
        rideId,
      });
    }
  }

  for (const duty of duties) {
    const onRides = rides.filter(({ events }) => {
      const state = foldRide(events);
      return ON_A_RIDE.includes(rideStateName(state)) && state.context.driver?.driverId === duty.driverId;
    });
    expect(onRides.length, `driver ${duty.driverId} is on two rides at once`).toBeLessThanOrEqual(1);
    // No reservation is left behind by a lost or refused assignment.
    if (duty.status === 'engaged') {
      const ride = rides.find(({ rideId }) => rideId === duty.rideId);
      expect(
        ride && foldRide(ride.events).context.driver?.driverId,
        `driver ${duty.driverId} is reserved for ${duty.rideId} without being its driver`,
      ).toBe(duty.driverId);
    }
  }
}
