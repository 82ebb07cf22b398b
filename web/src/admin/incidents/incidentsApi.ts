import { queryOptions } from '@tanstack/react-query';
import type { Incident, IncidentList, Recording } from '../../../../contract/safety.js';
import { getJson } from '../../api/http.js';
import { liveQueryKeys } from '../../live/liveQueryKeys.js';

export type { Incident, IncidentList };
export type IncidentState = 'open' | 'resolved';

/** GET /api/admin/incidents?state=…; the key starts with the path, so an `incident_alert` over ws refreshes every state. */
export const incidentsQueryOptions = (state: IncidentState) =>
  queryOptions({
    queryKey: ['/api/admin/incidents', state] as const,
    queryFn: () => getJson<IncidentList>(`/api/admin/incidents?state=${state}`),
    // The socket brings changes at once; this only covers a socket that is down.
    refetchInterval: 30_000,
  });

/** The ride's recording as the admin handling its incident sees it (never the audio itself: that is played from its own URL). */
export const incidentRecordingQueryOptions = (rideId: string) =>
  queryOptions({
    queryKey: liveQueryKeys.rideRecording(rideId),
    queryFn: () => getJson<Recording>(`/api/rides/${encodeURIComponent(rideId)}/recording`),
  });

/** Where the handling admin's player fetches the recording (the server checks they handle an incident on the ride). */
export const recordingAudioUrl = (rideId: string) => `/api/rides/${encodeURIComponent(rideId)}/recording/audio`;
