import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../auth/authState.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { dashboardStatsQueryOptions } from './dashboardApi.js';
import { DashboardStatCards } from './DashboardStatCards.js';
import { QuickActions } from './QuickActions.js';
import { RecentActivity } from './RecentActivity.js';
import './dashboard.css';

/**
 * /admin (spec 001 "Admin portal" dashboard): today's rides and the system's health, the
 * platform's figures, what needs doing, and what happened last — refreshed every 30 s.
 */
export function DashboardPage({ admin }: { admin: SessionUser }) {
  const { t } = useAdminTranslation();
  const stats = useQuery(dashboardStatsQueryOptions());
  const healthy = stats.data?.systemHealth === 'good';

  return (
    <>
      <section className="card admin-welcome" aria-labelledby="admin-welcome-title">
        <div>
          <h1 id="admin-welcome-title">{t('dashboard.welcome', { name: admin.fullName })}</h1>
          <p className="admin-welcome__rides">
            {stats.data ? t('dashboard.ridesToday', { count: stats.data.todayRides }) : t('dashboard.loading')}
          </p>
        </div>
        {stats.data && (
          <p className={`badge ${healthy ? 'badge--success' : 'admin-badge--danger'}`} data-testid="system-status">
            {healthy ? t('dashboard.allSystemsOperational') : t('dashboard.issuesDetected')}
          </p>
        )}
      </section>
      {stats.isError && (
        <p className="notice" role="alert">
          {t('dashboard.failed')}
        </p>
      )}
      <DashboardStatCards stats={stats.data} />
      <div className="admin-dashboard__columns">
        <QuickActions stats={stats.data} />
        <RecentActivity />
      </div>
    </>
  );
}
