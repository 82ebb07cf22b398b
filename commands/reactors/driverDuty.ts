import type { Kysely, Transaction } from 'kysely';
import type { Migration } from 'kysely/migration';
import { driverDutyDecider, driverStream, type DriverDutyEvent, type ReleaseReason } from '../../domain/driverDuty/index.js';
import type { DriverVerificationEvent } from '../../domain/driverVerification/index.js';
import type { RideEvent } from '../../domain/ride/index.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { defineProjection, type Projection } from '../../projections/runner/projection.js';
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
 * Keeps drivers' duty in step with their rides and their verification:
 * - when a ride ends (completed, cancelled, expired), every driver still reserved for it is
 *   released: its assigned driver with the matching reason; a driver whose reservation was never
 *   followed by the assignment (the ride append lost the race, or never happened, and the
 *   compensation was lost in a crash) as `ride_append_lost` if the ride went to someone else,
 *   else with the ride's ending. A reservation that shows up after the ride ended is released
 *   the same way;
 * - a suspended driver is taken offline at once if free, or right after the release otherwise.
 */
export function driverDutyReactor(deps: ReactorDeps): Projection<DriverDutyTables> {
  const goOffline = (trigger: RecordedEvent, driverId: string, reaction: string) => {
    const context = reactionContext(trigger, reaction, NAME);
    const command = { type: 'GoOffline' as const, data: { driverId }, actor: context.actor };
    return react(deps, { stream: driverStream(driverId), decider: driverDutyDecider, command }, context);
  };

  const release = async (trx: Trx, trigger: RecordedEvent, driverId: string, rideId: string, reason: ReleaseReason) => {
    const context = reactionContext(trigger, `release:${driverId}`, NAME);
    const command = { type: 'ReleaseDriver' as const, data: { driverId, rideId, reason }, actor: context.actor };
    await react(deps, { stream: driverStream(driverId), decider: driverDutyDecider, command }, context);
    const driver = await trx.selectFrom('reactor_driver_duty_drivers').select('suspended').where('driver_id', '=', driverId).executeTakeFirst();
    if (driver?.suspended) await goOffline(trigger, driverId, `offline-after-release:${driverId}`);
  };

  const upsertDriver = (trx: Trx, driverId: string, values: Partial<DriverDutyTables['reactor_driver_duty_drivers']>) =>
    trx
      .insertInto('reactor_driver_duty_drivers')
      .values({ driver_id: driverId, reserved_ride_id: null, suspended: false, ...values })
      .onConflict((oc) => oc.column('driver_id').doUpdateSet(values))
      .execute();

  const onDriverEvent = async (trx: Trx, recorded: RecordedEvent) => {
    const event = domainEventOf<DriverDutyEvent>(recorded);
    if (event.type === 'DriverReserved') {
      const { driverId, rideId } = event.data;
      await upsertDriver(trx, driverId, { reserved_ride_id: rideId });
      const ride = await trx.selectFrom('reactor_driver_duty_rides').selectAll().where('ride_id', '=', rideId).executeTakeFirst();
      if (ride?.ended) await release(trx, recorded, driverId, rideId, releaseReason(ride.assigned_driver_id, driverId, ride.ended));
    } else if (event.type === 'DriverReleased') {
      await trx
        .updateTable('reactor_driver_duty_drivers')
        .set({ reserved_ride_id: null })
        .where('driver_id', '=', event.data.driverId)
        .where('reserved_ride_id', '=', event.data.rideId)
        .execute();
    }
  };

  const onVerificationEvent = async (trx: Trx, recorded: RecordedEvent) => {
    const event = domainEventOf<DriverVerificationEvent>(recorded);
    if (event.type === 'DriverSuspended') {
      await upsertDriver(trx, event.data.driverId, { suspended: true });
      // Refused while the driver is engaged: the release of that ride takes them offline instead.
      await goOffline(recorded, event.data.driverId, `offline-on-suspension:${event.data.driverId}`);
    } else if (event.type === 'DriverReinstated') {
      await upsertDriver(trx, event.data.driverId, { suspended: false });
    }
  };

  const onRideEvent = async (trx: Trx, recorded: RecordedEvent) => {
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
      await release(trx, recorded, driverId, rideId, releaseReason(ride.assigned_driver_id, driverId, reason));
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
      for (const recorded of events) {
        if (isStreamOf('ride', recorded.streamName)) await onRideEvent(trx, recorded);
        else if (isStreamOf('driverVerification', recorded.streamName)) await onVerificationEvent(trx, recorded);
        else if (isStreamOf('driverDuty', recorded.streamName)) await onDriverEvent(trx, recorded);
      }
    },
  });
}
