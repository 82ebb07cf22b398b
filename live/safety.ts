/**
 * Who hears of the safety net's events, as pure functions (like fanout.ts): incidents go to every
 * admin socket; a ride's messages and recording to its two people; a ride check to its rider only
 * (only the rider may answer it).
 */
import type { AudioRecordingEvent } from '../domain/audioRecording/index.js';
import type { IncidentEvent } from '../domain/incident/index.js';
import type { RideCheckEvent } from '../domain/rideChecks/index.js';
import type { RideMessageEvent } from '../domain/rideMessages/index.js';
import type { IncidentAlertMessage, RecordingUpdateMessage } from '../contract/safety.js';
import type { Delivery } from './fanout.js';

export interface RidePeople {
  riderId: string;
  driverUserId: string | null;
  /** The admins handling an incident on the ride (commands/incident incidentHandlersOf): they read its messages too. */
  incidentHandlers: readonly string[];
}

const toPeople = (people: RidePeople) => ({
  kind: 'people' as const,
  userIds: [people.riderId, ...(people.driverUserId ? [people.driverUserId] : []), ...people.incidentHandlers],
  watchersOf: null,
});

export function incidentDeliveries(event: IncidentEvent, at: string): Delivery[] {
  const { incidentId, rideId } = event.data;
  const alert = (fields: Pick<IncidentAlertMessage, 'status' | 'event' | 'cause' | 'alertCount'>): Delivery[] => [
    { audience: { kind: 'admins' }, message: { type: 'incident_alert', incidentId, rideId, ...fields, at } },
  ];
  switch (event.type) {
    case 'IncidentRaised':
      return alert({ status: 'raised', event: 'raised', cause: event.data.cause.kind, alertCount: 1 });
    case 'IncidentAlertAdded':
      return alert({ status: 'raised', event: 'alert_added', cause: event.data.cause.kind, alertCount: null });
    case 'IncidentReAlerted':
      return alert({ status: 'raised', event: 're_alerted', cause: null, alertCount: event.data.alertCount });
    case 'IncidentAcknowledged':
      return alert({ status: 'acknowledged', event: 'acknowledged', cause: null, alertCount: null });
    case 'IncidentResolved':
      return alert({ status: 'resolved', event: 'resolved', cause: null, alertCount: null });
  }
}

/** The text travels only to the two on the ride and the admins handling an incident on it; nobody else's socket learns it exists. */
export function rideMessageDeliveries(event: RideMessageEvent, people: RidePeople, at: string): Delivery[] {
  const { rideId } = event.data;
  if (event.type === 'RideMessageSent') {
    const { messageId, from, text, sentAt } = event.data;
    return [{ audience: toPeople(people), message: { type: 'ride_message', rideId, message: { messageId, from, text, sentAt }, read: null, at } }];
  }
  return [{ audience: toPeople(people), message: { type: 'ride_message', rideId, message: null, read: { by: event.data.by, upToMessageId: event.data.upToMessageId }, at } }];
}

export function rideCheckDeliveries(event: RideCheckEvent, riderId: string, at: string): Delivery[] {
  const { rideId, checkId } = event.data;
  const audience = { kind: 'people' as const, userIds: [riderId], watchersOf: null };
  switch (event.type) {
    case 'RideCheckRaised':
      return [
        {
          audience,
          message: { type: 'ride_check', rideId, checkId, reason: event.data.finding.reason, status: 'awaiting', answerDueBy: event.data.answerDueBy, at },
        },
      ];
    case 'RideCheckAnswered':
    case 'RideCheckWentUnanswered':
      return [
        {
          audience,
          message: {
            type: 'ride_check',
            rideId,
            checkId,
            reason: event.data.reason,
            status: event.type === 'RideCheckAnswered' ? 'answered' : 'unanswered',
            answerDueBy: null,
            at,
          },
        },
      ];
  }
}

export function recordingDeliveries(event: AudioRecordingEvent, people: RidePeople, at: string): Delivery[] {
  const kinds: Record<AudioRecordingEvent['type'], RecordingUpdateMessage['event']> = {
    AudioRecordingRequested: 'requested',
    AudioRecordingNoticeSeen: 'notice_seen',
    AudioRecordingStarted: 'started',
    AudioRecordingCancelled: 'cancelled',
    AudioRecordingUploaded: 'uploaded',
    AudioRecordingDeleted: 'deleted',
  };
  const requestedBy = event.type === 'AudioRecordingRequested' ? event.data.requestedBy : null;
  const { rideId, recordingId } = event.data;
  return [{ audience: toPeople(people), message: { type: 'recording_update', rideId, recordingId, event: kinds[event.type], requestedBy, at } }];
}
