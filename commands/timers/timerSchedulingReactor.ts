import type { Insertable } from 'kysely';
import type { BidEventOf } from '../../domain/bid/index.js';
import type { PaymentEventOf } from '../../domain/payment/index.js';
import type { AudioRecordingEventOf } from '../../domain/audioRecording/index.js';
import type { IncidentEventOf } from '../../domain/incident/index.js';
import type { RideEvent } from '../../domain/ride/index.js';
import type { RideCheckEventOf } from '../../domain/rideChecks/index.js';
import { TRIP_SHARE_GRACE_MINUTES, type TripShareEventOf } from '../../domain/tripShare/index.js';
import { defaultPlatformSettings, PLATFORM_SETTINGS_STREAM, type PlatformSettingsEvent } from '../../domain/platformSettings/index.js';
import { eventUpcasters } from '../../domain/upcasting/index.js';
import { comparePositions, type EventStore, type RecordedEvent } from '../../platform/eventStore/port.js';
import { defineProjection, type Projection } from '../../projections/runner/projection.js';
import { uuidV5 } from '../shared/eventIds.js';
import type { PlatformSettings } from '../shared/settings.js';
import type { CommandServices } from '../shared/services.js';
import { domainEventOf } from '../reactors/reaction.js';
import type { TimerKind, TimerPayload } from './timerPayloads.js';
import { timerMigrations, type TimerTable, type TimerTables } from './timerTable.js';
import { isStreamOf } from '../../domain/streams.js';

const NAME = 'timerScheduling';

/** A timer's id: one per kind per scheduling event, so a replayed event schedules nothing new. */
export const timerIdFor = (kind: TimerKind, eventId: string) => uuidV5(`timer\u0000${kind}\u0000${eventId}`);

const at = (instant: string, plusMs = 0) => new Date(Date.parse(instant) + plusMs);

/** The timers, if any, that one event sets. Windows come from the settings in force when it is scheduled. */
export function timersFor(recorded: RecordedEvent, settings: PlatformSettings): Array<Insertable<TimerTable>> {
  const timer = <Kind extends TimerKind>(kind: Kind, dueAt: Date, payload: TimerPayload<Kind>, key: string = recorded.id): Insertable<TimerTable> => ({
    id: timerIdFor(kind, key),
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
  if (isStreamOf('bid', recorded.streamName)) {
    if (recorded.type !== 'BidPlaced') return [];
    const { bidId, expiresAt } = domainEventOf<BidEventOf<'BidPlaced'>>(recorded).data;
    return [timer('bid_expiry', at(expiresAt), { bidId })];
  }
  if (isStreamOf('payment', recorded.streamName)) {
    if (recorded.type !== 'PaymentRequested') return [];
    const { rideId, attempt, expiresAt } = domainEventOf<PaymentEventOf<'PaymentRequested'>>(recorded).data;
    return expiresAt === null ? [] : [timer('payment_approval_expiry', at(expiresAt), { rideId, attempt })];
  }
  if (isStreamOf('incident', recorded.streamName)) {
    if (recorded.type !== 'IncidentRaised' && recorded.type !== 'IncidentReAlerted') return [];
    const { rideId, incidentId, reAlertDueAt } = domainEventOf<IncidentEventOf<'IncidentRaised' | 'IncidentReAlerted'>>(recorded).data;
    return [timer('incident_realert', at(reAlertDueAt), { rideId, incidentId })];
  }
  if (isStreamOf('rideChecks', recorded.streamName)) {
    if (recorded.type !== 'RideCheckRaised') return [];
    const { rideId, checkId, answerDueBy } = domainEventOf<RideCheckEventOf<'RideCheckRaised'>>(recorded).data;
    return [timer('ride_check_answer', at(answerDueBy), { rideId, checkId })];
  }
  if (isStreamOf('audioRecording', recorded.streamName)) {
    if (recorded.type !== 'AudioRecordingUploaded') return [];
    const { rideId, documentId, deleteAfter } = domainEventOf<AudioRecordingEventOf<'AudioRecordingUploaded'>>(recorded).data;
    return [timer('audio_recording_deletion', at(deleteAfter), { rideId, documentId })];
  }
  if (isStreamOf('tripShare', recorded.streamName)) {
    if (recorded.type !== 'TrustedContactsNotified') return [];
    const { rideId, shareId, reason, contacts, notifiedAt } = domainEventOf<TripShareEventOf<'TrustedContactsNotified'>>(recorded).data;
    return contacts.map(({ contactId, name, phone }) =>
      timer('trusted_contact_sms', at(notifiedAt), { rideId, shareId, contactId, name, phone, reason }, `${recorded.id}\u0000${contactId}`),
    );
  }
  if (!isStreamOf('ride', recorded.streamName)) return [];
  const event = domainEventOf<RideEvent>(recorded);
  const graceMs = TRIP_SHARE_GRACE_MINUTES * 60_000;
  switch (event.type) {
    case 'RideRequested':
      return [timer('ride_search_expiry', at(event.data.requestedAt, searchWindowSeconds * 1000), { rideId: event.data.rideId, searchWindowSeconds })];
    case 'ScheduledRideDispatched':
      return [timer('ride_search_expiry', at(event.data.dispatchedAt, searchWindowSeconds * 1000), { rideId: event.data.rideId, searchWindowSeconds })];
    case 'RideScheduled':
      return [timer('scheduled_ride_dispatch', at(event.data.scheduledFor, -settings.scheduledDispatchLeadMinutes * 60_000), { rideId: event.data.rideId })];
    // A share link closes TRIP_SHARE_GRACE_MINUTES after the ride ends, however it ends.
    case 'TripCompleted':
      return [timer('trip_share_expiry', at(event.data.completedAt, graceMs), { rideId: event.data.rideId })];
    case 'RideCancelled':
      return [timer('trip_share_expiry', at(event.data.cancelledAt, graceMs), { rideId: event.data.rideId })];
    case 'RideExpired':
      return [timer('trip_share_expiry', at(event.data.expiredAt, graceMs), { rideId: event.data.rideId })];
    default:
      return [];
  }
}

/** The one timer an event sets, if any (the first, for events that set one). */
export const timerFor = (recorded: RecordedEvent, settings: PlatformSettings): Insertable<TimerTable> | null => timersFor(recorded, settings)[0] ?? null;

/**
 * The settings in force when each event happened: the last PlatformSettingsChanged before it in
 * the global order (the defaults before any). So a replay after a crash, or a rebuild, schedules
 * exactly the deadlines the first run did, whatever an admin changed since. Settings that do not
 * come from the event store (tests fixing them) are used as they are.
 */
async function settingsHistory(services: Pick<CommandServices, 'settings' | 'store'>): Promise<(event: RecordedEvent) => PlatformSettings> {
  const store = services.store as Pick<EventStore, 'readStream'>;
  const changes = await store.readStream(PLATFORM_SETTINGS_STREAM).catch(() => null);
  if (!changes || changes.length === 0) {
    const fixed = await services.settings.current();
    return () => fixed;
  }
  const history = changes.map((change) => ({
    position: change.position,
    settings: (eventUpcasters.upcast({ type: change.type, data: change.data, metadata: change.metadata }) as unknown as PlatformSettingsEvent).data.settings,
  }));
  return (event) => {
    let inForce: PlatformSettings = defaultPlatformSettings;
    for (const change of history) {
      if (comparePositions(change.position, event.position) < 0) inForce = change.settings;
      else break;
    }
    return inForce;
  };
}

/**
 * Turns the events that start a clock into durable timers: a ride's search expiry (at its
 * request or its scheduled dispatch, plus the search window), a bid's expiry (at its expiresAt),
 * a booked ride's dispatch (its hour, less the lead), a mobile-money attempt's approval expiry
 * (at its expiresAt); and the safety net's: an incident's
 * re-alert, a ride check's answer deadline, a share link's expiry after the ride, a recording's
 * deletion, and one SMS per trusted contact told. The rows are inserted in the same
 * transaction as the reactor's checkpoint, so each timer is scheduled exactly once; the
 * TimerScheduler fires them. The timers table is this reactor's: a rebuild re-derives it (and
 * re-fires past timers harmlessly: each is idempotent by its id, or refused by its lifecycle).
 */
export function timerSchedulingReactor(services: Pick<CommandServices, 'settings' | 'store'>): Projection<TimerTables> {
  return defineProjection<TimerTables>({
    name: NAME,
    filter: {
      eventTypePrefixes: [
        'RideRequested',
        'RideScheduled',
        'ScheduledRideDispatched',
        'BidPlaced',
        'PaymentRequested',
        'TripCompleted',
        'RideCancelled',
        'RideExpired',
        'IncidentRaised',
        'IncidentReAlerted',
        'RideCheckRaised',
        'AudioRecordingUploaded',
        'TrustedContactsNotified',
      ],
    },
    tables: ['timers'],
    migrations: timerMigrations,
    async handle(trx, events) {
      const settingsAt = await settingsHistory(services);
      const timers = events.flatMap((event) => timersFor(event, settingsAt(event)));
      if (timers.length === 0) return;
      await trx
        .insertInto('timers')
        .values(timers)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  });
}
