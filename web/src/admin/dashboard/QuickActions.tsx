import { PathLink } from '../../shell/PathLink.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import type { DashboardStats } from './dashboardApi.js';

/** The dashboard's shortcuts; Verify Drivers is flagged urgent when more than 5 drivers wait. */
export function QuickActions({ stats }: { stats: DashboardStats | undefined }) {
  const { t } = useAdminTranslation();
  const urgent = stats?.verifyDriversUrgent ?? false;
  const actions = [
    { href: '/admin/drivers', title: t('dashboard.actions.verifyDrivers'), body: t('dashboard.actions.verifyDriversBody', { count: stats?.pendingDrivers ?? 0 }), urgent },
    { href: '/admin/rides', title: t('dashboard.actions.monitorRides'), body: t('dashboard.actions.monitorRidesBody'), urgent: false },
    { href: '/admin/support', title: t('support.quickAction.title'), body: t('support.quickAction.body'), urgent: false },
    { href: '/admin/settings', title: t('dashboard.actions.systemSettings'), body: t('dashboard.actions.systemSettingsBody'), urgent: false },
  ];
  return (
    <section className="card" aria-labelledby="admin-actions-title">
      <h2 id="admin-actions-title">{t('dashboard.actions.title')}</h2>
      <ul className="admin-actions">
        {actions.map((action) => (
          <li key={action.href}>
            <PathLink href={action.href} className={`admin-action${action.urgent ? ' admin-action--urgent' : ''}`}>
              <span className="admin-action__title">
                {action.title}
                {action.urgent && <span className="badge admin-badge--danger">{t('dashboard.actions.urgent')}</span>}
              </span>
              <span className="fine-print">{action.body}</span>
            </PathLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
