import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { isVehicleId } from './vehicleIds.js';
import type { Ride } from './rideApi.js';

/** Where from, where to (with stops), by what, and the trip's size. */
export function TripDetails({ ride }: { ride: Ride }) {
  const { t, i18n } = useTranslation();
  const vehicle = isVehicleId(ride.vehicleType) ? t(`catalogue.vehicles.${ride.vehicleType}.name`) : ride.vehicleType;
  return (
    <section className="card trip-details" aria-labelledby="trip-details-title">
      <h2 id="trip-details-title">{t('tracking.details.title')}</h2>
      <dl className="ride-facts">
        <dt>{t('tracking.details.pickup')}</dt>
        <dd data-testid="pickup-address">{ride.pickupLocation.address}</dd>
        {ride.multipleDestinations.map((stop, index) => (
          <Fragment key={index}>
            <dt>{t('tracking.details.stop', { number: index + 1 })}</dt>
            <dd>{stop.address}</dd>
          </Fragment>
        ))}
        <dt>{t('tracking.details.dropoff')}</dt>
        <dd data-testid="dropoff-address">{ride.dropoffLocation.address}</dd>
        <dt>{t('tracking.details.vehicle')}</dt>
        <dd>{vehicle}</dd>
        {ride.distance !== null && (
          <>
            <dt>{t('tracking.details.distance')}</dt>
            <dd>{new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(ride.distance)}</dd>
          </>
        )}
        {ride.duration !== null && (
          <>
            <dt>{t('tracking.details.duration')}</dt>
            <dd>{new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'minute', maximumFractionDigits: 0 }).format(ride.duration)}</dd>
          </>
        )}
        {ride.scheduledFor && (
          <>
            <dt>{t('tracking.details.scheduledFor')}</dt>
            <dd>{new Date(ride.scheduledFor).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lusaka' })}</dd>
          </>
        )}
        {ride.cancellation && (
          <>
            <dt>{t('tracking.details.cancelReason')}</dt>
            <dd>{ride.cancellation.reason}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
