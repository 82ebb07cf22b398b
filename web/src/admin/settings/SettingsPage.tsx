import { useQuery } from '@tanstack/react-query';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { formatDateTime } from '../format/adminTime.js';
import '../ui/adminUi.css';
import { settingsQueryOptions } from './settingsApi.js';
import { SettingsForm } from './SettingsForm.js';

/** /admin/settings: what quotes, bids and timers use from the moment it is saved; every change is recorded. */
export function SettingsPage() {
  const { t, i18n } = useAdminTranslation();
  const view = useQuery(settingsQueryOptions());
  return (
    <>
      <div className="admin-page-header">
        <h1>{t('settings.title')}</h1>
        <p className="fine-print">{t('settings.intro')}</p>
      </div>
      {view.isError ? (
        <p className="notice" role="alert">
          {t('settings.failed')}
        </p>
      ) : view.isPending ? (
        <p role="status">{t('dashboard.loading')}</p>
      ) : (
        <>
          <p className="fine-print" data-testid="settings-last-change">
            {view.data.changedAt
              ? t('settings.lastChanged', { time: formatDateTime(view.data.changedAt, i18n.language), name: view.data.changedBy?.name ?? t('dashboard.activity.roles.admin') })
              : t('settings.neverChanged')}
          </p>
          <SettingsForm key={view.data.changedAt ?? 'defaults'} view={view.data} />
        </>
      )}
    </>
  );
}
