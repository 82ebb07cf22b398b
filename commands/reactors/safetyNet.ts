import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { causeFromEmergency, causeFromRideCheck, incidentDecider, incidentStream, type IncidentCause, type IncidentCommand } from '../../domain/incident/index.js';
import type { RideEvent, RideEventOf } from '../../domain/ride/index.js';
import type { RideCheckEvent } from '../../domain/rideChecks/index.js';
import { tripShareStream, type NotificationReason } from '../../domain/tripShare/index.js';
import { idInStream } from '../../domain/streams.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { defineProjection, type Projection } from '../../projections/runner/projection.js';
import { tripShareCommands } from '../tripShare/handlers.js';
import type { SafetyNetTables } from '../safety/safety.table.js';
import { reactPerKey } from './perKey.js';
import { domainEventOf, react, reactionContext, reactThrough, type ReactorDeps } from './reaction.js';

const migrations: Record<string, Migration> = {
  '2026-11-26T00-00_safety_trips': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('reactor_safety_trips')
        .addColumn('ride_id', 'text', (column) => column.primaryKey())
        .addColumn('driver_id', 'text', (column) => column.notNull())
        .addColumn('started_at', 'timestamptz', (column) => column.notNull())
        .addColumn('ended_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('reactor_safety_trips_by_driver').on('reactor_safety_trips').column('driver_id').where(sql.ref('ended_at'), 'is', null).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('reactor_safety_trips').execute();
    },
  },
};

const NAME = 'safetyNet';

/**
 * The safety net's reactions (docs/safety.md, "What the next phase wires"):
 * - an SOS press (the ride's EmergencyRaised) raises an incident on `incident-<rideId>`, one per
 *   press however often it is delivered, and tells the rider's trusted contacts (turning sharing on);
 * - a ride check answered Need Help, or left unanswered, raises an incident;
 * - at trip start the contacts are told if the rider chose so at booking (the decider says no otherwise);
 * - trips under way are kept, by driver, for the trip watcher (positions and ride checks).
 * Commands carry ids derived from the event and the reaction, so a batch applied again appends nothing twice.
 */
export function safetyNetReactor(deps: ReactorDeps): Projection<SafetyNetTables> {
  const sharing = tripShareCommands(deps.services.safety.shareTokens);
  const raise = (trigger: RecordedEvent, rideId: string, cause: IncidentCause) => {
    const context = reactionContext(trigger, `raise-incident:${rideId}`, NAME);
    const command: IncidentCommand = { type: 'RaiseIncident', data: { rideId, cause }, actor: context.actor };
    return react(deps, { stream: incidentStream(rideId), decider: incidentDecider, command }, context);
  };
  const notify = (trigger: RecordedEvent, rideId: string, reason: NotificationReason) => {
    const context = reactionContext(trigger, `notify-contacts:${rideId}:${reason}`, NAME);
    return reactThrough(deps, { stream: tripShareStream(rideId), context }, () => sharing.notifyTrustedContacts(deps.services, { rideId, reason }, context));
  };

  return defineProjection<SafetyNetTables>({
    name: NAME,
    // It issues commands: its own transaction, so the read models do not wait on them.
    ownTransaction: true,
    filter: {
      eventTypePrefixes: ['EmergencyRaised', 'RideCheckAnswered', 'RideCheckWentUnanswered', 'TripStarted', 'TripCompleted', 'RideCancelled', 'RideExpired'],
    },
    tables: ['reactor_safety_trips'],
    migrations,
    async handle(trx, events) {
      // Everything here is about one ride (its stream, its ride checks', its incident and sharing):
      // rides side by side, each ride's events in order.
      const rideOf = (recorded: RecordedEvent) => idInStream('ride', recorded.streamName) ?? idInStream('rideChecks', recorded.streamName);
      await reactPerKey(events, rideOf, async (recorded) => {
        if (recorded.streamName.startsWith('rideChecks-')) {
          const event = domainEventOf<RideCheckEvent>(recorded);
          const cause = causeFromRideCheck(event);
          if (cause) await raise(recorded, event.data.rideId, cause);
          return;
        }
        if (!recorded.streamName.startsWith('ride-')) return;
        const event = domainEventOf<RideEvent>(recorded);
        switch (event.type) {
          case 'EmergencyRaised': {
            const { rideId } = event.data;
            await raise(recorded, rideId, causeFromEmergency(event as RideEventOf<'EmergencyRaised'>, recorded.id));
            await notify(recorded, rideId, 'sos');
            break;
          }
          case 'TripStarted': {
            const { rideId, driverId, startedAt } = event.data;
            await trx
              .insertInto('reactor_safety_trips')
              .values({ ride_id: rideId, driver_id: driverId, started_at: new Date(startedAt), ended_at: null })
              .onConflict((oc) => oc.column('ride_id').doNothing())
              .execute();
            await notify(recorded, rideId, 'trip_start');
            break;
          }
          case 'TripCompleted':
          case 'RideCancelled':
          case 'RideExpired': {
            await trx
              .updateTable('reactor_safety_trips')
              .set({ ended_at: recorded.created })
              .where('ride_id', '=', event.data.rideId)
              .where('ended_at', 'is', null)
              .execute();
            break;
          }
          default:
            break;
        }
      });
    },
  });
}
export type { SafetyNetTables, SafetyTripTable } from '../safety/safety.table.js';
