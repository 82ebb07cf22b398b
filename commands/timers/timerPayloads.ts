import { z } from 'zod';

/** Each kind of timer, with the payload it carries to the command it issues. */
export const timerPayloadSchemas = {
  /** No driver within the search window: ExpireRide. */
  ride_search_expiry: z.object({ rideId: z.string().min(1), searchWindowSeconds: z.int().positive() }),
  /** The bid's validity window closed: ExpireBid. */
  bid_expiry: z.object({ bidId: z.string().min(1) }),
  /** A booked ride's search starts, the lead time before its hour: DispatchScheduledRide. */
  scheduled_ride_dispatch: z.object({ rideId: z.string().min(1) }),
  /** A mobile-money attempt not approved within its window: ExpirePayment. */
  payment_approval_expiry: z.object({ rideId: z.string().min(1), attempt: z.int().positive() }),
  /** Nobody acknowledged the incident in time: ReAlertIncident (admins are alerted again). */
  incident_realert: z.object({ rideId: z.string().min(1), incidentId: z.string().min(1) }),
  /** The rider did not answer the ride check in time: MarkRideCheckUnanswered. */
  ride_check_answer: z.object({ rideId: z.string().min(1), checkId: z.string().min(1) }),
  /** TRIP_SHARE_GRACE_MINUTES after the ride ended: ExpireTripShare (refused when nothing was shared). */
  trip_share_expiry: z.object({ rideId: z.string().min(1) }),
  /** AUDIO_RETENTION_DAYS after the upload: DeleteAudioRecording, then the stored audio itself. */
  audio_recording_deletion: z.object({ rideId: z.string().min(1), documentId: z.string().min(1) }),
  /** One SMS to one trusted contact with the ride's share link (TrustedContactsNotified); retried like any timer. */
  trusted_contact_sms: z.object({
    rideId: z.string().min(1),
    shareId: z.string().min(1),
    contactId: z.string().min(1),
    name: z.string().min(1),
    phone: z.string().min(1),
    reason: z.enum(['rider_request', 'sos', 'trip_start']),
  }),
} as const;

export type TimerKind = keyof typeof timerPayloadSchemas;
export type TimerPayload<Kind extends TimerKind> = z.infer<(typeof timerPayloadSchemas)[Kind]>;
export const timerKinds = Object.keys(timerPayloadSchemas) as TimerKind[];
