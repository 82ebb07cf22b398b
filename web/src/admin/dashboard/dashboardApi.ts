import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/http.js';

/** The spec's 30 s dashboard refresh (spec 001 "Timing"). */
export const DASHBOARD_REFRESH_MS = 30_000;

/** GET /api/admin/dashboard-stats, the parts the dashboard shows (api/routes/admin/schemas.ts DashboardStats). */
export interface DashboardStats {
  totalUsers: number;
  users: { active: number; passengers: number; drivers: number; admins: number; staff: number };
  totalDrivers: number;
  activeDrivers: number;
  pendingDrivers: number;
  approvedDrivers: number;
  verifyDriversUrgent: boolean;
  activeRides: number;
  todayRides: number;
  scheduledRides: number;
  completedRides: number;
  totalRevenueNgwee: number;
  revenueTodayNgwee: number;
  openSupportMessages: number;
  systemHealth: 'good' | 'issues';
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard-stats'],
    queryFn: () => getJson<DashboardStats>('/api/admin/dashboard-stats'),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

export type ActivityKind =
  | 'ride_requested'
  | 'ride_assigned'
  | 'ride_completed'
  | 'ride_cancelled'
  | 'ride_expired'
  | 'driver_applied'
  | 'driver_approved'
  | 'driver_rejected'
  | 'driver_suspended'
  | 'driver_reinstated'
  | 'settings_changed';

/** One entry of GET /api/admin/activity: something that happened, who did it, to what. */
export interface ActivityEntry {
  id: string;
  at: string;
  kind: ActivityKind;
  actor: { userId: string | null; role: string | null; name: string | null };
  subject: { type: 'ride' | 'driver' | 'settings'; id: string; label: string | null };
  details: { reason?: string; cancelledBy?: string; fareNgwee?: number; changed?: string[]; vehicleType?: string };
}

export const RECENT_ACTIVITY_LIMIT = 10;

export const recentActivityQueryOptions = (limit = RECENT_ACTIVITY_LIMIT) =>
  queryOptions({
    queryKey: ['admin', 'activity', limit],
    queryFn: () => getJson<{ activity: ActivityEntry[] }>(`/api/admin/activity?limit=${limit}`).then((answer) => answer.activity),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
