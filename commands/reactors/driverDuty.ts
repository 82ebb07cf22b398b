import type { Kysely, Transaction } from 'kysely';
import type { Migration } from 'kysely/migration';
import { driverDutyDecider, driverStream, type DriverDutyEvent, type ReleaseReason } from '../../domain/driverDuty/index.js';
import type { DriverVerificationEvent } from '../../domain/driverVerification/index.js';
import type { RideEvent } from '../../domain/ride/index.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { defineProjection, type Projection } from '../../projections/runner/projection.js';
import { reactPerKey } from './perKey.js';
import { domainEventOf, react, reactionContext, type ReactorDeps } from './reaction.js';
import { isStreamOf } from '../../domain/streams.js';

export interface DriverDutyTables {
  /** Each ride's assigned driver, and how the ride ended once it has. */
  reactor_driver_duty_rides: { ride_id: string; assigned_driver_id: string | null; ended: ReleaseReason | null };
  /** Which ride each driver is reserved for, and whether an admin has suspended them. */
  reactor_driver_duty_drivers: { driver_id: string; reserved_ride_id: string | null; suspended: boolean };
}

const migrations: Record<string, Migration> = {
  '2026-11-24T00-00_driver_duty': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('reactor_driver_duty_rides')
        .addColumn('ride_id', 'text', (column) => column.primaryKey())
        .addColumn('assigned_driver_id', 'text')
        .addColumn('ended', 'text')
        .execute();
      await db.schema
        .createTable('reactor_driver_duty_drivers')
        .addColumn('driver_id', 'text', (column) => column.primaryKey())
        .addColumn('reserved_ride_id', 'text')
        .addColumn('suspended', 'boolean', (column) => column.notNull().defaultTo(false))
        .execute();
      await db.schema.createIndex('reactor_driver_duty_drivers_by_ride').on('reactor_driver_duty_drivers').column('reserved_ride_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('reactor_driver_duty_drivers').execute();
      await db.schema.dropTable('reactor_driver_duty_rides').execute();
    },
  },
};

const NAME = 'driverDuty';
type Trx = Transaction<DriverDutyTables>;

const endings = { TripCompleted: 'ride_completed', RideCancelled: 'ride_cancelled', RideExpired: 'ride_expired' } as const;

/** A driver reserved for a ride that went to somebody else lost the race; otherwise the ride's ending says why. */
const releaseReason = (assignedDriverId: string | null, driverId: string, ending: ReleaseReason): ReleaseReason =>
  assignedDriverId !== null && assignedDriverId !== driverId ? 'ride_append_lost' : ending;

/**
 * A command the reactor has decided to issue to a driver's stream, and the event that caused it
 * (its command id derives from that event's id and the reaction).
 */
type DutyReaction =
  | { kind: 'release'; driverId: string; trigger: RecordedEvent; rideId: string; reason: ReleaseReason }
  | { kind: 'goOffline'; driverId: string; trigger: RecordedEvent; reaction: string };

/**
 * Keeps drivers' duty in step with their rides and their verification:
 * - when a ride ends (completed, cancelled, expired), every driver still reserved for it is
 *   released: its assigned driver with the matching reason; a driver whose reservation was never
 *   followed by the assignment (the ride append lost the race, or never happened, and the
 *   compensation was lost in a crash) as `ride_append_lost` if the ride went to someone else,
 *   else with the ride's ending. A reservation that shows up after the ride ended is released
 *   the same way;
 * - a suspended driver is taken offline at once if free, or right after the release otherwise.
 *
 * A page is handled in two steps. First, in the page's order, on the page's transaction: the
 * tables are brought up to date and the commands decided. Then the commands are issued, one
 * driver's in the order decided, different drivers side by side (reactPerKey).
 *
 * Deciding them all before issuing any changes nothing: a decision reads only the tables, and
 * only this reactor writes them, from the events of its pages, never from a command's answer.
 * What a command causes (DriverReleased, DriverWentOffline) is appended to the driver's stream and
 * comes back through $all in a later page; until then no table row moves because of it (the
 * suspension read after a release has always been the one of the page's order at that point).
 * Nor does a command wait on another's outcome: each is issued whether the previous one was
 * applied, repeated or refused. A command's failure still fails the whole page: the transaction
 * rolls back and the page is applied again, and the commands' ids, derived from their trigger
 * events, keep anything already appended from being appended twice.
 */
export function driverDutyReactor(deps: ReactorDeps): Projection<DriverDutyTables> {
  const issue = (reaction: DutyReaction) => {
    const { driverId, trigger } = reaction;
    if (reaction.kind === 'release') {
      const context = reactionContext(trigger, `release:${driverId}`, NAME);
      const command = { type: 'ReleaseDriver' as const, data: { driverId, rideId: reaction.rideId, reason: reaction.reason }, actor: context.actor };
      return react(deps, { stream: driverStream(driverId), decider: driverDutyDecider, command }, context);
    }
    const context = reactionContext(trigger, reaction.reaction, NAME);
    const command = { type: 'GoOffline' as const, data: { driverId }, actor: context.actor };
    return react(deps, { stream: driverStream(driverId), decider: driverDutyDecider, command }, context);
  };

  /** The release of `driverId` from the ride, and their going offline right after if suspended. */
  const release = async (trx: Trx, decided: DutyReaction[], trigger: RecordedEvent, driverId: string, rideId: string, reason: ReleaseReason) => {
    decided.push({ kind: 'release', driverId, trigger, rideId, reason });
    const driver = await trx.selectFrom('reactor_driver_duty_drivers').select('suspended').where('driver_id', '=', driverId).executeTakeFirst();
    if (driver?.suspended) decided.push({ kind: 'goOffline', driverId, trigger, reaction: `offline-after-release:${driverId}` });
  };

  const upsertDriver = (trx: Trx, driverId: string, values: Partial<DriverDutyTables['reactor_driver_duty_drivers']>) =>
    trx
      .insertInto('reactor_driver_duty_drivers')
      .values({ driver_id: driverId, reserved_ride_id: null, suspended: false, ...values })
      .onConflict((oc) => oc.column('driver_id').doUpdateSet(values))
      .execute();

  const onDriverEvent = async (trx: Trx, decided: DutyReaction[], recorded: RecordedEvent) => {
    const event = domainEventOf<DriverDutyEvent>(recorded);
    if (event.type === 'DriverReserved') {
      const { driverId, rideId } = event.data;
      await upsertDriver(trx, driverId, { reserved_ride_id: rideId });
      const ride = await trx.selectFrom('reactor_driver_duty_rides').selectAll().where('ride_id', '=', rideId).executeTakeFirst();
      if (ride?.ended) await release(trx, decided, recorded, driverId, rideId, releaseReason(ride.assigned_driver_id, driverId, ride.ended));
    } else if (event.type === 'DriverReleased') {
      await trx
        .updateTable('reactor_driver_duty_drivers')
        .set({ reserved_ride_id: null })
        .where('driver_id', '=', event.data.driverId)
        .where('reserved_ride_id', '=', event.data.rideId)
        .execute();
    }
  };

  const onVerificationEvent = async (trx: Trx, decided: DutyReaction[], recorded: RecordedEvent) => {
    const event = domainEventOf<DriverVerificationEvent>(recorded);
    if (event.type === 'DriverSuspended') {
      const { driverId } = event.data;
      await upsertDriver(trx, driverId, { suspended: true });
      // Refused while the driver is engaged: the release of that ride takes them offline instead.
      decided.push({ kind: 'goOffline', driverId, trigger: recorded, reaction: `offline-on-suspension:${driverId}` });
    } else if (event.type === 'DriverReinstated') {
      await upsertDriver(trx, event.data.driverId, { suspended: false });
    }
  };

  const onRideEvent = async (trx: Trx, decided: DutyReaction[], recorded: RecordedEvent) => {
    const event = domainEventOf<RideEvent>(recorded);
    if (event.type === 'DriverAssigned') {
      const { rideId, driverId } = event.data;
      await trx
        .insertInto('reactor_driver_duty_rides')
        .values({ ride_id: rideId, assigned_driver_id: driverId, ended: null })
        .onConflict((oc) => oc.column('ride_id').doUpdateSet({ assigned_driver_id: driverId }))
        .execute();
      return;
    }
    if (event.type !== 'TripCompleted' && event.type !== 'RideCancelled' && event.type !== 'RideExpired') return;
    const { rideId } = event.data;
    const reason = endings[event.type];
    const ride = await trx
      .insertInto('reactor_driver_duty_rides')
      .values({ ride_id: rideId, assigned_driver_id: event.type === 'TripCompleted' ? event.data.driverId : null, ended: reason })
      .onConflict((oc) => oc.column('ride_id').doUpdateSet({ ended: reason }))
      .returning('assigned_driver_id')
      .executeTakeFirstOrThrow();
    const reserved = await trx.selectFrom('reactor_driver_duty_drivers').select('driver_id').where('reserved_ride_id', '=', rideId).execute();
    const drivers = new Set([...(ride.assigned_driver_id ? [ride.assigned_driver_id] : []), ...reserved.map((row) => row.driver_id)]);
    for (const driverId of [...drivers].sort()) {
      await release(trx, decided, recorded, driverId, rideId, releaseReason(ride.assigned_driver_id, driverId, reason));
    }
  };

  return defineProjection<DriverDutyTables>({
    name: NAME,
    // It issues commands: its own transaction, so the read models do not wait on them.
    ownTransaction: true,
    filter: {
      eventTypePrefixes: ['DriverAssigned', 'TripCompleted', 'RideCancelled', 'RideExpired', 'DriverReserved', 'DriverReleased', 'DriverSuspended', 'DriverReinstated'],
    },
    tables: ['reactor_driver_duty_rides', 'reactor_driver_duty_drivers'],
    migrations,
    async handle(trx, events) {
      // The page's order: the tables, and the commands they call for.
      const decided: DutyReaction[] = [];
      for (const recorded of events) {
        if (isStreamOf('ride', recorded.streamName)) await onRideEvent(trx, decided, recorded);
        else if (isStreamOf('driverVerification', recorded.streamName)) await onVerificationEvent(trx, decided, recorded);
        else if (isStreamOf('driverDuty', recorded.streamName)) await onDriverEvent(trx, decided, recorded);
      }
      // Each driver's commands in that order, drivers side by side.
      await reactPerKey(decided, (reaction) => reaction.driverId, async (reaction) => {
        await issue(reaction);
      });
    },
  });
}
