import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../api/http.js';
import { RouteMap } from '../map/RouteMap.js';
import { PageMeta } from '../seo/PageMeta.js';
import { publicTripQueryOptions } from './safetyApi.js';
import './safety.css';

/** A signed-out visitor has no live socket: the page reads the trip again this often. */
export const PUBLIC_TRIP_POLL_MS = 5_000;

const isGone = (error: unknown, status: number) => error instanceof HttpError && error.status === status;

/**
 * /share/$token — a trip someone shared: anyone holding the link, no sign-in. Only what the
 * server gives: the status, the driver's first name, the car and plate, and the driver's
 * position while on the ride. Once the link is revoked or the trip is over (plus the grace), the
 * server answers 410 and the page says the trip has ended, and stops asking.
 */
export function PublicTripPage({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const trip = useQuery({
    ...publicTripQueryOptions(token),
    retry: (count, error) => !(isGone(error, 404) || isGone(error, 410)) && count < 3,
    refetchInterval: (query) => (isGone(query.state.error, 404) || isGone(query.state.error, 410) ? false : PUBLIC_TRIP_POLL_MS),
  });
  const lat = trip.data?.position?.lat;
  const lng = trip.data?.position?.lng;
  const driverAt = useMemo(() => (lat === undefined || lng === undefined ? undefined : { lat, lng }), [lat, lng]);
  const ended = isGone(trip.error, 410);
  const unknown = isGone(trip.error, 404);

  let body;
  if (ended || unknown) {
    body = (
      <p className="notice" role="status" data-testid="public-trip-closed">
        {ended ? t('safety.publicTrip.ended') : t('safety.publicTrip.notFound')}
      </p>
    );
  } else if (!trip.data) {
    body = <p role="status">{trip.isError ? t('safety.publicTrip.failed') : t('safety.publicTrip.loading')}</p>;
  } else {
    const { status, driver, position } = trip.data;
    const statusText = t(`safety.publicTrip.statuses.${status}`, { defaultValue: status });
    body = (
      <>
        <p className="notice" role="status" data-testid="public-trip-status">
          {statusText}
        </p>
        <RouteMap label={t('safety.publicTrip.map')} driver={driverAt} centre={driverAt} zoom={driverAt ? 15 : undefined} />
        <section className="card">
          <dl className="public-trip__facts">
            <dt>{t('safety.publicTrip.status')}</dt>
            <dd>{statusText}</dd>
            {driver && (
              <>
                <dt>{t('safety.publicTrip.driver')}</dt>
                <dd data-testid="public-trip-driver">{driver.name}</dd>
                <dt>{t('safety.publicTrip.vehicle')}</dt>
                <dd>{[driver.vehicle.colour, driver.vehicle.make, driver.vehicle.model].filter(Boolean).join(' ')}</dd>
                <dt>{t('safety.publicTrip.plate')}</dt>
                <dd data-testid="public-trip-plate">{driver.plateNumber}</dd>
              </>
            )}
            <dt>{t('safety.publicTrip.position')}</dt>
            <dd data-testid="public-trip-position">
              {position
                ? `${position.lat.toFixed(5)}, ${position.lng.toFixed(5)} (${t('safety.publicTrip.positionAt', {
                    time: new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(position.at)),
                  })})`
                : t('safety.publicTrip.noPosition')}
            </dd>
          </dl>
        </section>
        <p className="fine-print">{t('safety.publicTrip.privacy')}</p>
      </>
    );
  }
  return (
    <div className="page page--narrow public-trip" data-testid="public-trip">
      <PageMeta title={t('safety.publicTrip.metaTitle')} description={t('safety.publicTrip.metaDescription')} />
      <h1>{t('safety.publicTrip.title')}</h1>
      {body}
    </div>
  );
}
