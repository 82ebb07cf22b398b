import { queryOptions } from '@tanstack/react-query';
import type { PublicTrip, RECORDING_UPLOAD_FIELDS as UploadFields, Recording, RideChecks, RideConversation, TripShare, TrustedContactList } from '../../../contract/safety.js';
import { getJson, HttpError } from '../api/http.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';

export type { PublicTrip, Recording, RideChecks, RideConversation, TripShare, TrustedContactList };

/** The safety net's reads; each key is its URL (the default query function joins the parts with slashes). */
export const safetyKeys = {
  trustedContacts: () => ['/api/me/trusted-contacts'] as const,
  share: (rideId: string) => ['/api/rides', rideId, 'share'] as const,
  checks: (rideId: string) => ['/api/rides', rideId, 'checks'] as const,
  messages: (rideId: string) => ['/api/rides', rideId, 'messages'] as const,
  publicTrip: (token: string) => ['/api/share', token] as const,
};

const ride = (rideId: string) => `/api/rides/${encodeURIComponent(rideId)}`;

export const trustedContactsQueryOptions = () =>
  queryOptions({ queryKey: safetyKeys.trustedContacts(), queryFn: () => getJson<TrustedContactList>('/api/me/trusted-contacts') });

export const shareQueryOptions = (rideId: string) =>
  queryOptions({ queryKey: safetyKeys.share(rideId), queryFn: () => getJson<TripShare>(`${ride(rideId)}/share`) });

export const checksQueryOptions = (rideId: string) =>
  queryOptions({ queryKey: safetyKeys.checks(rideId), queryFn: () => getJson<RideChecks>(`${ride(rideId)}/checks`) });

export const messagesQueryOptions = (rideId: string) =>
  queryOptions({ queryKey: safetyKeys.messages(rideId), queryFn: () => getJson<RideConversation>(`${ride(rideId)}/messages`) });

/** The ride's audio recording (never the audio): under the key a `recording_update` ws message invalidates. */
export const recordingQueryOptions = (rideId: string) =>
  queryOptions({ queryKey: liveQueryKeys.rideRecording(rideId), queryFn: () => getJson<Recording>(`${ride(rideId)}/recording`) });

/** The public share page: no session; polled, since a signed-out visitor has no live socket. */
export const publicTripQueryOptions = (token: string) =>
  queryOptions({ queryKey: safetyKeys.publicTrip(token), queryFn: () => getJson<PublicTrip>(`/api/share/${encodeURIComponent(token)}`) });

export const rideSafetyPath = ride;

/** What the server answers to an upload: the recording kept, and until when. */
export type RecordingUploaded = Pick<Recording, 'status' | 'recordingId' | 'deleteAfter'>;

/** The contract's field names, checked against it at compile time (a type-only import keeps contract/ and its domain imports out of this chunk). */
const RECORDING_UPLOAD_FIELDS: typeof UploadFields = { audio: 'audio', durationSeconds: 'durationSeconds' };
const extensionOf = (type: string) => (type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : type.includes('mpeg') ? 'mp3' : 'webm');

/**
 * The requester's device uploads the recording: multipart/form-data with one file in the field
 * `audio` and its length in the query (the one write the server takes as a form, besides
 * documents: `acceptsUploads`). The server types it by its first bytes; the name is a courtesy.
 */
export async function uploadRecording(rideId: string, audio: Blob, durationSeconds: number): Promise<RecordingUploaded> {
  const form = new FormData();
  form.append(RECORDING_UPLOAD_FIELDS.audio, audio, `recording.${extensionOf(audio.type)}`);
  const query = new URLSearchParams({ [RECORDING_UPLOAD_FIELDS.durationSeconds]: String(durationSeconds) });
  const response = await fetch(`${ride(rideId)}/recording/upload?${query}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, text, response.statusText);
  return JSON.parse(text) as RecordingUploaded;
}
