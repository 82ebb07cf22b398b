import { loadRide } from '../commands/ride/index.js';
import { loadState, toDomainEvent } from '../commands/shared/index.js';
import { driverDutyDecider, driverStream } from '../domain/driverDuty/index.js';
import { isRideStatusIn, rideDecider, rideStateName, rideWireStatus, withDriverStatuses, type RideEvent, type RideState } from '../domain/ride/index.js';
import { fold } from '../domain/shared/index.js';
import type { EventStore, RecordedEvent } from '../platform/eventStore/port.js';
import { Lru } from './lru.js';
import { streamPrefix } from '../domain/streams.js';

export const RIDE_STREAM_PREFIX = streamPrefix('ride');

/** A driver is with the ride's rider (or on the way): their positions go to the rider. */
const withTheRider = (state: RideState): boolean => isRideStatusIn(withDriverStatuses, rideWireStatus(state) ?? '');

/** A driver on these states is with the rider: their position is the rider's to see. */
const ended = new Set(['completed', 'cancelled', 'expired']);

/**
 * Each ride as the live `$all` subscription has seen it: folded through the ride machine, event by
 * event, so who its rider and driver are (and its status) is never behind the message being sent
 * and never ahead of it. Only the subscription loop advances it; a ride the hub has not seen yet
 * (booked before the hub started, or forgotten) is read from its stream up to the event in hand.
 */
export class RideWatch {
  private readonly folded: Lru<string, { state: RideState; revision: bigint }>;

  constructor(
    private readonly store: EventStore,
    capacity: number,
  ) {
    this.folded = new Lru(capacity);
  }

  /** The ride after this event; null when the event was already taken in (a repeat after a reconnect). */
  async advance(recorded: RecordedEvent): Promise<RideState | null> {
    const rideId = recorded.streamName.slice(RIDE_STREAM_PREFIX.length);
    const cached = this.folded.get(rideId);
    if (cached && recorded.revision <= cached.revision) return null;
    const state =
      cached && recorded.revision === cached.revision + 1n
        ? rideDecider.evolve(cached.state, toDomainEvent<RideEvent>(recorded))
        : await this.readUpTo(recorded);
    // An ended ride hears little more (a rating): forget it rather than hold it.
    if (ended.has(rideStateName(state))) this.folded.delete(rideId);
    else this.folded.set(rideId, { state, revision: recorded.revision });
    return state;
  }

  /** The ride as the hub last saw it, or as its stream tells it now when the hub has not seen it. */
  async current(rideId: string): Promise<RideState> {
    return this.folded.get(rideId)?.state ?? (await loadRide(this.store, rideId)).state;
  }

  private async readUpTo(recorded: RecordedEvent): Promise<RideState> {
    const events = await this.store.readStream(recorded.streamName);
    return fold(
      rideDecider,
      events.filter((event) => event.revision <= recorded.revision).map((event) => toDomainEvent<RideEvent>(event)),
    );
  }
}

export interface LocationRoute {
  rideId: string;
  riderId: string;
}

/**
 * Whose screen a driver's position belongs on: the rider of the ride the driver is with, or
 * nobody. Positions arrive every few seconds per online driver, so the answer is kept per driver;
 * the subscription loop overwrites it on every ride event, and a driver not seen yet is looked up
 * once (duty stream, then the ride) and kept only if no event has answered in the meantime.
 */
export class LocationRoutes {
  private readonly routes: Lru<string, LocationRoute | null>;

  constructor(
    private readonly store: EventStore,
    capacity: number,
  ) {
    this.routes = new Lru(capacity);
  }

  /** From the subscription loop: the ride moved on, and with it where its driver's position goes. */
  note(rideId: string, state: RideState): void {
    const driver = state.context.driver;
    const riderId = state.context.booking?.riderId;
    if (!driver || !riderId) return;
    if (withTheRider(state)) this.routes.set(driver.driverId, { rideId, riderId });
    else if (this.routes.get(driver.driverId)?.rideId === rideId) this.routes.set(driver.driverId, null);
  }

  async routeOf(driverId: string): Promise<LocationRoute | null> {
    if (this.routes.has(driverId)) return this.routes.get(driverId) ?? null;
    const found = await this.lookUp(driverId);
    if (!this.routes.has(driverId)) this.routes.set(driverId, found);
    return this.routes.get(driverId) ?? null;
  }

  private async lookUp(driverId: string): Promise<LocationRoute | null> {
    const duty = await loadState(this.store, driverStream(driverId), driverDutyDecider);
    const rideId = duty.state.context.currentRideId;
    if (!rideId) return null;
    // The duty stream reserves before the ride is appended to: the ride itself says whether it is theirs.
    const { state } = await loadRide(this.store, rideId);
    const riderId = state.context.booking?.riderId;
    if (state.context.driver?.driverId !== driverId || !riderId || !withTheRider(state)) return null;
    return { rideId, riderId };
  }
}
