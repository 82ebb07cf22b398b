import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../api/http.js';
import { pendingRidesQueryOptions, type DriverProfile } from './driverApi.js';
import { PendingRideCard } from './PendingRideCard.js';

/** Spec 001 §4/§9: the pending list is refetched every 5 s while the driver is online (ws new_ride refetches at once). */
export const PENDING_POLL_MS = 5_000;

/** Available Rides: requests for the driver's vehicle type, only while online. */
export function AvailableRides({ profile, userId, busy, onTaken }: { profile: DriverProfile; userId: string; busy: boolean; onTaken: (rideId: string) => void }) {
  const { t } = useTranslation();
  const vehicleType = profile.vehicle?.type ?? 'car';
  const pending = useQuery({ ...pendingRidesQueryOptions(vehicleType), enabled: profile.isOnline, refetchInterval: profile.isOnline ? PENDING_POLL_MS : false });

  if (!profile.isOnline) {
    return (
      <div className="notice" data-testid="offline-notice">
        <p>{t('driver.rides.offline')}</p>
      </div>
    );
  }
  if (busy) return <p className="notice">{t('driver.rides.busy')}</p>;
  if (pending.isPending) return <p role="status">{t('driver.rides.loading')}</p>;
  if (pending.isError) {
    const forbidden = pending.error instanceof HttpError && pending.error.status === 403;
    return (
      <p className="notice" role="alert">
        {t(forbidden ? 'driver.rides.notAllowed' : 'driver.rides.failed')}
      </p>
    );
  }
  if (pending.data.length === 0) {
    return (
      <div className="empty-state" data-testid="no-rides">
        <h3>{t('driver.rides.emptyTitle')}</h3>
        <p>{t('driver.rides.emptyBody')}</p>
      </div>
    );
  }
  return (
    <ul className="pending-rides">
      {pending.data.map((ride) => (
        <PendingRideCard key={ride.id} ride={ride} driverId={profile.driverId} userId={userId} onTaken={onTaken} />
      ))}
    </ul>
  );
}
