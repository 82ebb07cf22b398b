import { queryOptions } from '@tanstack/react-query';
import type { CancellationReason } from '../../../../domain/ride/values.js';
import { getJson } from '../../api/http.js';

/** GET /api/admin/analytics's answer (api/routes/admin/analyticsSchemas.ts): each analytics read model over the slice. */
export interface Analytics {
  from: string;
  to: string;
  ridesPerDay: Array<{ day: string; city: string; vehicleType: string; requested: number; completed: number; cancelled: number; expired: number }>;
  timeToAssignment: Array<{ day: string; assigned: number; medianSeconds: number | null; p90Seconds: number | null }>;
  bids: Array<{ day: string; ridesWithBids: number; bidsPlaced: number; bidsAccepted: number; bidsPerRide: number | null; acceptanceRate: number | null }>;
  cancellations: Array<{ reasonCode: CancellationReason; stage: string; cancelledBy: string; count: number }>;
  revenue: Array<{ day: string; completedRides: number; revenueNgwee: number; driverEarningsNgwee: number; commissionNgwee: number }>;
  demand: Array<{ cell: string; lat: number; lng: number; hour: number; requests: number }>;
}

/** The datasets, each also a CSV at /api/admin/analytics/<dataset>.csv. */
export const analyticsDatasets = ['ridesPerDay', 'timeToAssignment', 'bids', 'cancellations', 'revenue', 'demand'] as const;
export type AnalyticsDataset = (typeof analyticsDatasets)[number];

/** Lusaka days (YYYY-MM-DD, both included) and, optionally, one city and one vehicle type. */
export interface AnalyticsFilters {
  from: string;
  to: string;
  city?: string;
  vehicleType?: string;
}

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
