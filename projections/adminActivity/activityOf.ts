import type { DriverVerificationEvent } from '../../domain/driverVerification/index.js';
import { platformSettingsEventSchema, platformSettingsEventVersions } from '../../domain/platformSettings/index.js';
import type { RideEvent } from '../../domain/ride/events.js';
import { eventUpcasters } from '../../domain/upcasting/index.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { readDriverVerificationEvent, readRideEvent, streamPrefixes } from '../shared/storedEvents.js';
import type { ActivityDetails, ActivityKind, ActivitySubjectType, NewAdminActivityRow } from './adminActivity.table.js';
import { streamPrefix } from '../../domain/streams.js';

/** The settings stream's prefix, beside the lifecycles the other read models follow. */
export const platformSettingsPrefix = streamPrefix('platformSettings');

interface Entry {
  kind: ActivityKind;
  subjectType: ActivitySubjectType;
  subjectId: string;
  details?: ActivityDetails;
}

function rideEntry(event: RideEvent): Entry | null {
  const ride = (kind: ActivityKind, details: ActivityDetails = {}): Entry => ({ kind, subjectType: 'ride', subjectId: event.data.rideId, details });
  switch (event.type) {
    case 'RideRequested':
    case 'RideScheduled':
      return ride('ride_requested', { vehicleType: event.data.vehicleType, fareNgwee: event.data.quote.totalNgwee });
    case 'DriverAssigned':
      return ride('ride_assigned', { fareNgwee: event.data.agreedFareNgwee });
    case 'TripCompleted':
      return ride('ride_completed', { fareNgwee: event.data.finalFareNgwee });
    case 'RideCancelled':
      return ride('ride_cancelled', { reason: event.data.reason, cancelledBy: event.data.by });
    case 'RideExpired':
      return ride('ride_expired');
    default:
      // Counter-offers, PINs, arrivals, trip starts, ratings: not what a dashboard feed is for.
      return null;
  }
}

function driverEntry(event: DriverVerificationEvent): Entry | null {
  const driver = (kind: ActivityKind, details: ActivityDetails = {}): Entry => ({ kind, subjectType: 'driver', subjectId: event.data.driverId, details });
  switch (event.type) {
    case 'DriverApplicationSubmitted':
      return driver('driver_applied', { vehicleType: event.data.vehicle.type });
    case 'DriverApproved':
      return driver('driver_approved');
    case 'DriverRejected':
      return driver('driver_rejected', { reason: event.data.reason });
    case 'DriverSuspended':
      return driver('driver_suspended', { reason: event.data.reason });
    case 'DriverReinstated':
      return driver('driver_reinstated');
    case 'DriverDocumentFileAttached':
      // An upload is the driver's own paperwork, not a decision for the dashboard's feed.
      return null;
  }
}

function settingsEntry(recorded: RecordedEvent): Entry | null {
  if (!Object.hasOwn(platformSettingsEventVersions, recorded.type)) return null;
  const current = eventUpcasters.upcast({ type: recorded.type, data: recorded.data, metadata: recorded.metadata });
  const event = platformSettingsEventSchema.parse(current);
  return { kind: 'settings_changed', subjectType: 'settings', subjectId: 'platform', details: { changed: event.data.changed } };
}

function entryOf(recorded: RecordedEvent): Entry | null {
  const name = recorded.streamName;
  if (name.startsWith(streamPrefixes.ride)) {
    const stored = readRideEvent(recorded);
    return stored && rideEntry(stored.event);
  }
  if (name.startsWith(streamPrefixes.driverVerification)) {
    const stored = readDriverVerificationEvent(recorded);
    return stored && driverEntry(stored.event);
  }
  if (name.startsWith(platformSettingsPrefix)) return settingsEntry(recorded);
  return null;
}

/** The activity row an event makes, or null for events the feed leaves out. Who acted comes from the event's metadata. */
export function activityOf(recorded: RecordedEvent): NewAdminActivityRow | null {
  const entry = entryOf(recorded);
  if (!entry) return null;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    event_id: recorded.id,
    at: recorded.created,
    position_commit: recorded.position.commit.toString(),
    position_prepare: recorded.position.prepare.toString(),
    kind: entry.kind,
    actor_user_id: text(recorded.metadata.userId),
    actor_role: text(recorded.metadata.role),
    subject_type: entry.subjectType,
    subject_id: entry.subjectId,
    details: entry.details ?? {},
  };
}
