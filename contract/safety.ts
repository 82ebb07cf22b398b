import { z } from 'zod';
import { incidentOutcomeSchema, MAX_RESOLUTION_NOTE_LENGTH } from '../domain/incident/index.js';
import { rideCheckAnswerSchema, rideCheckReasonSchema } from '../domain/rideChecks/index.js';
import { MAX_RIDE_MESSAGE_LENGTH } from '../domain/rideMessages/index.js';
import { MAX_CONTACT_NAME_LENGTH, MAX_RELATIONSHIP_LENGTH } from '../domain/trustedContacts/index.js';
import { EntityId, Instant } from './primitives.js';

/**
 * The safety net on the wire (issue 13): trusted contacts, share links and the public share page,
 * ride checks, messages between rider and driver, audio recordings, incidents for admins, and the
 * ws messages that carry them live. The server validates and documents with these; the web
 * client types its calls with them.
 */

const Party = z.enum(['rider', 'driver']);
const LatLng = z.object({ lat: z.number(), lng: z.number() });

export const RideParams = z.object({ rideId: EntityId });

// ── Trusted contacts ────────────────────────────────────────────────────────────────────────────

/** Checked again by the lifecycle (a Zambian mobile number, stored as E.164). */
export const TrustedContactBody = z.object({
  name: z.string().trim().min(1, 'must not be blank').max(MAX_CONTACT_NAME_LENGTH, `must be at most ${MAX_CONTACT_NAME_LENGTH} characters`),
  phone: z.string().trim().min(1, 'must not be blank').max(40, 'must be at most 40 characters'),
  relationship: z.string().trim().max(MAX_RELATIONSHIP_LENGTH, `must be at most ${MAX_RELATIONSHIP_LENGTH} characters`).nullish(),
});
export type TrustedContactBody = z.infer<typeof TrustedContactBody>;

export const TrustedContact = z.object({ contactId: z.string(), name: z.string(), phone: z.string(), relationship: z.string().nullable() });
export type TrustedContact = z.infer<typeof TrustedContact>;
export const TrustedContactList = z.object({ contacts: z.array(TrustedContact), max: z.int() });
export type TrustedContactList = z.infer<typeof TrustedContactList>;
export const ContactParams = z.object({ contactId: EntityId });

// ── Trip sharing ────────────────────────────────────────────────────────────────────────────────

/** The rider's view of the ride's sharing: the active link (rebuilt, never stored), and whether contacts were told. */
export const TripShare = z.object({
  link: z.object({ url: z.string(), token: z.string() }).nullable(),
  contactsNotified: z.boolean(),
  notifyAtTripStart: z.boolean(),
});
export type TripShare = z.infer<typeof TripShare>;

export const ShareParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a share link token') });

/** The public share page: the trip's status, the driver's position while on the ride, the driver, the car and its plate. */
export const PublicTrip = z.object({
  status: z.string(),
  driver: z
    .object({ name: z.string(), vehicle: z.object({ make: z.string(), model: z.string(), colour: z.string() }), plateNumber: z.string() })
    .nullable(),
  position: z.object({ lat: z.number(), lng: z.number(), at: Instant }).nullable(),
});
export type PublicTrip = z.infer<typeof PublicTrip>;

// ── Ride checks ─────────────────────────────────────────────────────────────────────────────────

export const RideCheck = z.object({ checkId: z.string(), reason: rideCheckReasonSchema, raisedAt: Instant, answerDueBy: Instant });
export type RideCheck = z.infer<typeof RideCheck>;
export const RideChecks = z.object({ checks: z.array(RideCheck) });
export type RideChecks = z.infer<typeof RideChecks>;
export const CheckParams = RideParams.extend({ checkId: z.string().trim().min(1).max(160) });
export const AnswerRideCheckBody = z.object({ answer: rideCheckAnswerSchema });
export type AnswerRideCheckBody = z.infer<typeof AnswerRideCheckBody>;

// ── Messages ────────────────────────────────────────────────────────────────────────────────────

/** Trimmed, non-blank and no phone numbers are the lifecycle's rules (409 / 400 naming `text`). */
export const SendMessageBody = z.object({ text: z.string().max(MAX_RIDE_MESSAGE_LENGTH * 2, `must be at most ${MAX_RIDE_MESSAGE_LENGTH} characters`) });
export const ReadMessagesBody = z.object({ upToMessageId: EntityId });
export const RideMessage = z.object({ messageId: z.string(), from: Party, text: z.string(), sentAt: Instant });
export type RideMessage = z.infer<typeof RideMessage>;
export const RideConversation = z.object({
  messages: z.array(RideMessage),
  /** Messages the caller (rider or driver) has not read; 0 for an admin. */
  unread: z.int(),
  /** From the driver's assignment to the ride's end. */
  open: z.boolean(),
});
export type RideConversation = z.infer<typeof RideConversation>;

// ── Audio recording ─────────────────────────────────────────────────────────────────────────────

export const Recording = z.object({
  status: z.enum(['none', 'requested', 'recording', 'uploaded', 'cancelled', 'deleted']),
  recordingId: z.string().nullable(),
  requestedBy: Party.nullable(),
  /** Who has been shown the notice: both must be told. */
  noticeSeenBy: z.array(Party),
  deleteAfter: Instant.nullable(),
});
export type Recording = z.infer<typeof Recording>;
export const RECORDING_UPLOAD_FIELDS = { audio: 'audio', durationSeconds: 'durationSeconds' } as const;

// ── Incidents (admins) ──────────────────────────────────────────────────────────────────────────

export const IncidentStatus = z.enum(['raised', 'acknowledged', 'resolved']);
export const IncidentCause = z.object({
  kind: z.enum(['sos', 'ride_check']),
  party: Party.nullable(),
  reason: rideCheckReasonSchema.nullable(),
  answer: z.enum(['need_help', 'unanswered']).nullable(),
  location: LatLng.nullable(),
  at: Instant,
});
export const IncidentPerson = z.object({ userId: z.string(), name: z.string(), phone: z.string().nullable() });
export const Incident = z.object({
  incidentId: z.string(),
  rideId: z.string(),
  number: z.int(),
  status: IncidentStatus,
  causes: z.array(IncidentCause),
  alertCount: z.int(),
  raisedAt: Instant,
  lastAlertedAt: Instant,
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: Instant.nullable(),
  resolvedAt: Instant.nullable(),
  outcome: incidentOutcomeSchema.nullable(),
  note: z.string().nullable(),
  ride: z
    .object({
      status: z.string(),
      pickupAddress: z.string(),
      dropoffAddress: z.string(),
      rider: IncidentPerson,
      driver: IncidentPerson.nullable(),
      /** The driver's last known position (live on the page through ws location updates). */
      position: z.object({ lat: z.number(), lng: z.number(), at: Instant }).nullable(),
    })
    .nullable(),
  trustedContacts: z.array(TrustedContact),
  /** The admin may read the ride's messages and play its recording: they acknowledged it. */
  handledByYou: z.boolean(),
});
export type Incident = z.infer<typeof Incident>;
export const IncidentList = z.object({ incidents: z.array(Incident) });
export type IncidentList = z.infer<typeof IncidentList>;
export const IncidentQuery = z.object({ state: z.enum(['open', 'resolved']).default('open') });
export const IncidentParams = z.object({ incidentId: z.string().trim().regex(/^[A-Za-z0-9_-]{1,128}_incident\d{1,6}$/, 'must be an incident id') });
export const ResolveIncidentBody = z.object({
  outcome: incidentOutcomeSchema,
  note: z.string().trim().min(1, 'must say what happened').max(MAX_RESOLUTION_NOTE_LENGTH, `must be at most ${MAX_RESOLUTION_NOTE_LENGTH} characters`),
});
export type ResolveIncidentBody = z.infer<typeof ResolveIncidentBody>;

/** The ride an incident id belongs to (`<rideId>_incident<n>`). */
export const rideIdOfIncident = (incidentId: string): string => incidentId.slice(0, incidentId.lastIndexOf('_incident'));

// ── Live (ws) ───────────────────────────────────────────────────────────────────────────────────

/** To every admin socket: an incident was raised, added to or re-alerted (sound and announcement), acknowledged or resolved. */
export const IncidentAlertMessage = z.object({
  type: z.literal('incident_alert'),
  incidentId: z.string(),
  rideId: z.string(),
  status: IncidentStatus,
  /** What happened: a new incident, another press or check, a re-alert, acknowledged, resolved. */
  event: z.enum(['raised', 'alert_added', 're_alerted', 'acknowledged', 'resolved']),
  cause: z.enum(['sos', 'ride_check']).nullable(),
  alertCount: z.int().nullable(),
  at: Instant,
});
export type IncidentAlertMessage = z.infer<typeof IncidentAlertMessage>;

/** To the ride's rider and driver (and admins handling an incident on it): a new message, or a read mark. */
export const RideMessageMessage = z.object({
  type: z.literal('ride_message'),
  rideId: z.string(),
  message: RideMessage.nullable(),
  /** Set when a side read up to a message. */
  read: z.object({ by: Party, upToMessageId: z.string() }).nullable(),
  at: Instant,
});
export type RideMessageMessage = z.infer<typeof RideMessageMessage>;

/** To the rider only: a ride check to answer, or one answered or gone unanswered. */
export const RideCheckMessage = z.object({
  type: z.literal('ride_check'),
  rideId: z.string(),
  checkId: z.string(),
  reason: rideCheckReasonSchema,
  status: z.enum(['awaiting', 'answered', 'unanswered']),
  answerDueBy: Instant.nullable(),
  at: Instant,
});
export type RideCheckMessage = z.infer<typeof RideCheckMessage>;

/** To both people on the ride: recording was asked for (each must be told), started, cancelled, uploaded or deleted. */
export const RecordingUpdateMessage = z.object({
  type: z.literal('recording_update'),
  rideId: z.string(),
  recordingId: z.string(),
  event: z.enum(['requested', 'notice_seen', 'started', 'cancelled', 'uploaded', 'deleted']),
  requestedBy: Party.nullable(),
  at: Instant,
});
export type RecordingUpdateMessage = z.infer<typeof RecordingUpdateMessage>;

export type SafetyLiveMessage = IncidentAlertMessage | RideMessageMessage | RideCheckMessage | RecordingUpdateMessage;
export const safetyLiveTypes = ['incident_alert', 'ride_message', 'ride_check', 'recording_update'] as const;
export type SafetyLiveType = (typeof safetyLiveTypes)[number];
