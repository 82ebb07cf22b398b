import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Protected } from '../auth/Protected.js';
import { DriverBids } from '../booking/DriverBids.js';
import { loadSections } from '../i18n/setup.js';

/** The Driver Bids view of a bidding ride: its own address, so a reload keeps it. */
export const Route = createFileRoute('/book_/$rideId/bids')({
  loader: () => loadSections('auth', 'booking'),
  component: BidsRoute,
});

function BidsRoute() {
  const { t } = useTranslation();
  const { rideId } = Route.useParams();
  return <Protected allow={['passenger']} signInHint={t('auth.protected.loginToBook')}>{(user) => <DriverBids rideId={rideId} user={user} />}</Protected>;
}
