import { queryOptions } from '@tanstack/react-query';
import type { CalculatedRoute, CalculateRouteBody } from '../../../contract/maps.js';
import type { ContributionStats, RouteEncoding, RouteEncodingList, RouteEncodingWritten, SubmitBody, VerifyBody } from '../../../contract/routeEncodings.js';
import { getJson, postJson } from '../api/http.js';

/** An encoding as GET /api/route-encodings/pending lists it. */
export type PendingEncoding = RouteEncoding;

export const geoMappingKeys = {
  pending: ['/api/route-encodings', 'pending'] as const,
  stats: ['/api/route-encodings', 'stats'] as const,
};

export const pendingEncodingsQuery = () =>
  queryOptions({
    queryKey: geoMappingKeys.pending,
    queryFn: () => getJson<RouteEncodingList>('/api/route-encodings/pending').then((answer) => answer.encodings),
    refetchInterval: 15_000,
  });

export const contributionStatsQuery = () =>
  queryOptions({ queryKey: geoMappingKeys.stats, queryFn: () => getJson<ContributionStats>('/api/route-encodings/stats'), refetchInterval: 15_000 });

export const geoMappingApi = {
  calculate: (body: CalculateRouteBody) => postJson<CalculatedRoute>('/api/routes/calculate', body),
  submit: (body: SubmitBody) => postJson<RouteEncodingWritten>('/api/route-encodings', body),
  verify: (id: string, isAccurate: boolean, revision: number) =>
    postJson<RouteEncodingWritten>(`/api/route-encodings/${encodeURIComponent(id)}/verify`, { isAccurate, revision } satisfies VerifyBody),
};
