import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Protected } from '../auth/Protected.js';
import { DriverDashboard } from '../driver/DriverDashboard.js';
import '../driver/driver.css';
import { loadSections } from '../i18n/setup.js';
import '../tracking/tracking.css';
import { PageMeta } from '../seo/PageMeta.js';

export const Route = createFileRoute('/driver')({
  // The active ride's controls share the tracking screen's texts.
  loader: () => loadSections('auth', 'driver', 'tracking'),
  component: DriverRoute,
});

/** /driver: driver accounts only (a passenger signs up as a driver to apply). */
function DriverRoute() {
  const { t } = useTranslation();
  return (
    <div className="page driver-page">
      <PageMeta title={t('driver.metaTitle')} description={t('driver.metaDescription')} />
      <Protected allow={['driver']} signInHint={t('driver.signInHint')}>
        {(user) => (
          <>
            <h1>{t('driver.title')}</h1>
            <DriverDashboard user={user} />
          </>
        )}
      </Protected>
    </div>
  );
}
