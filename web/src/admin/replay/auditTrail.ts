import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/http.js';

/** One event of GET /api/admin/rides/:rideId/events (api/routes/admin/schemas.ts AuditTrail). */
export interface TrailEvent {
  streamName: string;
  /** 0-based position in its own stream, as a decimal string (a bigint on the server). */
  revision: string;
  type: string;
  time: string;
  /** At the current schema version; every `pin` already masked by the server. */
  data: Record<string, unknown>;
  metadata: {
    userId: string | null;
    userName: string | null;
    role: string | null;
    correlationId: string | null;
    causationId: string | null;
    commandId: string | null;
    schemaVersion: number | null;
  };
}

export interface AuditTrail {
  rideId: string;
  /** The ride's stream first, then its bids' and its dispatch search's. */
  streams: string[];
  events: TrailEvent[];
}

export const auditTrailQueryOptions = (rideId: string) =>
  queryOptions({
    queryKey: ['/api/admin/rides', rideId, 'events'] as const,
    queryFn: () => getJson<AuditTrail>(`/api/admin/rides/${encodeURIComponent(rideId)}/events`),
  });

/** Which lifecycle an event belongs to, from its stream's category (`ride-…`, `bid-…`, `dispatch-…`). */
export type TrailSource = 'ride' | 'bid' | 'dispatch' | 'other';

export function sourceOf(event: Pick<TrailEvent, 'streamName'>, rideStream: string): TrailSource {
  if (event.streamName === rideStream) return 'ride';
  if (event.streamName.startsWith('bid-')) return 'bid';
  if (event.streamName.startsWith('dispatch-')) return 'dispatch';
  return 'other';
}
