/**
 * Spec support for the live channel: a real `ws` client against a listening app, and people
 * (riders, drivers, admins) who sign in through the real routes and act through the real
 * command handlers, as the app would.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { approveDriver, submitDriverApplication } from '../../commands/driverVerification/index.js';
import { goOnline } from '../../commands/driver/index.js';
import { requestRide, type RideInput } from '../../commands/ride/index.js';
import type { CommandContext } from '../../commands/shared/handleCommand.js';
import type { VehicleId } from '../../domain/catalogue/index.js';
import { driverDocumentKinds } from '../../domain/driverVerification/index.js';
import type { Actor } from '../../domain/shared/command.js';
import type { ApiTestBed } from './apiTestBed.js';
import type { SignedIn } from './accounts.js';
import type { App } from '../../api/types.js';

/** Any message as the client parsed it. */
export type Received = { type: string; [field: string]: unknown };

export class LiveClient {
  /** Every text frame received, as sent (for searching), and parsed. */
  readonly frames: string[] = [];
  readonly messages: Received[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly listeners = new Set<() => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString();
      this.frames.push(text);
      this.messages.push(JSON.parse(text) as Received);
      for (const listener of this.listeners) listener();
    });
    this.closed = new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Opens `/ws` with the session cookie (or none); resolves once the upgrade is through. */
  static open(baseUrl: string, cookie?: string, options: WebSocket.ClientOptions = {}): Promise<LiveClient> {
    const socket = new WebSocket(`${baseUrl}/ws`, { ...options, headers: cookie ? { cookie } : {} });
    const client = new LiveClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  sendRaw(data: string | Buffer, options: { binary?: boolean } = {}): void {
    this.socket.send(data, { binary: options.binary ?? false });
  }

  /** The first message (received already or still to come) that matches. */
  waitFor(matches: (message: Received) => boolean, what = 'a matching message', timeoutMs = 5_000): Promise<Received> {
    return this.waitAfter(0, matches, what, timeoutMs);
  }

  /** Sends a join and answers the reply to it (joined or error). */
  async join(userId: string, rideId?: string): Promise<Received> {
    const before = this.messages.length;
    this.send({ type: 'join', userId, ...(rideId === undefined ? {} : { rideId }) });
    return this.waitAfter(before, (message) => message.type === 'joined' || message.type === 'error', 'the reply to a join');
  }

  /** Sends a raw frame and answers the next error or pong. */
  async replyTo(send: () => void): Promise<Received> {
    const before = this.messages.length;
    send();
    return this.waitAfter(before, (message) => ['error', 'pong', 'joined'].includes(message.type), 'a reply');
  }

  ofType(type: string, rideId?: string): Received[] {
    return this.messages.filter((message) => message.type === type && (rideId === undefined || message.rideId === rideId));
  }

  close(): void {
    this.socket.close();
  }

  private waitAfter(from: number, matches: (message: Received) => boolean, what: string, timeoutMs = 5_000): Promise<Received> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.slice(from).find(matches);
        if (!found) return false;
        cleanup();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for ${what}; received: ${JSON.stringify(this.messages.slice(from))}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(listener);
      };
      const listener = () => void check();
      if (check()) return;
      this.listeners.add(listener);
    });
  }
}

/** Listens on an ephemeral port; answers the ws base URL. */
export async function listen(app: App): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

export const actorOf = (person: SignedIn): Actor => ({ userId: person.user.id, role: person.user.userType as Actor['role'] });

export const contextFor = (actor: Actor): CommandContext => {
  const commandId = randomUUID();
  return { commandId, correlationId: `live-${commandId}`, actor };
};

export const platformAdmin: Actor = { userId: 'admin-live-spec', role: 'admin' };

export interface Driver {
  person: SignedIn;
  /** A driver's id is their user id (the API's convention). */
  driverId: string;
  actor: Actor;
}

/** A driver who signed up, applied with a vehicle and, unless told otherwise, was approved and went online. */
export async function driverOf(
  bed: ApiTestBed,
  options: { vehicleType?: VehicleId; approve?: boolean; online?: boolean } = {},
): Promise<Driver> {
  const person = await bed.signIn('driver');
  const driverId = person.user.id;
  const actor = actorOf(person);
  const vehicle = { make: 'Toyota', model: 'Hiace', year: 2019, colour: 'White', plateNumber: 'ABT 1234', type: options.vehicleType ?? 'car' };
  const documents = driverDocumentKinds.map((kind, index) => ({ kind, reference: `${kind}-${index}`, expiresOn: '2031-12-31' }));
  await submitDriverApplication(bed.commands, { driverId, licenceNumber: 'ZL-112233', vehicle, documents }, contextFor(actor));
  const driver = { person, driverId, actor };
  if (options.approve === false) return driver;
  await approveDriver(bed.commands, { driverId }, contextFor(platformAdmin));
  if (options.online !== false) await goOnline(bed.commands, { driverId }, contextFor(actor));
  return driver;
}

export async function bringOnline(bed: ApiTestBed, driver: Driver): Promise<void> {
  await goOnline(bed.commands, { driverId: driver.driverId }, contextFor(driver.actor));
}

export const freedomPark = { address: 'Freedom Park, Kitwe', lat: -12.8024, lng: 28.2136 };
export const copperbeltUniversity = { address: 'Copperbelt University, Kitwe', lat: -12.8074, lng: 28.2441 };

/** The rider books a ride (a fixed-price car for one unless overridden); answers its id. */
export async function book(bed: ApiTestBed, rider: SignedIn, overrides: Partial<RideInput<'RequestRide'>> = {}): Promise<string> {
  const { rideId } = await requestRide(
    bed.commands,
    {
      vehicleType: 'car',
      pickup: freedomPark,
      dropoff: copperbeltUniversity,
      pricingMethod: 'fixed',
      paymentMethod: 'cash',
      passengerCount: 1,
      ...overrides,
    },
    contextFor(actorOf(rider)),
  );
  return rideId;
}
