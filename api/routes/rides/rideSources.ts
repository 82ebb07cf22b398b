import type { FastifyRequest } from 'fastify';
import type { SharedDatabase } from '../../services/database.js';
import { signedInUser } from '../../plugins/auth.js';
import { findDriverLocation } from '../../../commands/dispatch/index.js';
import { rideStreamId, viewerOfRide } from '../../../domain/ride/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import type { EventStore, RecordedEvent } from '../../../platform/eventStore/port.js';
import type { Router } from '../../../platform/routing/index.js';
import type { LatLng } from '../../../domain/catalogue/index.js';
import { driversByIds } from '../../../projections/driverProfiles/index.js';
import { pinForRider, pinLockState, type RidePinRow } from '../../../projections/ridePins/index.js';
import { foldPin } from '../../../projections/ridePins/index.js';
import { rideById, type RideRow } from '../../../projections/rides/index.js';
import { foldRideStream } from '../../../projections/rides/index.js';
import { readRideEvent } from '../../../projections/shared/storedEvents.js';
import { type PublicUser, usersByIds } from '../../../accounts/index.js';
import { toDriverCard } from '../drivers/presenters.js';
import { driverShownIn, toRide, trackedIn, type DriverPosition, type PinState, type RideExtras, type RideParty } from './rideView.js';

/**
 * Where a ride's answer comes from. Reads come from the read models. After a write, the answer is
 * the ride stream folded through the read models' own fold functions (foldRideStream, foldPin): exactly
 * the rows the projections are about to write, so a client sees its own write at once and in the
 * same shape as every later read. A read that misses the read model (a ride booked a moment ago)
 * falls back to the stream the same way.
 */

export interface RideSnapshot {
  ride: RideRow;
  pin: RidePinRow | undefined;
}

export async function rideFromStream(store: EventStore, rideId: string): Promise<RideSnapshot | undefined> {
  return rideFromEvents(await store.readStream(rideStreamId(rideId)));
}

/** The ride as this whole stream of it (as the store recorded it) folds. */
function rideFromEvents(stream: readonly RecordedEvent[]): RideSnapshot | undefined {
  const events = stream.flatMap((recorded) => readRideEvent(recorded) ?? []);
  const ride = foldRideStream(events);
  const pin = events.reduce<RidePinRow | undefined>((row, stored) => foldPin(row, stored) ?? row, undefined);
  return ride && { ride, pin };
}

/** Who the user is on this ride; null for everyone who may not see it (staff included). */
export function partyOf(user: PublicUser, ride: RideRow): Exclude<RideParty, 'candidate'> | null {
  return viewerOfRide(user, { riderUserId: ride.rider_id, driverUserId: ride.driver_user_id });
}

/** The same answer whether the ride does not exist or is someone else's: a stranger learns nothing. */
export const rideNotFound = (rideId: string) => new DomainError('not_found', `ride ${rideId} was not found`, { rideId });

export interface RideReadDeps {
  db: SharedDatabase;
  store: EventStore;
  /** When given, the ETA to the pickup follows the roads (the straight line where none connects or it fails). */
  router?: Router;
}

/**
 * For the ride's step routes: a caller who is not on the ride (nor an admin) gets the same 404 as
 * for a ride that does not exist (`notFound`, the ride's own by default), before any command runs.
 * A party doing what they may not still gets the command's own 403. Answers the stream it read,
 * for the command to decide on (the ride handlers' `rideStream`) instead of reading it again.
 */
export async function requireRideParty(
  store: EventStore,
  user: PublicUser,
  rideId: string,
  notFound: () => DomainError = () => rideNotFound(rideId),
): Promise<RecordedEvent[]> {
  const stream = await store.readStream(rideStreamId(rideId));
  const snapshot = rideFromEvents(stream);
  if (!snapshot || !partyOf(user, snapshot.ride)) throw notFound();
  return stream;
}

export interface RidePartyOptions {
  /**
   * Which ride a request acts on: its `:rideId` unless told otherwise (a bid's route finds it from
   * the bid, and throws its own 404 for a bid that does not exist).
   */
  rideOf?: (request: FastifyRequest) => string | Promise<string>;
  /** What a stranger to the ride, or a request about a ride that does not exist, is told: the ride's 404 unless told otherwise. */
  notFound?: (request: FastifyRequest, rideId: string) => DomainError;
}

const rideIdParam = (request: FastifyRequest) => (request.params as { rideId: string }).rideId;

/**
 * requireRideParty as a preHandler that keeps what it read, for routes that act on one ride: those
 * on `/api/rides/:rideId/…`, and those that reach the ride through something of it (`rideOf`, as a
 * bid does). `streamOf(request)` is the ride stream the check read for that request, for the
 * step's command to decide on (the ride handlers' `rideStream`); `rideIdOf(request)` the ride.
 */
export function rideParty(store: EventStore, { rideOf = rideIdParam, notFound = (_, rideId) => rideNotFound(rideId) }: RidePartyOptions = {}) {
  const read = new WeakMap<FastifyRequest, { rideId: string; stream: RecordedEvent[] }>();
  return {
    check: async (request: FastifyRequest) => {
      const rideId = await rideOf(request);
      const stream = await requireRideParty(store, signedInUser(request), rideId, () => notFound(request, rideId));
      read.set(request, { rideId, stream });
    },
    streamOf: (request: FastifyRequest) => read.get(request)?.stream,
    rideIdOf: (request: FastifyRequest) => {
      const checked = read.get(request);
      if (!checked) throw new Error(`rideParty: ${request.routeOptions.url} runs its handler without the party check`);
      return checked.rideId;
    },
  };
}

/** GET /api/rides/:rideId — the ride from the read models, as this user may see it, or 404. */
export async function readRideFor({ db, store, router }: RideReadDeps, user: PublicUser, rideId: string) {
  const fromReadModel = await rideById(db, rideId);
  const snapshot: RideSnapshot | undefined = fromReadModel ? { ride: fromReadModel, pin: undefined } : await rideFromStream(store, rideId);
  const party = snapshot && partyOf(user, snapshot.ride);
  if (!snapshot || !party) throw rideNotFound(rideId);
  const pin = fromReadModel ? await pinFromReadModel(db, snapshot.ride, party, user) : pinFromRow(snapshot.pin, party);
  return presentRide(db, snapshot.ride, party, pin, router);
}

/**
 * The answer to a write: the ride stream as the write left it (see above), as the writer may see
 * it. `stream` is the whole stream as the command folded and appended to it (RideCommandResult's);
 * without it, the stream is read as it is now.
 */
export async function answerAfterWrite({ db, store, router }: RideReadDeps, user: PublicUser, rideId: string, stream?: readonly RecordedEvent[]) {
  const snapshot = stream ? rideFromEvents(stream) : await rideFromStream(store, rideId);
  const party = snapshot && partyOf(user, snapshot.ride);
  if (!snapshot || !party) throw rideNotFound(rideId);
  return presentRide(db, snapshot.ride, party, pinFromRow(snapshot.pin, party), router);
}

/** One ride with everything its party may see: driver card, live position and ETA, PIN state. */
export async function presentRide(db: SharedDatabase, ride: RideRow, party: RideParty, pin: PinState | undefined, router?: Router) {
  const [cards, position] = await Promise.all([driverCardsFor(db, [ride]), driverPositionFor(db, ride)]);
  const extras: RideExtras = { pin, driverPosition: position };
  const toPickup = router && position && party !== 'candidate' ? await minutesToPickupByRoad(router, ride, position) : null;
  if (toPickup !== null) extras.minutesToPickupByRoad = toPickup;
  const card = ride.driver_id ? cards.get(ride.driver_id) : undefined;
  if (card) extras.driver = card;
  return toRide(ride, party, extras);
}

/** Lists: each ride with its driver card; the live parts (position, ETA, PIN) only on the single ride. */
export async function presentList(db: SharedDatabase, rides: readonly RideRow[], partyFor: (ride: RideRow) => RideParty) {
  const cards = await driverCardsFor(db, rides);
  return rides.map((ride) => {
    const card = ride.driver_id ? cards.get(ride.driver_id) : undefined;
    return toRide(ride, partyFor(ride), card ? { driver: card } : {});
  });
}

/**
 * The rider gets the PIN itself; anyone else only whether the start is locked, from a query that
 * never selects the PIN column.
 */
async function pinFromReadModel(db: SharedDatabase, ride: RideRow, party: RideParty, user: PublicUser): Promise<PinState | undefined> {
  if (party === 'rider') {
    const pin = await pinForRider(db, ride.ride_id, user.id);
    return pin && { status: pin.status, code: pin.pin, attemptsLeft: pin.attemptsLeft };
  }
  const lock = await pinLockState(db, ride.ride_id);
  return lock && { status: lock.status, code: null, attemptsLeft: lock.attemptsLeft };
}

function pinFromRow(row: RidePinRow | undefined, party: RideParty): PinState | undefined {
  return row && { status: row.status, code: party === 'rider' ? row.pin : null, attemptsLeft: row.attempts_left };
}

/**
 * Each shown driver's card: the profile, and the user behind it. A ride names its driver's user
 * as well, so both are asked at once; a profile whose user the rides did not name (not expected)
 * has it asked after.
 */
async function driverCardsFor(db: SharedDatabase, rides: readonly RideRow[]) {
  const shown = rides.filter((ride) => ride.driver_id && driverShownIn.includes(ride.status));
  const ids = [...new Set(shown.map((ride) => ride.driver_id!))];
  if (ids.length === 0) return new Map<string, ReturnType<typeof toDriverCard>>();
  const named = shown.flatMap((ride) => (ride.driver_user_id ? [ride.driver_user_id] : []));
  const [profiles, users] = await Promise.all([driversByIds(db, ids), usersByIds(db, named)]);
  const userById = new Map(users.map((user) => [user.id, user]));
  const unnamed = profiles.flatMap((profile) => (profile.user_id && !userById.has(profile.user_id) ? [profile.user_id] : []));
  for (const user of await usersByIds(db, unnamed)) userById.set(user.id, user);
  return new Map(profiles.map((profile) => [profile.driver_id, toDriverCard(profile, profile.user_id ? userById.get(profile.user_id) : undefined)]));
}

async function driverPositionFor(db: SharedDatabase, ride: RideRow): Promise<DriverPosition | undefined> {
  if (!ride.driver_id || !trackedIn.includes(ride.status)) return undefined;
  const location = await findDriverLocation(db, ride.driver_id);
  return location && { lat: location.lat, lng: location.lng, heading: location.heading, updatedAt: location.updated_at };
}

/**
 * Minutes from the driver's last position to the pickup along the roads, while the driver is on
 * the way; null when the ride is not `accepted`, no road connects them (the router fell back to
 * the great circle) or routing failed: the ETA then takes the straight line.
 */
export async function minutesToPickupByRoad(router: Router, ride: RideRow, position: LatLng): Promise<number | null> {
  if (ride.status !== 'accepted') return null;
  try {
    const route = await router.route({ waypoints: [{ lat: position.lat, lng: position.lng }, { lat: ride.pickup_lat, lng: ride.pickup_lng }] });
    if (route.source === 'great_circle') return null;
    return Math.max(1, Math.ceil(route.durationMin));
  } catch {
    return null;
  }
}
