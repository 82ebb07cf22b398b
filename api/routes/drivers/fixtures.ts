import { randomUUID } from 'node:crypto';
import { acceptRide, arriveAtPickup, completeTrip, requestRide, startTrip } from '../../../commands/ride/index.js';
import type { CommandContext } from '../../../commands/shared/handleCommand.js';
import type { VehicleId } from '../../../domain/catalogue/index.js';
import { driverDocumentKinds } from '../../../domain/driverVerification/index.js';
import { createReactors } from '../../../commands/reactors/index.js';
import { projections } from '../../../projections/registry.js';
import { silentLogger } from '../../../projections/runner/logger.js';
import type { SignedIn } from '../../../tests/support/accounts.js';
import type { ApiTestBed } from '../../../tests/support/apiTestBed.js';
import { readModelStates } from '../admin/readModelHealth.js';

/** People and journeys for the product routes' specs, made through the API itself. Test support only. */

export const kitweCentre = { lat: -12.8024, lng: 28.2136 };
export const copperbeltUniversity = { lat: -12.8074, lng: 28.2441 };

/** A complete application: the six documents, each good for years yet. */
export function driverApplication(vehicleType: VehicleId = 'car', plateNumber = 'BAF 4521') {
  return {
    licenceNumber: 'ZL-998877',
    vehicle: { make: 'Toyota', model: 'Corolla', year: 2018, colour: 'Silver', plateNumber, type: vehicleType },
    documents: driverDocumentKinds.map((kind, index) => ({
      kind,
      reference: `${kind.toUpperCase()}-${index + 1}`,
      expiresOn: '2031-12-31',
    })),
  };
}

/**
 * Waits until every read model and reactor has applied everything stored so far. `bed.settle()`
 * alone can return early: its lag probe fences on the cluster-wide oldest transaction, so a
 * transaction open in another test file's database hides fresh events from it. This asks the
 * event store itself (whose fence is per database) what lies past each checkpoint.
 */
export async function settled(bed: ApiTestBed): Promise<void> {
  const everything = [...projections, ...createReactors({ services: bed.commands, logger: silentLogger })];
  for (let round = 0; round < 200; round++) {
    await bed.settle();
    const states = await readModelStates(bed.db, bed.store, everything, Date.now());
    if (states.every(({ state }) => state === 'current')) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('read models and reactors did not catch up within 5 s');
}

function expectOk(response: { statusCode: number; body: string }, status: number, step: string) {
  if (response.statusCode !== status) throw new Error(`${step} answered ${response.statusCode}: ${response.body}`);
}

export interface TestDriver extends SignedIn {
  driverId: string;
}

/**
 * A driver through the real routes: signs up, applies, an admin approves, and (unless told
 * otherwise) goes online at `location`. Waits for the read models before returning.
 */
export async function approvedDriver(
  bed: ApiTestBed,
  admin: SignedIn,
  options: { fullName?: string; vehicleType?: VehicleId; online?: boolean; location?: { lat: number; lng: number } } = {},
): Promise<TestDriver> {
  const driver = await bed.signIn('driver', { fullName: options.fullName ?? 'Mwila Banda' });
  const driverId = driver.user.id;
  const plate = `ABC ${driverId.slice(0, 4).toUpperCase()}`;
  expectOk(
    await bed.app.inject({
      method: 'POST',
      url: '/api/drivers/register',
      headers: driver.headers,
      payload: driverApplication(options.vehicleType, plate),
    }),
    201,
    'register',
  );
  await settled(bed);
  expectOk(
    await bed.app.inject({
      method: 'PATCH',
      url: `/api/admin/drivers/${driverId}/verify`,
      headers: admin.headers,
      payload: { verificationStatus: 'approved' },
    }),
    200,
    'approve',
  );
  if (options.online !== false) {
    const payload = { isOnline: true, location: options.location ?? kitweCentre };
    expectOk(
      await bed.app.inject({ method: 'PATCH', url: `/api/drivers/${driverId}/status`, headers: driver.headers, payload }),
      200,
      'go online',
    );
  }
  await settled(bed);
  return { ...driver, driverId };
}

const as = (who: SignedIn): CommandContext => ({
  commandId: randomUUID(),
  correlationId: randomUUID(),
  actor: { userId: who.user.id, role: who.user.userType },
});

/**
 * A fixed-price car ride from the centre of Kitwe to the Copperbelt University, driven to the end
 * through the ride handlers: booked, accepted, arrived, started with the rider's PIN, completed.
 * Answers the ride and its fare (a fixed-price ride's final fare is its quote).
 */
export async function completedRide(bed: ApiTestBed, rider: SignedIn, driver: TestDriver): Promise<{ rideId: string; fareNgwee: number }> {
  const booked = await requestRide(
    bed.commands,
    {
      vehicleType: 'car',
      pickup: { ...kitweCentre, address: 'Kitwe CBD' },
      dropoff: { ...copperbeltUniversity, address: 'Copperbelt University' },
      pricingMethod: 'fixed',
      paymentMethod: 'cash',
      passengerCount: 1,
    },
    as(rider),
  );
  const { rideId } = booked;
  const accepted = await acceptRide(bed.commands, { rideId, driverId: driver.driverId }, as(driver));
  await arriveAtPickup(bed.commands, { rideId }, as(driver));
  await startTrip(bed.commands, { rideId, pin: accepted.state.context.pin! }, as(driver));
  await completeTrip(bed.commands, { rideId, distanceKm: 3.4, durationMinutes: 11 }, as(driver));
  // The duty reactor frees the driver for the next ride; the read models take the ride in.
  await settled(bed);
  return { rideId, fareNgwee: booked.quote.totalNgwee };
}
