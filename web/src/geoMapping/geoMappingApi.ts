import { queryOptions } from '@tanstack/react-query';
import type { CalculatedRoute, CalculateRouteBody } from '../../../contract/maps.js';
import type { LatLng } from '../../../domain/catalogue/index.js';
import { getJson, postJson } from '../api/http.js';

/** An encoding as GET /api/route-encodings/pending lists it (api/routes/routeEncodings/schemas.ts). */
export interface PendingEncoding {
  id: string;
  authorId: string;
  startAddress: string;
  endAddress: string;
  streetNames: string[];
  revision: number;
  verifications: number;
  verificationsRequired: number;
  verificationStatus: 'pending' | 'verified' | 'needs_fix';
}

export interface ContributionStats {
  routesEncoded: number;
  verifiedRoutes: number;
  verificationsGiven: number;
  verificationsReceived: number;
  streetsMapped: number;
}

export interface EncodingSubmission {
  startAddress: string;
  endAddress: string;
  streetNames: string[];
  coordinates: LatLng[];
}

export const geoMappingKeys = {
  pending: ['/api/route-encodings', 'pending'] as const,
  stats: ['/api/route-encodings', 'stats'] as const,
};

export const pendingEncodingsQuery = () =>
  queryOptions({
    queryKey: geoMappingKeys.pending,
    queryFn: () => getJson<{ encodings: PendingEncoding[] }>('/api/route-encodings/pending').then((answer) => answer.encodings),
    refetchInterval: 15_000,
  });

export const contributionStatsQuery = () =>
  queryOptions({ queryKey: geoMappingKeys.stats, queryFn: () => getJson<ContributionStats>('/api/route-encodings/stats'), refetchInterval: 15_000 });

export const geoMappingApi = {
  calculate: (body: CalculateRouteBody) => postJson<CalculatedRoute>('/api/routes/calculate', body),
  submit: (body: EncodingSubmission) => postJson<{ id: string }>('/api/route-encodings', body),
  verify: (id: string, isAccurate: boolean, revision: number) =>
    postJson<{ id: string }>(`/api/route-encodings/${encodeURIComponent(id)}/verify`, { isAccurate, revision }),
};
