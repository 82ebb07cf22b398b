/**
 * Test support for the ride and bid routes and the journeys over HTTP: people, places, a booking
 * body in the spec's shape, and a recorder that keeps every answer a driver was given.
 *
 *   const bed = await startApiTestBed();
 *   const rider = await bed.signIn('passenger');
 *   const driver = await approvedDriver(bed, { at: places.freedomPark });   // through the handlers
 *   const ride = await call(bed, rider, 'POST', '/api/rides', rideRequest()); // { status, body }
 */
import { randomUUID } from 'node:crypto';
import { recordDriverLocation } from '../../commands/dispatch/index.js';
import { goOnline } from '../../commands/driver/index.js';
import { approveDriver, submitDriverApplication } from '../../commands/driverVerification/index.js';
import { createReactors } from '../../commands/reactors/index.js';
import type { CommandContext } from '../../commands/shared/handleCommand.js';
import { driverDocumentKinds } from '../../domain/driverVerification/index.js';
import { parsePosition } from '../../platform/eventStore/port.js';
import { projections } from '../../projections/registry.js';
import { silentLogger } from '../../projections/runner/logger.js';
import { startApiTestBed, type ApiTestBed } from '../support/apiTestBed.js';
import type { SignedIn } from '../support/accounts.js';
import { liveParts, openedFor } from '../support/openedFor.js';

export const places = {
  freedomPark: { address: 'Freedom Park, Kitwe', lat: -12.8024, lng: 28.2136 },
  copperbeltUniversity: { address: 'Copperbelt University, Kitwe', lat: -12.8074, lng: 28.2441 },
  kitweCentralHospital: { address: 'Kitwe Central Hospital', lat: -12.81, lng: 28.22 },
  /** About 1.1 km from Freedom Park. */
  parklands: { address: 'Parklands, Kitwe', lat: -12.7925, lng: 28.2136 },
} as const;

/** The booking screen's ride request (spec 001 §3), fixed price by car unless overridden. */
export function rideRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    vehicleType: 'car',
    pickupLocation: places.freedomPark,
    dropoffLocation: places.copperbeltUniversity,
    multipleDestinations: [],
    pricingMethod: 'fixed',
    paymentMethod: 'airtel_money',
    isScheduled: false,
    scheduledFor: null,
    ...overrides,
  };
}

/**
 * Waits until every read model and reactor has applied everything stored so far, asking the
 * event store (whose fence is per database) what lies past each checkpoint. `bed.settle()` alone
 * may return early while another test file's database holds a transaction open: its lag probe
 * fences on the cluster-wide oldest transaction and so does not yet see the newest events.
 */
export async function settled(bed: ApiTestBed): Promise<void> {
  const everything = [...projections, ...createReactors({ services: bed.commands, logger: silentLogger })];
  for (let round = 0; round < 200; round++) {
    await bed.settle();
    const rows = await bed.db.selectFrom('projection_checkpoints').select(['name', 'position']).execute();
    const positionOf = new Map<string, string>(rows.map((row: { name: string; position: string }) => [row.name, row.position]));
    const behind = await Promise.all(
      everything.map(async ({ name, filter }) => {
        const position = positionOf.get(name);
        if (position === undefined) return true;
        const { events } = await bed.store.readAll({ fromPosition: parsePosition(position), maxCount: 1, filter });
        return events.length > 0;
      }),
    );
    if (!behind.includes(true)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('read models and reactors did not catch up within 5 s');
}

export const driverDocuments = driverDocumentKinds.map((kind, index) => ({ kind, reference: `${kind.toUpperCase()}-${index + 1}`, expiresOn: '2030-12-31' }));

export interface TestDriver extends SignedIn {
  /** A driver's id is their user id. */
  driverId: string;
}

const contextOf = (userId: string, role: string): CommandContext => ({ commandId: randomUUID(), actor: { userId, role } });

/**
 * A signed-in driver whose application an admin approved, through the write side's handlers (the
 * route specs do not depend on the driver routes); online and at `at` when given.
 */
export async function approvedDriver(
  bed: ApiTestBed,
  options: { vehicleType?: string; online?: boolean; at?: { lat: number; lng: number }; fullName?: string; plateNumber?: string } = {},
): Promise<TestDriver> {
  const signedIn = await bed.signIn('driver', { fullName: options.fullName ?? 'Mwila Tembo' });
  const driverId = signedIn.user.id;
  await submitDriverApplication(
    bed.commands,
    {
      driverId,
      licenceNumber: `ZL-${driverId.slice(0, 8)}`,
      vehicle: { make: 'Toyota', model: 'Corolla', year: 2017, colour: 'Silver', plateNumber: options.plateNumber ?? 'ABZ 123', type: (options.vehicleType ?? 'car') as 'car' },
      documents: driverDocuments,
    },
    contextOf(driverId, 'driver'),
  );
  await approveDriver(bed.commands, { driverId }, contextOf('admin-test', 'admin'));
  if (options.online !== false) await goOnline(bed.commands, { driverId }, contextOf(driverId, 'driver'));
  if (options.at) await recordDriverLocation(bed.db, { driverId, lat: options.at.lat, lng: options.at.lng, at: bed.clock.now() });
  return { ...signedIn, driverId };
}

export interface Answer {
  status: number;
  body: any;
  text: string;
}

/** One request as `who` (or a visitor when null). */
export async function call(
  bed: ApiTestBed,
  who: { headers: { cookie: string } } | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await bed.app.inject({
    method,
    url,
    headers: { ...(who?.headers ?? {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : undefined, text: response.body };
}

/**
 * Everything a driver was told, kept so a journey can show afterwards that none of it held the
 * PIN. Ids and instants are taken out before looking: their hex and digits could hold any four
 * digits by chance; nothing else in an answer is random, so what is left is a fair test.
 */
export class DriverTranscript {
  readonly answers: Array<{ url: string; text: string }> = [];

  constructor(
    private readonly bed: ApiTestBed,
    readonly driver: TestDriver,
  ) {}

  async call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown): Promise<Answer> {
    const answer = await call(this.bed, this.driver, method, url, payload);
    this.answers.push({ url: `${method} ${url}`, text: answer.text });
    return answer;
  }

  /** The answers (by request) whose text holds the PIN anywhere outside ids and instants. */
  answersHolding(pin: string): string[] {
    return this.answers.filter((answer) => withoutIdsAndInstants(answer.text).includes(pin)).map((answer) => answer.url);
  }
}

/**
 * Makes every PIN the write side draws from now on equal to `pin`. PINs come from the services'
 * randomness (decideDeps), which a test may fix as it fixes the clock: with a PIN that appears
 * nowhere else, finding its digits in an answer can only mean the PIN itself leaked.
 */
export function fixPinDraws(bed: ApiTestBed, pin: string): void {
  const draw = (Number(pin) - 1000 + 0.5) / 9000;
  bed.commands.random = () => draw;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g;

export const withoutIdsAndInstants = (text: string) => text.replace(UUID, '<id>').replace(INSTANT, '<instant>');

/** A driver who has only just registered an account (no application yet), with a transcript. */
export async function newDriver(bed: ApiTestBed, fullName: string): Promise<DriverTranscript> {
  const signedIn = await bed.signIn('driver', { fullName });
  return new DriverTranscript(bed, { ...signedIn, driverId: signedIn.user.id });
}

function expectAnswer(answer: Answer, status: number, step: string): Answer {
  if (answer.status !== status) throw new Error(`${step} answered ${answer.status}: ${answer.text}`);
  return answer;
}

/**
 * The driver's way onto the road over HTTP: apply with a car and the six documents, an admin
 * approves, the driver goes online at `at` and reports the position.
 */
export async function onboardOverHttp(
  bed: ApiTestBed,
  admin: SignedIn,
  driver: DriverTranscript,
  { plateNumber, at }: { plateNumber: string; at: { lat: number; lng: number } },
): Promise<void> {
  const { driverId } = driver.driver;
  const application = {
    licenceNumber: `ZL-${plateNumber.replace(/\s/g, '')}`,
    vehicle: { make: 'Toyota', model: 'Corolla', year: 2018, colour: 'Silver', plateNumber, type: 'car' },
    documents: driverDocuments,
  };
  expectAnswer(await driver.call('POST', '/api/drivers/register', application), 201, 'apply to drive');
  await settled(bed);
  expectAnswer(await call(bed, admin, 'PATCH', `/api/admin/drivers/${driverId}/verify`, { verificationStatus: 'approved' }), 200, 'approve');
  expectAnswer(await driver.call('PATCH', `/api/drivers/${driverId}/status`, { isOnline: true, location: { lat: at.lat, lng: at.lng } }), 200, 'go online');
  await settled(bed);
  expectAnswer(await driver.call('POST', `/api/drivers/${driverId}/location`, { lat: at.lat, lng: at.lng }), 200, 'report the position');
  await settled(bed);
}

/**
 * A journey's people, named once at the top of its file: before the first test, a server of the
 * file's own whose PIN draws are all `pin` (fixPinDraws), the admin, the rider Chanda Mulenga and
 * Mwila Tembo, a driver who has only just registered; the server closes after the last test.
 */
export function useJourneyCast(pin: string): { bed: ApiTestBed; admin: SignedIn; rider: SignedIn; driver: DriverTranscript } {
  const current = openedFor(
    'file',
    async () => {
      const bed = await startApiTestBed();
      fixPinDraws(bed, pin);
      const [admin, rider, driver] = await Promise.all([bed.signIn('admin'), bed.signIn('passenger', { fullName: 'Chanda Mulenga' }), newDriver(bed, 'Mwila Tembo')]);
      return { bed, admin, rider, driver };
    },
    ({ bed }) => bed.close(),
  );
  return liveParts(current, ['bed', 'admin', 'rider', 'driver']);
}
