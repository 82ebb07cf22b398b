import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { expect } from 'vitest';
import { seededRandom } from '../../tools/simulate/random.js';
import type { VehicleId } from '../../domain/catalogue/index.js';
import { driverDutyDecider, driverDutyStatus, driverStream, type DriverDutyEvent } from '../../domain/driverDuty/index.js';
import {
  driverVerificationDecider,
  driverVerificationStream,
  type DriverDocument,
  type DriverVerificationEvent,
} from '../../domain/driverVerification/index.js';
import type { Actor } from '../../domain/shared/command.js';
import { DomainError, type DomainErrorCode } from '../../domain/shared/index.js';
import { createKysely, createPool } from '../../platform/database/connect.js';
import { migrateEventStore, PostgresEventStore } from '../../platform/eventStore/postgres/postgresEventStore.js';
import type { EventStore } from '../../platform/eventStore/port.js';
import { acceptRide, arriveAtPickup, completeTrip, requestRide, startTrip, type RideInput } from '../../commands/ride/index.js';
import { rideStreamId } from '../../domain/ride/index.js';
import { loadState, loadVerificationFact } from '../../commands/shared/driverFacts.js';
import { handleCommand, type CommandContext } from '../../commands/shared/handleCommand.js';
import type { CommandsDatabase } from '../../commands/shared/database.js';
import { createCommandServices, decideDeps, lifecycleOptions, type CommandServices } from '../../commands/shared/services.js';
import { defaultPlatformSettings, type PlatformSettings } from '../../commands/shared/settings.js';
import { createTestDatabase } from './database.js';
import { useOpened } from './openedFor.js';

/** Spec support for the ride and bid handlers: a real event store, a clock the test moves. */

export class TestClock {
  constructor(private current: Date = new Date('2026-03-10T09:30:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

export interface RideTestBed {
  services: CommandServices;
  store: PostgresEventStore;
  clock: TestClock;
  settings: PlatformSettings;
  dispose(): Promise<void>;
}

/** A database of the file's own, the event store migrated, services over it. */
export async function openRideTestBed(
  label: string,
  options: { poolSize?: number; settings?: Partial<PlatformSettings> } = {},
): Promise<RideTestBed> {
  const database = await createTestDatabase(label);
  const pool: pg.Pool = createPool(database.url, options.poolSize ?? 10);
  await migrateEventStore(pool);
  const store = new PostgresEventStore({ pool });
  const clock = new TestClock();
  const settings = { ...defaultPlatformSettings, ...options.settings };
  const services = createCommandServices({
    store,
    db: createKysely<CommandsDatabase>(pool),
    clock,
    // Seeded: PINs differ between rides, and a rerun repeats them.
    random: seededRandom(20260310).next,
    settings: { current: async () => settings },
  });
  return {
    services,
    store,
    clock,
    settings,
    async dispose() {
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
}

/** The spec's bed, named once at the top of the file: opened before its first test, dropped after its last. */
export function useRideTestBed(label: string, options: Parameters<typeof openRideTestBed>[1] = {}): RideTestBed {
  return useOpened('file', () => openRideTestBed(label, options), (bed) => bed.dispose());
}

export const passenger = (name: string): Actor => ({ userId: `user-${name}`, role: 'passenger' });
export const driverUser = (name: string): Actor => ({ userId: `user-${name}`, role: 'driver' });
export const admin: Actor = { userId: 'admin-phiri', role: 'admin' };
export const staff: Actor = { userId: 'staff-zulu', role: 'staff' };
export const system: Actor = { userId: 'scheduler', role: 'system' };

/** A fresh request: each call is a new command (its own id), as a new HTTP request would be. */
export const as = (actor: Actor, commandId: string = randomUUID()): CommandContext => ({
  commandId,
  correlationId: `corr-${commandId}`,
  actor,
});

/** A unique id for a test's own streams. */
export const uniqueId = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

export const freedomPark = { address: 'Freedom Park, Kitwe', lat: -12.8024, lng: 28.2136 };
export const copperbeltUniversity = { address: 'Copperbelt University, Kitwe', lat: -12.8074, lng: 28.2441 };

export function rideRequest(overrides: Partial<RideInput<'RequestRide'>> = {}): RideInput<'RequestRide'> {
  return {
    rideId: uniqueId('ride'),
    vehicleType: 'car',
    pickup: freedomPark,
    dropoff: copperbeltUniversity,
    pricingMethod: 'fixed',
    paymentMethod: 'airtel_money',
    passengerCount: 1,
    ...overrides,
  };
}

const documents: DriverDocument[] = [
  { kind: 'driving_licence', reference: 'DL-123456', expiresOn: '2031-03-01' },
  { kind: 'psv_road_service_licence', reference: 'RSL-2026-0042', expiresOn: '2031-12-31' },
  { kind: 'police_clearance', reference: 'ZP-CLR-8871', expiresOn: '2031-06-30' },
  { kind: 'nrc', reference: '123456/10/1', expiresOn: '2035-01-01' },
  { kind: 'vehicle_registration', reference: 'VR-77821', expiresOn: '2031-02-28' },
  { kind: 'insurance', reference: 'ZSIC-55-0192', expiresOn: '2031-01-15' },
];

export interface TestDriver {
  driverId: string;
  actor: Actor;
}

/**
 * A driver through their real lifecycle: the driver applies, an admin approves, the driver goes
 * online — each through handleCommand with the lifecycle's own decider.
 */
export async function onboardDriver(
  services: CommandServices,
  options: { driverId?: string; name?: string; vehicleType?: VehicleId; approve?: boolean; online?: boolean } = {},
): Promise<TestDriver> {
  const driverId = options.driverId ?? uniqueId('driver');
  const actor = driverUser(options.name ?? driverId);
  const verify = (command: Parameters<typeof driverVerificationDecider.decide>[0], by: Actor) =>
    handleCommand(
      services.store,
      driverVerificationStream(driverId),
      driverVerificationDecider,
      command,
      as(by),
      decideDeps(services),
      lifecycleOptions<DriverVerificationEvent>(),
    );
  const vehicle = {
    make: 'Toyota',
    model: 'Corolla',
    year: 2018,
    colour: 'Silver',
    plateNumber: 'BAF 4521',
    type: options.vehicleType ?? 'car',
  };
  await verify({ type: 'SubmitDriverApplication', data: { driverId, licenceNumber: 'ZL-998877', vehicle, documents }, actor }, actor);
  if (options.approve === false) return { driverId, actor };
  await verify({ type: 'ApproveDriver', data: { driverId }, actor: admin }, admin);
  if (options.online !== false) {
    const verification = await loadVerificationFact(services.store, driverId);
    await handleCommand(
      services.store,
      driverStream(driverId),
      driverDutyDecider,
      { type: 'GoOnline', data: { driverId, verification }, actor },
      as(actor),
      decideDeps(services),
      lifecycleOptions<DriverDutyEvent>(),
    );
  }
  return { driverId, actor };
}

/** What the release reactor does when a ride ends: the driver is free again. */
export async function releaseDriver(
  services: CommandServices,
  driverId: string,
  rideId: string,
  reason: 'ride_completed' | 'ride_cancelled' = 'ride_completed',
) {
  await handleCommand(
    services.store,
    driverStream(driverId),
    driverDutyDecider,
    { type: 'ReleaseDriver', data: { driverId, rideId, reason }, actor: system },
    as(system),
    decideDeps(services),
    lifecycleOptions<DriverDutyEvent>(),
  );
}

/** Every stream's length, to show that a refusal appended nothing anywhere. */
export async function streamLengths(store: EventStore, streams: readonly string[]): Promise<number[]> {
  return Promise.all(streams.map(async (stream) => (await store.readStream(stream)).length));
}

/**
 * Then: the command is refused with this code (and message), and none of `streams` grew.
 */
export async function expectRefusal(
  store: EventStore,
  streams: readonly string[],
  act: () => Promise<unknown>,
  code: DomainErrorCode,
  message?: string | RegExp,
): Promise<DomainError> {
  const before = await streamLengths(store, streams);
  const error = await act().then(
    () => {
      throw new Error(`expected a refusal '${code}', but the command was accepted`);
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DomainError);
  const refusal = error as DomainError;
  expect(refusal.code, refusal.message).toBe(code);
  if (message !== undefined) expect(refusal.message).toMatch(message);
  expect(await streamLengths(store, streams)).toEqual(before);
  return refusal;
}

/** The types stored in a stream, in order. */
export async function storedTypes(store: EventStore, stream: string): Promise<string[]> {
  return (await store.readStream(stream)).map((event) => event.type);
}

export interface RideScene {
  rideId: string;
  stream: string;
  rider: Actor;
  driver: TestDriver;
  /** The PIN the rider holds (from the ride's own state). */
  pin: string;
}

/** Given a pending ride of a fresh rider (fixed price unless overridden). */
export async function givenPendingRide(services: CommandServices, overrides: Partial<RideInput<'RequestRide'>> = {}) {
  const rider = passenger(uniqueId('rider'));
  const { rideId } = await requestRide(services, rideRequest(overrides), as(rider));
  return { rideId, stream: rideStreamId(rideId), rider };
}

/** Given a fixed-price ride a fresh, online driver has accepted. */
export async function givenAcceptedRide(services: CommandServices): Promise<RideScene> {
  const pending = await givenPendingRide(services);
  const driver = await onboardDriver(services);
  const result = await acceptRide(services, { rideId: pending.rideId, driverId: driver.driverId }, as(driver.actor));
  return { ...pending, driver, pin: result.state.context.pin! };
}

export async function givenArrivedRide(services: CommandServices): Promise<RideScene> {
  const scene = await givenAcceptedRide(services);
  await arriveAtPickup(services, { rideId: scene.rideId }, as(scene.driver.actor));
  return scene;
}

export async function givenRideInProgress(services: CommandServices): Promise<RideScene> {
  const scene = await givenArrivedRide(services);
  await startTrip(services, { rideId: scene.rideId, pin: scene.pin }, as(scene.driver.actor));
  return scene;
}

export async function givenCompletedRide(services: CommandServices): Promise<RideScene> {
  const scene = await givenRideInProgress(services);
  await completeTrip(services, { rideId: scene.rideId, distanceKm: 3.4, durationMinutes: 11 }, as(scene.driver.actor));
  return scene;
}

/** A 4-digit PIN that is not `pin`. */
export const wrongPin = (pin: string) => (pin === '1234' ? '4321' : '1234');

/** Where the driver's duty stream stands: online, offline or engaged (on which ride). */
export async function dutyOf(store: EventStore, driverId: string) {
  const { state } = await loadState(store, driverStream(driverId), driverDutyDecider);
  return { status: driverDutyStatus(state), rideId: state.context.currentRideId };
}
