import { createFileRoute } from '@tanstack/react-router';
import { useSignedInAdmin } from '../../admin/access/adminAccess.js';
import { DashboardPage } from '../../admin/dashboard/DashboardPage.js';

/** /admin: the dashboard. The loader starts its two reads at once (imported lazily: none of it belongs in the public app's first page). */
export const Route = createFileRoute('/admin/')({
  loader: async ({ context }) => {
    const { dashboardStatsQueryOptions, recentActivityQueryOptions } = await import('../../admin/dashboard/dashboardApi.js');
    void context.queryClient.prefetchQuery(dashboardStatsQueryOptions());
    void context.queryClient.prefetchQuery(recentActivityQueryOptions());
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  return <DashboardPage admin={useSignedInAdmin()} />;
}
