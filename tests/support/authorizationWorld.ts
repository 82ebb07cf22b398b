/**
 * A small populated world for authorization and bad-input specs: one person per role a route may
 * meet, and every kind of resource a route's path can point at, made through the command handlers
 * and repositories (so the routes under test are not needed to build it).
 *
 *   const world = await startWorld(bed);
 *   world.people.A                              // passenger A, the owner of the rides below
 *   await world.make('acceptedRide')            // a fresh ride of A with driver X assigned
 *   await world.shared('biddingRide')           // one pending bidding ride of A with X's bid, reused
 *   await world.spareSession(world.people.A)    // a second session of A (sign-out and the like)
 *   await world.sweep()                         // every ride still under way cancelled; drivers free again
 */
import { randomUUID } from 'node:crypto';
import { placeBid } from '../../commands/bid/index.js';
import { recordDriverLocation } from '../../commands/dispatch/index.js';
import { goOnline } from '../../commands/driver/index.js';
import { approveDriver, submitDriverApplication, suspendDriver } from '../../commands/driverVerification/index.js';
import { acceptRide, arriveAtPickup, cancelRide, completeTrip, quoteRide, requestRide, startTrip } from '../../commands/ride/index.js';
import { submitRouteEncoding } from '../../commands/routeEncoding/index.js';
import type { CommandContext } from '../../commands/shared/handleCommand.js';
import { insertUser } from '../../accounts/index.js';
import { insertSupportMessage, saveMethod } from '../../product/index.js';
import { paymentProviders } from '../../domain/catalogue/index.js';
import { bidIdFor } from '../../domain/bid/index.js';
import { openRideStatuses } from '../../domain/ride/index.js';
import type { Actor } from '../../domain/shared/command.js';
import { driverDocuments, settled } from '../journeys/kit.js';
import { sessionCookieFrom, type SignedIn } from './accounts.js';
import type { ApiTestBed } from './apiTestBed.js';
import { eventCount } from './stateDigest.js';

/** The columns of the matrix: who is asking. */
export const roles = ['anon', 'A', 'B', 'X', 'Y', 'U', 'admin', 'staff'] as const;
export type Role = (typeof roles)[number];

export const roleNames: Record<Role, string> = {
  anon: 'anonymous',
  A: 'passenger A (the owner)',
  B: 'passenger B (another passenger)',
  X: 'driver X (the assigned driver)',
  Y: 'driver Y (another approved driver)',
  U: 'driver U (unverified: application pending)',
  admin: 'admin',
  staff: 'staff (support agent)',
};

export type Person = SignedIn & { role: Exclude<Role, 'anon'> };

export const freedomPark = { address: 'Freedom Park, Kitwe', lat: -12.8024, lng: 28.2136 };
export const copperbeltUniversity = { address: 'Copperbelt University, Kitwe', lat: -12.8074, lng: 28.2441 };

/** What a path can point at. Rides carry what the next step needs (the PIN, the bounds for offers). */
export interface Resource {
  id: string;
  rideId?: string;
  bidId?: string;
  pin?: string | null;
  quoteNgwee?: number;
  floorNgwee?: number;
  ceilingNgwee?: number;
}

export const resourceKinds = [
  'acceptedRide',
  'pendingRide',
  'openBiddingRide',
  'biddingRide',
  'arrivedRide',
  'startedRide',
  'completedRide',
  'encoding',
  'paymentMethod',
  'supportMessage',
  'editableUser',
  'pendingApplicant',
  'approvedApplicant',
  'suspendedApplicant',
] as const;
export type ResourceKind = (typeof resourceKinds)[number];

const platformAdmin: Actor = { userId: 'admin-authorization-world', role: 'admin' };

export const contextOf = (actor: Actor): CommandContext => ({ commandId: randomUUID(), correlationId: `world-${randomUUID()}`, actor });
export const actorOf = (person: SignedIn): Actor => ({ userId: person.user.id, role: person.user.userType as Actor['role'] });

export class World {
  private readonly sharedResources = new Map<ResourceKind, Promise<Resource>>();
  private accountSeq = 0;

  constructor(
    readonly bed: ApiTestBed,
    readonly people: Record<Exclude<Role, 'anon'>, Person>,
  ) {}

  /** One instance per kind, made on first use and reused after (for requests that change nothing). */
  shared(kind: ResourceKind): Promise<Resource> {
    let found = this.sharedResources.get(kind);
    if (!found) {
      found = this.make(kind);
      this.sharedResources.set(kind, found);
    }
    return found;
  }

  /** A new instance of the kind, in the read models too: rides and bids of A driven by X, an encoding by X, a method of A. */
  async make(kind: ResourceKind): Promise<Resource> {
    const made = await this.create(kind);
    await settled(this.bed);
    return made;
  }

  private async create(kind: ResourceKind): Promise<Resource> {
    const { A, X } = this.people;
    switch (kind) {
      case 'pendingRide':
        return this.book('fixed');
      case 'acceptedRide':
        return this.accept(await this.book('fixed'), X);
      case 'arrivedRide': {
        const ride = await this.create('acceptedRide');
        await arriveAtPickup(this.bed.commands, { rideId: ride.id }, contextOf(actorOf(X)));
        return ride;
      }
      case 'startedRide': {
        const ride = await this.create('arrivedRide');
        await startTrip(this.bed.commands, { rideId: ride.id, pin: ride.pin! }, contextOf(actorOf(X)));
        return ride;
      }
      case 'completedRide': {
        const ride = await this.create('startedRide');
        await completeTrip(this.bed.commands, { rideId: ride.id, distanceKm: 3.4, durationMinutes: 11 }, contextOf(actorOf(X)));
        return ride;
      }
      case 'openBiddingRide':
        return this.book('bidding');
      case 'biddingRide': {
        const ride = await this.book('bidding');
        const input = { rideId: ride.id, driverId: X.user.id, amountNgwee: ride.quoteNgwee!, message: 'On my way', estimatedArrivalMinutes: 4 };
        await placeBid(this.bed.commands, input, contextOf(actorOf(X)));
        return { ...ride, bidId: bidIdFor(ride.id, X.user.id) };
      }
      case 'encoding': {
        const encodingId = randomUUID();
        const coordinates = [freedomPark, copperbeltUniversity].map(({ lat, lng }) => ({ lat, lng }));
        const route = { startAddress: 'Freedom Park', endAddress: 'Copperbelt University', streetNames: ['Independence Avenue'], coordinates };
        await submitRouteEncoding(this.bed.commands, { encodingId, ...route, region: 'Copperbelt Province' }, contextOf(actorOf(X)));
        return { id: encodingId };
      }
      case 'paymentMethod': {
        const provider = paymentProviders.find((candidate) => candidate.id === 'airtel_money')!;
        const row = await saveMethod(this.bed.db, { userId: A.user.id, provider, accountNumber: this.mobileNumber(), makeDefault: false }, this.bed.clock.now());
        return { id: row.id };
      }
      case 'supportMessage': {
        const sender = { userId: null, name: 'Chanda Mulenga', email: 'chanda@example.com' };
        const message = { ...sender, subject: 'Lost umbrella', category: 'other', message: 'I left my umbrella in the car.', urgency: 'low' } as const;
        return { id: (await insertSupportMessage(this.bed.db, message, this.bed.clock.now())).id };
      }
      case 'editableUser':
        return { id: (await this.plainUser('passenger')).id };
      case 'pendingApplicant':
      case 'approvedApplicant':
      case 'suspendedApplicant':
        return this.applicant(kind);
    }
  }

  /** Another fully signed-in session of the same person (password, then a backup code): theirs to end. */
  async spareSession(person: Person): Promise<{ cookie: string }> {
    const url = person.role === 'admin' ? '/api/auth/admin-login' : '/api/auth/login';
    const login = await this.bed.app.inject({ method: 'POST', url, payload: { email: person.email, password: person.password } });
    const pending = sessionCookieFrom(login);
    if (login.statusCode !== 200 || !pending) throw new Error(`spare session: ${url} answered ${login.statusCode} ${login.body}`);
    const payload = { userId: person.user.id, code: this.backupCodeOf(person) };
    const verified = await this.bed.app.inject({ method: 'POST', url: '/api/auth/verify-mfa', headers: { cookie: pending }, payload });
    const cookie = sessionCookieFrom(verified);
    if (verified.statusCode !== 200 || !cookie) throw new Error(`spare session: verify-mfa answered ${verified.statusCode} ${verified.body}`);
    return { cookie };
  }

  /** An unused backup code of the person (verify-mfa's valid request). */
  backupCodeOf(person: Person): string {
    const code = person.backupCodes.shift();
    if (!code) throw new Error(`${person.role} has no backup codes left`);
    return code;
  }

  /** Cancels every ride still under way (as an admin) and waits until the drivers are free again. */
  async sweep(): Promise<void> {
    await settled(this.bed);
    const rows = await this.bed.db.selectFrom('rm_rides').select('ride_id').where('status', 'in', openRideStatuses).execute();
    for (const { ride_id: rideId } of rows as Array<{ ride_id: string }>) {
      // A ride may have ended (expired, completed) since the read: nothing left to cancel then.
      await cancelRide(this.bed.commands, { rideId, reason: 'authorization world cleanup' }, contextOf(platformAdmin)).catch(() => undefined);
    }
    this.sharedResources.clear();
    await settled(this.bed);
  }

  /** How many events the store holds: a refused request must not add one. */
  eventCount(): Promise<number> {
    return eventCount(this.bed.db);
  }

  newEmail(label: string): string {
    return `${label}-${++this.accountSeq}-${randomUUID().slice(0, 6)}@test.tiyende.app`;
  }

  /** A fresh Zambian mobile number, so no two saved accounts collide. */
  mobileNumber(): string {
    return `097${String(1_000_000 + (++this.accountSeq * 7919) % 9_000_000).padStart(7, '0')}`;
  }

  private async book(pricingMethod: 'fixed' | 'bidding'): Promise<Resource> {
    const trip = { vehicleType: 'car' as const, pickup: freedomPark, dropoff: copperbeltUniversity, stops: [], pricingMethod, scheduledFor: null };
    const quote = quoteRide(trip as unknown as Parameters<typeof quoteRide>[0], this.bed.settings, this.bed.clock.now());
    const booked = await requestRide(
      this.bed.commands,
      { ...trip, paymentMethod: 'cash', passengerCount: 1, proposedFareNgwee: pricingMethod === 'bidding' ? quote.totalNgwee : null },
      contextOf(actorOf(this.people.A)),
    );
    const { totalNgwee, floorNgwee, ceilingNgwee } = booked.quote;
    return { id: booked.rideId, rideId: booked.rideId, pin: null, quoteNgwee: totalNgwee, floorNgwee, ceilingNgwee };
  }

  private async accept(ride: Resource, driver: Person): Promise<Resource> {
    const accepted = await acceptRide(this.bed.commands, { rideId: ride.id, driverId: driver.user.id }, contextOf(actorOf(driver)));
    return { ...ride, pin: accepted.state.context.pin };
  }

  private plainUser(userType: 'passenger' | 'driver') {
    const email = this.newEmail(userType);
    return insertUser(this.bed.db, { email, passwordHash: 'not-a-password-hash', fullName: `Plain ${userType}`, userType }, this.bed.clock.now());
  }

  private async applicant(kind: 'pendingApplicant' | 'approvedApplicant' | 'suspendedApplicant'): Promise<Resource> {
    const { id: driverId } = await this.plainUser('driver');
    await submitDriverApplication(this.bed.commands, applicationOf(driverId), contextOf({ userId: driverId, role: 'driver' }));
    if (kind !== 'pendingApplicant') await approveDriver(this.bed.commands, { driverId }, contextOf(platformAdmin));
    if (kind === 'suspendedApplicant') await suspendDriver(this.bed.commands, { driverId, reason: 'Expired insurance' }, contextOf(platformAdmin));
    return { id: driverId };
  }
}

const applicationOf = (driverId: string) => ({
  driverId,
  licenceNumber: `ZL-${driverId.slice(0, 8)}`,
  vehicle: { make: 'Toyota', model: 'Corolla', year: 2017, colour: 'Silver', plateNumber: `ABZ ${driverId.slice(0, 4).toUpperCase()}`, type: 'car' as const },
  documents: driverDocuments,
});

/**
 * Signs everyone in through the real routes: A and B (passengers), X and Y (approved car drivers,
 * online at Freedom Park), U (a driver whose application waits for review), an admin and a staff
 * member. Shared resources are made later, on first use.
 */
export async function startWorld(bed: ApiTestBed): Promise<World> {
  const person = async (role: Exclude<Role, 'anon'>, userType: 'passenger' | 'driver' | 'admin' | 'staff', fullName: string): Promise<Person> => ({
    ...(await bed.signIn(userType, { fullName })),
    role,
  });
  const [A, B, X, Y, U, admin, staff] = await Promise.all([
    person('A', 'passenger', 'Alinafe Phiri'),
    person('B', 'passenger', 'Bwalya Mwansa'),
    person('X', 'driver', 'Xavier Tembo'),
    person('Y', 'driver', 'Yande Zulu'),
    person('U', 'driver', 'Upile Banda'),
    person('admin', 'admin', 'Ada Admin'),
    person('staff', 'staff', 'Sam Staff'),
  ]);
  for (const driver of [X, Y, U]) {
    await submitDriverApplication(bed.commands, applicationOf(driver.user.id), contextOf(actorOf(driver)));
  }
  for (const driver of [X, Y]) {
    await approveDriver(bed.commands, { driverId: driver.user.id }, contextOf(platformAdmin));
    await goOnline(bed.commands, { driverId: driver.user.id }, contextOf(actorOf(driver)));
    await recordDriverLocation(bed.db, { driverId: driver.user.id, lat: freedomPark.lat, lng: freedomPark.lng, at: bed.clock.now() });
  }
  await settled(bed);
  return new World(bed, { A, B, X, Y, U, admin, staff });
}
