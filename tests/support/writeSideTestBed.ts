/**
 * Spec support for the write side's background processes (not loaded by production code): a
 * database of the test's own, services on a fake clock, the reactors migrated, and the few
 * commands the specs need to set a scene (drivers on duty, rides, bids), issued through the
 * lifecycles' own deciders.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { bidDecider, bidIdFor, bidStreamId, type BidCommand } from '../../domain/bid/index.js';
import { driverDutyDecider, driverStream, type DriverDutyCommand } from '../../domain/driverDuty/index.js';
import { application, validDocuments } from './fixtures/driverVerification.js';
import { requestRide as requestRideCommand } from './fixtures/ride.js';
import { rideDecider, rideStreamId, type DriverFacts, type RideCommand } from '../../domain/ride/index.js';
import type { Actor } from '../../domain/shared/command.js';
import type { VehicleId } from '../../domain/catalogue/vehicles.js';
import { migrateProjections } from '../../projections/runner/migrate.js';
import type { Projection } from '../../projections/runner/projection.js';
import { runProjection } from '../../projections/runner/projectionWorker.js';
import { useOpened, type Scope } from './openedFor.js';
import { openTestBed, type TestBed } from './projectionTestKit.js';
import type { SharedTables } from '../../api/services/database.js';
import { goOnline } from '../../commands/driver/index.js';
import { approveDriver, submitDriverApplication } from '../../commands/driverVerification/index.js';
import { migrateDispatchTelemetry } from '../../commands/dispatch/driverLocations.js';
import { migrateTripTrail } from '../../commands/safety/tripWatcher.js';
import { handleCommand, type CommandContext } from '../../commands/shared/handleCommand.js';
import { createCommandServices, decideDeps, lifecycleOptions, type CommandServices } from '../../commands/shared/services.js';
import type { Clock } from '../../platform/clock.js';
import { defaultPlatformSettings, type PlatformSettings } from '../../commands/shared/settings.js';
import { createReactors, type ReactorOptions } from '../../commands/reactors/registry.js';

/** A clock the test moves by hand. */
export class FakeClock implements Clock {
  private current: number;
  constructor(start: string) {
    this.current = Date.parse(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  set(instant: string | Date): void {
    this.current = new Date(instant).getTime();
  }
  advance({ seconds = 0, minutes = 0 }: { seconds?: number; minutes?: number }): void {
    this.current += (minutes * 60 + seconds) * 1000;
  }
}

export const START = '2025-01-15T08:00:00.000Z';
export const admin: Actor = { userId: 'admin-chanda', role: 'admin' };
export const system: Actor = { userId: 'test-system', role: 'system' };
export const rider: Actor = { userId: 'user-chanda', role: 'passenger' };

export const context = (actor: Actor, commandId: string = randomUUID()): CommandContext => ({ commandId, actor });

export interface WriteSideBed {
  bed: TestBed;
  services: CommandServices;
  clock: FakeClock;
  settings: PlatformSettings;
  reactors: Projection[];
  /** Runs every reactor until none has anything left to react to (their commands cause events too). */
  drain(): Promise<number>;
  dispose(): Promise<void>;
}

export async function openWriteSideBed(label: string, options: ReactorOptions = {}): Promise<WriteSideBed> {
  const bed = await openTestBed(label);
  const clock = new FakeClock(START);
  const settings = { ...defaultPlatformSettings };
  const services = createCommandServices({
    store: bed.store,
    db: bed.db,
    clock,
    settings: { current: async () => settings },
    // Not the default draw: randomInt(0, 2 ** 48) is one past what node:crypto allows (reported).
    random: () => randomInt(0, 2 ** 47) / 2 ** 47,
  });
  const reactors = createReactors({ services, logger: quietLogger }, options);
  await migrateDispatchTelemetry<SharedTables>(bed.db);
  await migrateTripTrail<SharedTables>(bed.db);
  await migrateProjections<SharedTables>(bed.db, reactors);
  return {
    bed,
    services,
    clock,
    settings,
    reactors,
    async drain() {
      let total = 0;
      for (;;) {
        let applied = 0;
        for (const projection of reactors) {
          const run = await runProjection({ projection, db: bed.db, store: bed.store, batchSize: 100, signal: new AbortController().signal, untilCaughtUp: true });
          applied += run.eventsApplied;
        }
        total += applied;
        if (applied === 0) return total;
      }
    },
    dispose: () => bed.dispose(),
  };
}

/** The spec's bed, named once at the top of the file: each test gets its own unless `scope` is 'file'. */
export function useWriteSideBed(label: string, scope: Scope = 'test'): WriteSideBed {
  return useOpened(scope, () => openWriteSideBed(label), (world) => world.dispose());
}

/** The command is refused with `code` (and a message holding `message`), and the stream holds what it held before. */
export async function expectRefused(services: CommandServices, stream: string, attempt: () => Promise<unknown>, code: string, message?: string) {
  const before = await eventTypes(services, stream);
  await expect(attempt()).rejects.toMatchObject({ code, ...(message && { message: expect.stringContaining(message) }) });
  expect(await eventTypes(services, stream)).toEqual(before);
}

const quietLogger = { info() {}, warn() {}, error: (details: object, message: string) => console.error(message, details) };

export interface SceneDriver extends DriverFacts {
  actor: Actor;
}

/** An approved driver with the vehicle given, online unless told otherwise. */
export async function driverOnDuty(
  services: CommandServices,
  options: { vehicleType?: VehicleId; online?: boolean; approved?: boolean } = {},
): Promise<SceneDriver> {
  const driverId = `driver-${randomUUID().slice(0, 8)}`;
  const actor: Actor = { userId: `user-${driverId}`, role: 'driver' };
  const vehicleType = options.vehicleType ?? 'car';
  const documents = validDocuments.map((document) => ({ ...document, expiresOn: '2030-12-31' }));
  await submitDriverApplication(services, { ...application, driverId, documents, vehicle: { ...application.vehicle, type: vehicleType } }, context(actor));
  if (options.approved ?? true) await approveDriver(services, { driverId }, context(admin));
  if ((options.online ?? true) && (options.approved ?? true)) await goOnline(services, { driverId }, context(actor));
  return { driverId, userId: actor.userId, actor, verified: true, online: true, busy: false, vehicleType };
}

type RequestData = Extract<RideCommand, { type: 'RequestRide' }>['data'];

export async function requestRide(services: CommandServices, overrides: Partial<RequestData> = {}): Promise<string> {
  const rideId = `ride-${randomUUID().slice(0, 8)}`;
  await onRide(services, rideId, requestRideCommand({ rideId, ...overrides }, rider));
  return rideId;
}

export function onRide(services: CommandServices, rideId: string, command: RideCommand, commandId?: string) {
  return handleCommand(services.store, rideStreamId(rideId), rideDecider, command, context(command.actor, commandId), decideDeps(services), lifecycleOptions());
}

export function onDriver(services: CommandServices, command: DriverDutyCommand) {
  return handleCommand(services.store, driverStream(command.data.driverId), driverDutyDecider, command, context(command.actor), decideDeps(services), lifecycleOptions());
}

export function onBid(services: CommandServices, command: BidCommand) {
  return handleCommand(services.store, bidStreamId(command.data.bidId), bidDecider, command, context(command.actor), decideDeps(services), lifecycleOptions());
}

/** A bid on a bidding ride (quote bounds as in the ride fixtures), valid for the bid window. */
export async function placeBid(services: CommandServices, rideId: string, driver: SceneDriver, amountNgwee = 4_500, windowSeconds = 120): Promise<string> {
  const bidId = bidIdFor(rideId, driver.driverId);
  const { actor, ...facts } = driver;
  const command: BidCommand = {
    type: 'PlaceBid',
    actor,
    data: {
      bidId,
      rideId,
      driver: facts,
      ride: { riderId: 'someone-else', status: 'pending', pricingMethod: 'bidding', vehicleType: driver.vehicleType, floorNgwee: 3_000, ceilingNgwee: 15_000 },
      amountNgwee,
      expiresAt: new Date(services.clock.now().getTime() + windowSeconds * 1000).toISOString(),
    },
  };
  await onBid(services, command);
  return bidId;
}

/** The assignment as the ride handlers do it: the driver's stream is reserved first, then the ride's. */
export async function acceptBid(services: CommandServices, rideId: string, driver: SceneDriver, amountNgwee = 4_500): Promise<void> {
  const { actor: _actor, ...facts } = driver;
  const bidId = bidIdFor(rideId, driver.driverId);
  const [placed] = await services.store.readStream(bidStreamId(bidId));
  const expiresAt = (placed!.data as { expiresAt: string }).expiresAt;
  await onDriver(services, { type: 'ReserveDriver', data: { driverId: driver.driverId, rideId, vehicleType: driver.vehicleType as VehicleId }, actor: system });
  await onRide(services, rideId, {
    type: 'AcceptBid',
    actor: rider,
    data: { rideId, bid: { bidId, rideId, driverId: driver.driverId, amountNgwee, status: 'placed', expiresAt }, driver: facts },
  });
}

export async function acceptFixedRide(services: CommandServices, rideId: string, driver: SceneDriver): Promise<void> {
  const { actor, ...facts } = driver;
  await onDriver(services, { type: 'ReserveDriver', data: { driverId: driver.driverId, rideId, vehicleType: driver.vehicleType as VehicleId }, actor: system });
  await onRide(services, rideId, { type: 'AcceptRide', actor, data: { rideId, driver: facts } });
}

export async function eventTypes(services: CommandServices, stream: string): Promise<string[]> {
  return (await services.store.readStream(stream)).map((event) => event.type);
}
