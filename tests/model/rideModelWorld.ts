import { bidIdFor, bidStreamId, type BidStatus } from '../../domain/bid/index.js';
import { driverStream } from '../../domain/driverDuty/index.js';
import { rideStateName, rideStreamId, type RideState } from '../../domain/ride/index.js';
import type { Actor } from '../../domain/shared/command.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { expireBid, placeBid, withdrawBid } from '../../commands/bid/index.js';
import {
  acceptBid,
  acceptRide,
  arriveAtPickup,
  cancelRide,
  completeTrip,
  counterOffer,
  declineAllBids,
  dispatchScheduledRide,
  expireRide,
  quoteRide,
  raiseEmergency,
  rateRide,
  reissuePin,
  requestRide,
  rideInputSchemas,
  startTrip,
} from '../../commands/ride/index.js';
import {
  admin,
  as,
  onboardDriver,
  passenger,
  releaseDriver,
  rideRequest,
  staff,
  system,
  wrongPin,
  type RideTestBed,
  type TestDriver,
} from '../support/rideFixtures.js';
import { DRIVERS, SLOTS, type ActorRef, type Step } from './rideModelSteps.js';

/** One sequence's cast and streams: fresh ids, so sequences never meet. */
export interface World {
  bed: RideTestBed;
  riders: [Actor, Actor];
  stranger: Actor;
  drivers: TestDriver[];
  rideIds: string[];
}

export async function createWorld(bed: RideTestBed, run: number): Promise<World> {
  const drivers: TestDriver[] = [];
  for (let index = 0; index < DRIVERS; index++) {
    const driverId = `m${run}-driver${index}`;
    drivers.push(await onboardDriver(bed.services, { driverId, online: index < DRIVERS - 1 }));
  }
  return {
    bed,
    riders: [passenger(`m${run}-riderA`), passenger(`m${run}-riderB`)],
    stranger: passenger(`m${run}-stranger`),
    drivers,
    rideIds: Array.from({ length: SLOTS }, (_, slot) => `m${run}-ride${slot}`),
  };
}

/** Every stream a sequence can touch: its rides, every driver's bid on each, every driver. */
export function streamsOf(world: World): string[] {
  return [
    ...world.rideIds.map(rideStreamId),
    ...world.rideIds.flatMap((rideId) => world.drivers.map((driver) => bidStreamId(bidIdFor(rideId, driver.driverId)))),
    ...world.drivers.map((driver) => driverStream(driver.driverId)),
  ];
}

export type Snapshot = Map<string, RecordedEvent[]>;

export async function snapshot(world: World): Promise<Snapshot> {
  const streams = streamsOf(world);
  const recorded = await Promise.all(streams.map((stream) => world.bed.store.readStream(stream)));
  return new Map(streams.map((stream, index) => [stream, recorded[index]!]));
}

/** What the model reads from the stores before a step, to resolve it. */
export interface ModelView {
  rides: RideState[];
  bidStatus(slot: number, driver: number): BidStatus | null;
  /** Every driver's index. */
  drivers(): number[];
}

/** A step as it ran: the concrete command (a `progress` step names what it became). */
export interface Executed {
  kind: Exclude<Step['kind'], 'progress'>;
  slot: number | null;
  /** The driver a bid or acceptance command named. */
  driver?: number;
  actor: Actor | null;
  /** The state the handler answered, to compare with a fresh fold of the stream. */
  result?: { state: { value: unknown; context: unknown } };
  /** The refusal, when the command was refused. */
  error?: unknown;
}

/** Runs one step through the real handlers; what ran, with the handler's answer or refusal. */
export async function execute(world: World, step: Step, view: ModelView): Promise<Executed> {
  const { rides } = view;
  const { services, clock, settings } = world.bed;
  if (step.kind === 'advanceClock') {
    clock.advance(step.seconds);
    return { kind: step.kind, slot: null, actor: null };
  }
  if (step.kind === 'releaseEnded') {
    await releaseEndedRides(world, rides);
    return { kind: step.kind, slot: null, actor: null };
  }
  const concrete = step.kind === 'progress' ? nextOnTheHappyPath(step, view) : step;
  const rideId = world.rideIds[concrete.slot]!;
  const ride = rides[concrete.slot]!;
  const actor = concrete.actor === 'natural' ? naturalActor(world, concrete, ride) : resolve(world, concrete.actor);
  const context = as(actor);
  const quoteTotal = ride.context.booking?.quote.totalNgwee ?? 5_000;
  const amount = (fraction: number) => Math.round(fraction * quoteTotal);
  const driverOf = (index: number) => world.drivers[index]!.driverId;
  const what = { kind: concrete.kind, slot: concrete.slot, driver: 'driver' in concrete ? concrete.driver : undefined, actor };
  const ran = (result: { state: { value: unknown; context: unknown } }): Executed => ({ ...what, result });
  try {
    return await run();
  } catch (error) {
    return { ...what, error };
  }

  async function run(): Promise<Executed> {
    switch (concrete.kind) {
      case 'request': {
        const input = rideRequest({
          rideId,
          pricingMethod: concrete.pricing,
          scheduledFor: concrete.scheduled ? new Date(clock.now().getTime() + 2 * 3600_000).toISOString() : null,
        });
        const quote = quoteRide(rideInputSchemas.RequestRide.parse(input), settings, clock.now());
        const proposedFareNgwee = concrete.pricing === 'bidding' ? Math.round(concrete.fraction * quote.totalNgwee) : null;
        return ran(await requestRide(services, { ...input, proposedFareNgwee }, context));
      }
      case 'counter':
        return ran(await counterOffer(services, { rideId, offeredFareNgwee: amount(concrete.fraction) }, context));
      case 'placeBid':
        return ran(
          await placeBid(services, { rideId, driverId: driverOf(concrete.driver), amountNgwee: amount(concrete.fraction) }, context),
        );
      case 'withdrawBid':
        return ran(await withdrawBid(services, { bidId: bidIdFor(rideId, driverOf(concrete.driver)) }, context));
      case 'expireBid':
        return ran(await expireBid(services, { bidId: bidIdFor(rideId, driverOf(concrete.driver)) }, context));
      case 'acceptRide':
        return ran(await acceptRide(services, { rideId, driverId: driverOf(concrete.driver) }, context));
      case 'acceptBid':
        return ran(await acceptBid(services, { rideId, bidId: bidIdFor(rideId, driverOf(concrete.driver)) }, context));
      case 'dispatch':
        return ran(await dispatchScheduledRide(services, { rideId }, context));
      case 'declineAll':
        return ran(await declineAllBids(services, { rideId }, context));
      case 'arrive':
        return ran(await arriveAtPickup(services, { rideId }, context));
      case 'startTrip': {
        const pin = ride.context.pin ?? '1234';
        return ran(await startTrip(services, { rideId, pin: concrete.rightPin ? pin : wrongPin(pin) }, context));
      }
      case 'reissuePin':
        return ran(await reissuePin(services, { rideId }, context));
      case 'complete':
        return ran(await completeTrip(services, { rideId, distanceKm: 4.2, durationMinutes: 14 }, context));
      case 'cancel':
        return ran(await cancelRide(services, { rideId, reason: 'model test' }, context));
      case 'expire':
        return ran(await expireRide(services, { rideId }, context));
      case 'emergency':
        return ran(await raiseEmergency(services, { rideId }, context));
      case 'rate':
        return ran(await rateRide(services, { rideId, stars: concrete.stars }, context));
    }
  }
}

type ConcreteStep = Exclude<Step, { kind: 'progress' | 'advanceClock' | 'releaseEnded' }>;

/** The command that moves this ride along, as its own parties would issue it. */
function nextOnTheHappyPath(step: Extract<Step, { kind: 'progress' }>, view: ModelView): ConcreteStep {
  const { slot, driver } = step;
  const ride = view.rides[slot]!;
  const natural = 'natural' as const;
  switch (rideStateName(ride)) {
    case 'idle':
      return { kind: 'request', slot, actor: natural, pricing: step.pricing, fraction: 1, scheduled: false };
    case 'scheduled':
      return { kind: 'dispatch', slot, actor: natural };
    case 'requested': {
      if (ride.context.booking?.pricingMethod === 'fixed') return { kind: 'acceptRide', slot, driver, actor: natural };
      // Even draws take a live bid (this driver's, else any); odd ones bid, so bids also pile up.
      const live = [driver, ...view.drivers()].find((index) => view.bidStatus(slot, index) === 'placed');
      return live !== undefined && (live === driver || driver % 2 === 0)
        ? { kind: 'acceptBid', slot, driver: live, actor: natural }
        : { kind: 'placeBid', slot, driver, actor: natural, fraction: 1 };
    }
    case 'accepted':
      return { kind: 'arrive', slot, actor: natural };
    case 'arrived':
      return ride.matches({ arrived: 'pinLocked' })
        ? { kind: 'reissuePin', slot, actor: natural }
        : { kind: 'startTrip', slot, actor: natural, rightPin: true };
    case 'in_progress':
      return { kind: 'complete', slot, actor: natural };
    default:
      return { kind: 'rate', slot, actor: natural, stars: 1 + (driver % 5) };
  }
}

/** The actor a command is meant for on this ride (who would press the button). */
function naturalActor(world: World, step: ConcreteStep, ride: RideState): Actor {
  const rider = world.riders[step.slot % 2]!;
  const assigned: Actor = ride.context.driver ? { userId: ride.context.driver.userId, role: 'driver' } : world.drivers[0]!.actor;
  switch (step.kind) {
    case 'request':
    case 'counter':
    case 'declineAll':
    case 'acceptBid':
    case 'reissuePin':
    case 'cancel':
      return rider;
    case 'placeBid':
    case 'withdrawBid':
    case 'acceptRide':
      return world.drivers[step.driver]!.actor;
    case 'dispatch':
    case 'expire':
    case 'expireBid':
      return system;
    case 'arrive':
    case 'startTrip':
    case 'complete':
      return assigned;
    case 'emergency':
    case 'rate':
      return step.slot === 0 ? rider : assigned;
  }
}

function resolve(world: World, ref: Exclude<ActorRef, 'natural'>): Actor {
  switch (ref) {
    case 'riderA':
      return world.riders[0];
    case 'riderB':
      return world.riders[1];
    case 'stranger':
      return world.stranger;
    case 'admin':
      return admin;
    case 'staff':
      return staff;
    case 'system':
      return system;
    default:
      return world.drivers[Number(ref.slice('driver'.length))]!.actor;
  }
}

/** Stands in for the release reactor: a driver whose ride has ended is free again. */
async function releaseEndedRides(world: World, rides: RideState[]): Promise<void> {
  for (const [slot, ride] of rides.entries()) {
    const name = rideStateName(ride);
    const driver = ride.context.driver;
    if (!driver || !['completed', 'cancelled', 'expired'].includes(name)) continue;
    await releaseDriver(
      world.bed.services,
      driver.driverId,
      world.rideIds[slot]!,
      name === 'completed' ? 'ride_completed' : 'ride_cancelled',
    );
  }
}
