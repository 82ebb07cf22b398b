import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/http.js';
import type { ActivityList, DashboardStats } from '../../../../contract/admin.js';

/** The spec's 30 s dashboard refresh (spec 001 "Timing"). */
export const DASHBOARD_REFRESH_MS = 30_000;

/** GET /api/admin/dashboard-stats (contract/admin.ts). */
export type { DashboardStats };

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard-stats'],
    queryFn: () => getJson<DashboardStats>('/api/admin/dashboard-stats'),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export type { ActivityKind } from '../../../../domain/adminActivity/index.js';

/** One entry of GET /api/admin/activity: something that happened, who did it, to what. */
export type ActivityEntry = ActivityList['activity'][number];

export const RECENT_ACTIVITY_LIMIT = 10;

export const recentActivityQueryOptions = (limit = RECENT_ACTIVITY_LIMIT) =>
  queryOptions({
    queryKey: ['admin', 'activity', limit],
    queryFn: () => getJson<ActivityList>(`/api/admin/activity?limit=${limit}`).then((answer) => answer.activity),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
