import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Protected } from '../auth/Protected.js';
import { loadSections } from '../i18n/setup.js';
import { TrackingPage } from '../tracking/TrackingPage.js';

export const Route = createFileRoute('/track/$rideId')({
  loader: () => loadSections('auth', 'tracking'),
  component: TrackRoute,
});

/** /track/$rideId: the rider, the ride's driver or an admin (the server answers 404 to anyone else). */
function TrackRoute() {
  const { t } = useTranslation();
  const { rideId } = Route.useParams();
  return <Protected signInHint={t('tracking.signInHint')}>{(user) => <TrackingPage rideId={rideId} user={user} />}</Protected>;
}
