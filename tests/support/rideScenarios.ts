import { randomUUID } from 'node:crypto';
import type { PaymentMethodId } from '../../domain/catalogue/payments.js';
import { driverDutyDecider, driverStream, type DriverDutyCommand } from '../../domain/driverDuty/index.js';
import {
  driverVerificationDecider,
  driverVerificationStream,
  driverDocumentKinds,
  type DriverDocument,
  type DriverVerificationCommand,
} from '../../domain/driverVerification/index.js';
import { rideDecider, rideStreamId, type CancellationReason, type RideCommand, type RideEvent } from '../../domain/ride/index.js';
import { routeEncodingDecider, routeEncodingStream, type RouteEncodingCommand, type RouteInput } from '../../domain/routeEncoding/index.js';
import type { Actor } from '../../domain/shared/command.js';
import { fold, type Decider, type DomainEvent } from '../../domain/shared/index.js';
import { eventUpcasters, schemaVersionOf } from '../../domain/upcasting/index.js';
import type { EventStore, JsonValue } from '../../platform/eventStore/port.js';

/**
 * Spec support for the read models: real histories, made by the domain deciders. Each step loads
 * its stream, folds it, decides and appends with the expected revision and the metadata the write
 * side records, so a projection only ever sees events the domain could have produced.
 */

export interface TestDriver {
  driverId: string;
  userId: string;
  vehicleType: 'car' | 'motorcycle' | 'truck' | 'car-xl';
}

export interface RideSpec {
  riderId: string;
  vehicleType?: TestDriver['vehicleType'];
  pricingMethod?: 'fixed' | 'bidding';
  proposedFareNgwee?: number;
  quoteTotalNgwee?: number;
  scheduledFor?: string;
  pickup?: { address: string; lat: number; lng: number };
  paymentMethod?: PaymentMethodId;
}

const freedomPark = { address: 'Freedom Park, Kitwe', lat: -12.8024, lng: 28.2136 };
const copperbeltUniversity = { address: 'Copperbelt University, Kitwe', lat: -12.8074, lng: 28.2441 };

const documents = (validUntil: string): DriverDocument[] =>
  driverDocumentKinds.map((kind, index) => ({ kind, reference: `${kind.toUpperCase()}-${index + 1}`, expiresOn: validUntil }));

const admin: Actor = { userId: 'admin-phiri', role: 'admin' };
const system: Actor = { userId: 'scheduler', role: 'system' };

export class Scenario {
  private clock: Date;
  private readonly appendedByStream = new Map<string, number>();

  constructor(
    private readonly store: EventStore,
    start: string,
  ) {
    this.clock = new Date(start);
  }

  /** Moves the clock to an instant (ISO 8601, with its offset). */
  at(instant: string): this {
    this.clock = new Date(instant);
    return this;
  }

  later(minutes: number): this {
    this.clock = new Date(this.clock.getTime() + minutes * 60_000);
    return this;
  }

  /** How many events this scenario appended to streams starting with any of the prefixes. */
  appendedTo(...prefixes: string[]): number {
    let count = 0;
    for (const [stream, events] of this.appendedByStream) if (prefixes.some((prefix) => stream.startsWith(prefix))) count += events;
    return count;
  }

  // — drivers —

  async apply(driver: TestDriver, plate = `ZM ${driver.driverId.slice(-4).toUpperCase()}`): Promise<void> {
    await this.verification(driver, {
      type: 'SubmitDriverApplication',
      actor: { userId: driver.userId, role: 'driver' },
      data: {
        driverId: driver.driverId,
        licenceNumber: `ZL-${driver.driverId}`,
        vehicle: { make: 'Toyota', model: 'Corolla', year: 2016, colour: 'Silver', plateNumber: plate, type: driver.vehicleType },
        documents: documents(`${this.clock.getUTCFullYear() + 2}-12-31`),
      },
    });
  }

  async review(driver: TestDriver, decision: 'ApproveDriver' | 'ReinstateDriver'): Promise<void>;
  async review(driver: TestDriver, decision: 'RejectDriver' | 'SuspendDriver', reason: string): Promise<void>;
  async review(driver: TestDriver, decision: DriverVerificationCommand['type'], reason?: string): Promise<void> {
    const data = reason === undefined ? { driverId: driver.driverId } : { driverId: driver.driverId, reason };
    await this.verification(driver, { type: decision, actor: admin, data } as DriverVerificationCommand);
  }

  async approvedDriver(driver: TestDriver): Promise<void> {
    await this.apply(driver);
    await this.review(driver, 'ApproveDriver');
  }

  async goOnline(driver: TestDriver): Promise<void> {
    await this.duty(driver, {
      type: 'GoOnline',
      actor: { userId: driver.userId, role: 'driver' },
      data: { driverId: driver.driverId, verification: { status: 'approved', userId: driver.userId, vehicleType: driver.vehicleType } },
    });
  }

  async goOffline(driver: TestDriver): Promise<void> {
    await this.duty(driver, { type: 'GoOffline', actor: { userId: driver.userId, role: 'driver' }, data: { driverId: driver.driverId } });
  }

  async release(driver: TestDriver, rideId: string, reason: 'ride_completed' | 'ride_cancelled' = 'ride_completed'): Promise<void> {
    await this.duty(driver, { type: 'ReleaseDriver', actor: system, data: { driverId: driver.driverId, rideId, reason } });
  }

  // — rides —

  async requestRide(rideId: string, spec: RideSpec): Promise<void> {
    const total = spec.quoteTotalNgwee ?? 5_000;
    await this.ride(rideId, {
      type: 'RequestRide',
      actor: { userId: spec.riderId, role: 'passenger' },
      data: {
        rideId,
        riderId: spec.riderId,
        vehicleType: spec.vehicleType ?? 'car',
        pickup: spec.pickup ?? freedomPark,
        dropoff: copperbeltUniversity,
        stops: [{ address: 'Kitwe Central Hospital', lat: -12.81, lng: 28.22, notes: 'drop a parcel' }],
        pricingMethod: spec.pricingMethod ?? 'fixed',
        proposedFareNgwee: spec.pricingMethod === 'bidding' ? (spec.proposedFareNgwee ?? total) : null,
        paymentMethod: spec.paymentMethod ?? 'airtel_money',
        scheduledFor: spec.scheduledFor ?? null,
        passengerCount: 1,
        quote: {
          totalNgwee: total,
          floorNgwee: Math.min(total, Math.max(1_200, Math.floor(total * 0.6))),
          ceilingNgwee: total * 3,
          breakdown: { baseFare: 1_500, totalFare: total, distanceKm: 3.4, durationMin: 9 },
        },
      },
    });
  }

  /** The driver reserves themselves on duty, then takes the fixed-price ride (DriverAssigned + PinIssued). */
  async acceptRide(rideId: string, driver: TestDriver): Promise<RideEvent[]> {
    await this.duty(driver, {
      type: 'ReserveDriver',
      actor: { userId: driver.userId, role: 'driver' },
      data: { driverId: driver.driverId, rideId, vehicleType: driver.vehicleType },
    });
    return this.ride(rideId, { type: 'AcceptRide', actor: this.driverActor(driver), data: { rideId, driver: this.facts(driver) } });
  }

  async acceptBid(rideId: string, riderId: string, driver: TestDriver, amountNgwee: number): Promise<RideEvent[]> {
    const bid = {
      bidId: `${rideId}_${driver.driverId}`,
      rideId,
      driverId: driver.driverId,
      amountNgwee,
      status: 'placed' as const,
      expiresAt: new Date(this.clock.getTime() + 120_000).toISOString(),
    };
    const actor: Actor = { userId: riderId, role: 'passenger' };
    return this.ride(rideId, { type: 'AcceptBid', actor, data: { rideId, bid, driver: this.facts(driver) } });
  }

  async counterOffer(rideId: string, riderId: string, offeredFareNgwee: number): Promise<void> {
    await this.ride(rideId, { type: 'CounterOffer', actor: { userId: riderId, role: 'passenger' }, data: { rideId, offeredFareNgwee } });
  }

  async arrive(rideId: string, driver: TestDriver): Promise<void> {
    await this.ride(rideId, { type: 'ArriveAtPickup', actor: this.driverActor(driver), data: { rideId } });
  }

  /** Starts the trip with the rider's current PIN, or with `pin` (a wrong one records a failed attempt). */
  async startTrip(rideId: string, driver: TestDriver, pin?: string): Promise<RideEvent[]> {
    return this.ride(rideId, { type: 'StartTrip', actor: this.driverActor(driver), data: { rideId, pin: pin ?? (await this.currentPin(rideId)) } });
  }

  async reissuePin(rideId: string, riderId: string): Promise<void> {
    await this.ride(rideId, { type: 'ReissuePin', actor: { userId: riderId, role: 'passenger' }, data: { rideId } });
  }

  async complete(rideId: string, driver: TestDriver, trip: { distanceKm?: number; durationMinutes?: number } = {}): Promise<void> {
    await this.ride(rideId, {
      type: 'CompleteTrip',
      actor: this.driverActor(driver),
      data: { rideId, distanceKm: trip.distanceKm ?? null, durationMinutes: trip.durationMinutes ?? null },
    });
  }

  async rate(rideId: string, actor: Actor, stars: number, comment: string | null = null): Promise<void> {
    await this.ride(rideId, { type: 'RateRide', actor, data: { rideId, stars, comment } });
  }

  /** Without a reason code the command's default (`other`) applies, as for a client that sends none. */
  async cancel(rideId: string, actor: Actor, reason = 'changed my mind', reasonCode?: CancellationReason): Promise<void> {
    await this.ride(rideId, { type: 'CancelRide', actor, data: { rideId, reasonCode, reason } });
  }

  async expire(rideId: string, searchWindowSeconds = 600): Promise<void> {
    await this.ride(rideId, { type: 'ExpireRide', actor: system, data: { rideId, searchWindowSeconds } });
  }

  async dispatch(rideId: string): Promise<void> {
    await this.ride(rideId, { type: 'DispatchScheduledRide', actor: system, data: { rideId } });
  }

  async raiseEmergency(rideId: string, actor: Actor): Promise<void> {
    await this.ride(rideId, { type: 'RaiseEmergency', actor, data: { rideId, location: { lat: -12.81, lng: 28.21 } } });
  }

  /** A whole fixed-price ride, from booking to completion; returns when it was completed. */
  async completedRide(rideId: string, riderId: string, driver: TestDriver, fareNgwee = 5_000): Promise<void> {
    await this.requestRide(rideId, { riderId, vehicleType: driver.vehicleType, quoteTotalNgwee: fareNgwee });
    await this.later(2).acceptRide(rideId, driver);
    await this.later(5).arrive(rideId, driver);
    await this.later(1).startTrip(rideId, driver);
    await this.later(12).complete(rideId, driver, { distanceKm: 3.6, durationMinutes: 12 });
    await this.release(driver, rideId);
  }

  async currentPin(rideId: string): Promise<string> {
    const events = await this.store.readStream(rideStreamId(rideId));
    const issued = events.filter((event) => event.type === 'PinIssued').at(-1);
    if (!issued) throw new Error(`ride ${rideId} has no PIN yet`);
    return (issued.data as { pin: string }).pin;
  }

  // — route encodings —

  async submitRoute(encodingId: string, authorId: string, route: Partial<RouteInput> = {}): Promise<void> {
    await this.encoding(encodingId, {
      type: 'SubmitRouteEncoding',
      actor: { userId: authorId, role: 'driver' },
      data: { encodingId, ...kitweRoute, ...route },
    });
  }

  async reviseRoute(encodingId: string, authorId: string, route: Partial<RouteInput> = {}): Promise<void> {
    await this.encoding(encodingId, {
      type: 'ReviseRouteEncoding',
      actor: { userId: authorId, role: 'driver' },
      data: { encodingId, ...kitweRoute, ...route },
    });
  }

  async verifyRoute(encodingId: string, contributorId: string, isAccurate: boolean): Promise<void> {
    await this.encoding(encodingId, { type: 'VerifyRouteEncoding', actor: { userId: contributorId, role: 'driver' }, data: { encodingId, isAccurate } });
  }

  // — plumbing —

  private driverActor = (driver: TestDriver): Actor => ({ userId: driver.userId, role: 'driver' });

  private facts = (driver: TestDriver) => ({ ...driver, verified: true, online: true, busy: false });

  private ride(rideId: string, command: RideCommand) {
    return this.record(rideStreamId(rideId), rideDecider, command, command.actor);
  }

  private verification(driver: TestDriver, command: DriverVerificationCommand) {
    return this.record(driverVerificationStream(driver.driverId), driverVerificationDecider, command, command.actor);
  }

  private duty(driver: TestDriver, command: DriverDutyCommand) {
    return this.record(driverStream(driver.driverId), driverDutyDecider, command, command.actor);
  }

  private encoding(encodingId: string, command: RouteEncodingCommand) {
    return this.record(routeEncodingStream(encodingId), routeEncodingDecider, command, command.actor);
  }

  private async record<State, Command, Event extends DomainEvent>(
    streamName: string,
    decider: Decider<State, Command, Event>,
    command: Command,
    actor: { userId: string; role: string },
  ): Promise<Event[]> {
    const recorded = await this.store.readStream(streamName);
    const state = fold(decider, recorded.map((event) => eventUpcasters.upcast({ type: event.type, data: event.data, metadata: event.metadata }) as unknown as Event));
    const events = decider.decide(command, state, { now: this.clock, newId: randomUUID, random: Math.random });
    if (events.length === 0) return events;
    const correlationId = randomUUID();
    await this.store.appendToStream(
      streamName,
      events.map((event) => ({
        id: randomUUID(),
        type: event.type,
        data: event.data as JsonValue,
        metadata: { correlationId, causationId: correlationId, userId: actor.userId, role: actor.role, schemaVersion: schemaVersionOf(event.type) },
      })),
      { expectedRevision: recorded.at(-1)?.revision ?? 'no_stream' },
    );
    this.appendedByStream.set(streamName, (this.appendedByStream.get(streamName) ?? 0) + events.length);
    return events;
  }
}

const kitweRoute = {
  startAddress: 'Freedom Park, Kitwe',
  endAddress: 'Copperbelt University, Kitwe',
  streetNames: ['Independence Avenue', 'Jambo Drive'],
  coordinates: [
    { lat: -12.8024, lng: 28.2136 },
    { lat: -12.805, lng: 28.23 },
    { lat: -12.8074, lng: 28.2441 },
  ],
};

