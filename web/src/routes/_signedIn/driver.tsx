import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSignedInUser, warmSignedIn } from '../../auth/signedIn.js';
import { driverProfileQueryOptions } from '../../driver/driverApi.js';
import { DriverDashboard } from '../../driver/DriverDashboard.js';
import '../../driver/driver.css';
import { loadSections } from '../../i18n/setup.js';
import '../../tracking/tracking.css';
import { PageMeta } from '../../seo/PageMeta.js';

/** /driver: driver accounts only (a rider may take up driving on the same account, from the gate). */
export const Route = createFileRoute('/_signedIn/driver')({
  staticData: { signIn: { allow: ['driver'], hint: 'driver.signInHint' } },
  // The active ride's controls share the tracking screen's texts.
  loader: ({ context }) =>
    Promise.all([
      loadSections('driver', 'tracking', 'payments', 'safety'),
      warmSignedIn(context, (user, client) => (user.roles.includes('driver') ? [client.ensureQueryData(driverProfileQueryOptions(user.id))] : [])),
    ]),
  component: DriverRoute,
});

function DriverRoute() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <div className="page driver-page">
      <PageMeta title={t('driver.metaTitle')} description={t('driver.metaDescription')} />
      <h1>{t('driver.title')}</h1>
      <DriverDashboard user={user} />
    </div>
  );
}
