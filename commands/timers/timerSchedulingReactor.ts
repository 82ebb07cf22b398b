import type { Insertable } from 'kysely';
import type { BidEventOf } from '../../domain/bid/index.js';
import type { RideEvent } from '../../domain/ride/index.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { defineProjection, type Projection } from '../../projections/runner/projection.js';
import { uuidV5 } from '../shared/eventIds.js';
import type { PlatformSettings } from '../shared/settings.js';
import type { CommandServices } from '../shared/services.js';
import { domainEventOf } from '../reactors/reaction.js';
import type { TimerKind, TimerPayload } from './timerKinds.js';
import { timerMigrations, type TimerTable, type TimerTables } from './timerTable.js';

const NAME = 'timerScheduling';

/** A timer's id: one per kind per scheduling event, so a replayed event schedules nothing new. */
export const timerIdFor = (kind: TimerKind, eventId: string) => uuidV5(`timer\u0000${kind}\u0000${eventId}`);

const at = (instant: string, plusMs = 0) => new Date(Date.parse(instant) + plusMs);

/** The timer, if any, that one event sets. Windows come from the settings in force when it is scheduled. */
export function timerFor(recorded: RecordedEvent, settings: PlatformSettings): Insertable<TimerTable> | null {
  const timer = <Kind extends TimerKind>(kind: Kind, dueAt: Date, payload: TimerPayload<Kind>): Insertable<TimerTable> => ({
    id: timerIdFor(kind, recorded.id),
    kind,
    due_at: dueAt,
    payload: JSON.stringify(payload),
    correlation_id: typeof recorded.metadata.correlationId === 'string' ? recorded.metadata.correlationId : null,
    causation_id: recorded.id,
    last_error: null,
    retry_at: null,
    fired_at: null,
  });
  const searchWindowSeconds = settings.searchWindowSeconds;
  if (recorded.streamName.startsWith('bid-')) {
    if (recorded.type !== 'BidPlaced') return null;
    const { bidId, expiresAt } = domainEventOf<BidEventOf<'BidPlaced'>>(recorded).data;
    return timer('bid_expiry', at(expiresAt), { bidId });
  }
  if (!recorded.streamName.startsWith('ride-')) return null;
  const event = domainEventOf<RideEvent>(recorded);
  switch (event.type) {
    case 'RideRequested':
      return timer('ride_search_expiry', at(event.data.requestedAt, searchWindowSeconds * 1000), { rideId: event.data.rideId, searchWindowSeconds });
    case 'ScheduledRideDispatched':
      return timer('ride_search_expiry', at(event.data.dispatchedAt, searchWindowSeconds * 1000), { rideId: event.data.rideId, searchWindowSeconds });
    case 'RideScheduled':
      return timer('scheduled_ride_dispatch', at(event.data.scheduledFor, -settings.scheduledDispatchLeadMinutes * 60_000), {
        rideId: event.data.rideId,
      });
    default:
      return null;
  }
}

/**
 * Turns the events that start a clock into durable timers: a ride's search expiry (at its
 * request or its scheduled dispatch, plus the search window), a bid's expiry (at its expiresAt),
 * a booked ride's dispatch (its hour, less the lead). The rows are inserted in the same
 * transaction as the reactor's checkpoint, so each timer is scheduled exactly once; the
 * TimerScheduler fires them. The timers table is this reactor's: a rebuild re-derives it (and
 * re-fires past timers harmlessly: each is idempotent by its id, or refused by its lifecycle).
 */
export function timerSchedulingReactor(services: Pick<CommandServices, 'settings'>): Projection<TimerTables> {
  return defineProjection<TimerTables>({
    name: NAME,
    filter: { eventTypePrefixes: ['RideRequested', 'RideScheduled', 'ScheduledRideDispatched', 'BidPlaced'] },
    tables: ['timers'],
    migrations: timerMigrations,
    async handle(trx, events) {
      const settings = await services.settings.current();
      const timers = events.map((event) => timerFor(event, settings)).filter((timer) => timer !== null);
      if (timers.length === 0) return;
      await trx
        .insertInto('timers')
        .values(timers)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  });
}
