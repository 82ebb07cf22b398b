import { queryOptions } from '@tanstack/react-query';
import type { AuditTrail } from '../../../../contract/admin.js';
import { getJson } from '../../api/http.js';
import { isStreamOf } from '../../../../domain/streams.js';

/** GET /api/admin/rides/:rideId/events (contract/admin.ts AuditTrail): the ride's stream first, then its bids' and its dispatch search's. */
export type { AuditTrail };
export type TrailEvent = AuditTrail['events'][number];

export const auditTrailQueryOptions = (rideId: string) =>
  queryOptions({
    queryKey: ['/api/admin/rides', rideId, 'events'] as const,
    queryFn: () => getJson<AuditTrail>(`/api/admin/rides/${encodeURIComponent(rideId)}/events`),
  });

/** Which lifecycle an event belongs to, from its stream's category (`ride-…`, `bid-…`, `dispatch-…`, `incident-…`). */
export type TrailSource = 'ride' | 'bid' | 'dispatch' | 'incident' | 'other';

export function sourceOf(event: Pick<TrailEvent, 'streamName'>, rideStream: string): TrailSource {
  if (event.streamName === rideStream) return 'ride';
  if (isStreamOf('bid', event.streamName)) return 'bid';
  if (isStreamOf('dispatch', event.streamName)) return 'dispatch';
  if (isStreamOf('incident', event.streamName)) return 'incident';
  return 'other';
}
