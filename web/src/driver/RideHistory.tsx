import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatZmw } from '../../../domain/fare/money.js';
import { PathLink } from '../shell/PathLink.js';
import { driverRidesQueryOptions } from './driverApi.js';

/** Ride History: the driver's completed trips, newest first. */
export function RideHistory({ driverId }: { driverId: string }) {
  const { t, i18n } = useTranslation();
  const rides = useQuery(driverRidesQueryOptions(driverId));
  if (rides.isPending) return <p role="status">{t('driver.history.loading')}</p>;
  if (rides.isError) return <p className="notice" role="alert">{t('driver.history.failed')}</p>;
  const completed = rides.data.filter((ride) => ride.status === 'completed');
  if (completed.length === 0) {
    return (
      <div className="empty-state" data-testid="no-history">
        <h3>{t('driver.history.emptyTitle')}</h3>
        <p>{t('driver.history.emptyBody')}</p>
      </div>
    );
  }
  return (
    <ul className="ride-history">
      {completed.map((ride) => (
        <li key={ride.id} className="card ride-history__item" data-testid="history-ride">
          <p className="pending-ride__route">
            {ride.pickupLocation.address} <span aria-hidden="true">→</span>
            <span className="visually-hidden">{t('driver.rides.to')}</span> {ride.dropoffLocation.address}
          </p>
          <p className="fine-print">
            {ride.completedAt &&
              new Date(ride.completedAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lusaka' })}
            {' · '}
            {formatZmw(ride.finalFareNgwee ?? ride.agreedFareNgwee ?? ride.quote.totalNgwee)}
            {ride.ratings.byDriver && ` · ${t('driver.history.youRated', { stars: ride.ratings.byDriver.stars })}`}
          </p>
          <PathLink href={`/track/${ride.id}`} className="link-button">
            {t('driver.history.details')}
          </PathLink>
        </li>
      ))}
    </ul>
  );
}
