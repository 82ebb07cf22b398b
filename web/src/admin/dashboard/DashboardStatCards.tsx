import { formatZmw } from '../../../../domain/fare/money.js';
import { PathLink } from '../../shell/PathLink.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import type { DashboardStats } from './dashboardApi.js';

/**
 * Total users, active drivers, live rides, revenue, the drivers waiting for review (urgent above
 * 5), and the safety incidents not yet resolved (urgent while any awaits acknowledgement).
 */
export function DashboardStatCards({ stats }: { stats: DashboardStats | undefined }) {
  const { t } = useAdminTranslation();
  const value = (figure: (loaded: DashboardStats) => string | number) => (stats ? figure(stats) : '…');
  const cards = [
    { id: 'users', label: t('dashboard.stats.totalUsers'), value: value((s) => s.totalUsers), note: value((s) => t('dashboard.stats.activeUsers', { count: s.users.active })) },
    { id: 'drivers', label: t('dashboard.stats.activeDrivers'), value: value((s) => s.activeDrivers), note: value((s) => t('dashboard.stats.approvedDrivers', { count: s.approvedDrivers })) },
    { id: 'rides', label: t('dashboard.stats.liveRides'), value: value((s) => s.activeRides), note: value((s) => t('dashboard.stats.scheduledRides', { count: s.scheduledRides })) },
    { id: 'revenue', label: t('dashboard.stats.revenue'), value: value((s) => formatZmw(s.totalRevenueNgwee)), note: value((s) => t('dashboard.stats.revenueToday', { amount: formatZmw(s.revenueTodayNgwee) })) },
  ];
  const urgent = stats?.verifyDriversUrgent ?? false;
  const unacknowledged = stats?.unacknowledgedIncidents ?? 0;
  return (
    <section aria-labelledby="admin-stats-title">
      <h2 id="admin-stats-title" className="visually-hidden">
        {t('dashboard.stats.title')}
      </h2>
      <ul className="admin-stat-cards">
        {cards.map((card) => (
          <li key={card.id} className="card admin-stat-card" data-testid={`stat-${card.id}`}>
            <span className="admin-stat-card__label">{card.label}</span>
            <span className="admin-stat-card__value">{card.value}</span>
            <span className="fine-print">{card.note}</span>
          </li>
        ))}
        <li className={`card admin-stat-card${urgent ? ' card--alert' : ''}`} data-testid="stat-pending">
          <span className="admin-stat-card__label">{t('dashboard.stats.pendingDrivers')}</span>
          <span className="admin-stat-card__value">{value((s) => s.pendingDrivers)}</span>
          <span className="fine-print">{urgent ? t('dashboard.stats.pendingUrgent') : t('dashboard.stats.pendingCalm')}</span>
        </li>
        <li className={`card admin-stat-card${unacknowledged > 0 ? ' card--alert' : ''}`} data-testid="stat-incidents">
          <span className="admin-stat-card__label">{t('dashboard.stats.incidents')}</span>
          <span className="admin-stat-card__value">{value((s) => s.openIncidents)}</span>
          <span className="fine-print">
            {value((s) => t('dashboard.stats.incidentsUnacknowledged', { count: s.unacknowledgedIncidents }))}
            {' · '}
            <PathLink href="/admin/incidents">{t('dashboard.stats.incidentsLink')}</PathLink>
          </span>
        </li>
      </ul>
    </section>
  );
}
