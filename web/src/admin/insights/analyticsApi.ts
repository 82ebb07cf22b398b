import { queryOptions } from '@tanstack/react-query';
import { analyticsDatasets, type AnalyticsDataset, type AnalyticsQuery, type AnalyticsReport } from '../../../../contract/analytics.js';
import { getJson } from '../../api/http.js';

/** GET /api/admin/analytics's answer (contract/analytics.ts): each analytics read model over the slice. */
export type Analytics = AnalyticsReport;

/** The datasets, each also a CSV at /api/admin/analytics/<dataset>.csv. */
export { analyticsDatasets, type AnalyticsDataset };

/** Lusaka days (YYYY-MM-DD, both included) and, optionally, one city and one vehicle type: the report's query, its days chosen. */
export type AnalyticsFilters = Required<Pick<AnalyticsQuery, 'from' | 'to'>> & Pick<AnalyticsQuery, 'city' | 'vehicleType'>;

export function analyticsQueryString(filters: AnalyticsFilters): string {
  const params = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.city) params.set('city', filters.city);
  if (filters.vehicleType) params.set('vehicleType', filters.vehicleType);
  return params.toString();
}

export const csvHref = (dataset: AnalyticsDataset, filters: AnalyticsFilters) => `/api/admin/analytics/${dataset}.csv?${analyticsQueryString(filters)}`;

export const analyticsQueryOptions = (filters: AnalyticsFilters) =>
  queryOptions({
    queryKey: ['/api/admin/analytics', filters] as const,
    queryFn: () => getJson<Analytics>(`/api/admin/analytics?${analyticsQueryString(filters)}`),
    // The read models move as rides happen; a minute-old figure is fresh enough for an analyst.
    staleTime: 60_000,
  });
