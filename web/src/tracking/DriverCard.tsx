import { useTranslation } from 'react-i18next';
import { formatZambianPhone, telHref } from '../format/phone.js';
import type { DriverCardData } from './rideApi.js';

/** A rating to one decimal (spec 001 §9), or null before the first one. */
export const formatRating = (rating: number | null): string | null => (rating === null ? null : rating.toFixed(1));

/**
 * Who is coming (Zambia's e-hailing rules: the rider must be able to identify driver and
 * vehicle): name, phone to call, plate, make, model and colour, and the rating. The driver
 * (`self`) sees the same card under their own heading, never "Your driver".
 */
export function DriverCard({ driver, self = false }: { driver: DriverCardData; self?: boolean }) {
  const { t } = useTranslation();
  const rating = formatRating(driver.rating);
  const vehicle = driver.vehicle;
  return (
    <section className="card driver-card" aria-labelledby="driver-card-title" data-testid="driver-card">
      <h2 id="driver-card-title">{self ? t('tracking.driver.titleForDriver') : t('tracking.driver.title')}</h2>
      <dl className="ride-facts">
        <dt>{t('tracking.driver.name')}</dt>
        <dd data-testid="driver-name">{driver.fullName ?? t('tracking.driver.unknown')}</dd>
        {driver.phoneNumber && (
          <>
            <dt>{t('tracking.driver.phone')}</dt>
            <dd>
              <a href={telHref(driver.phoneNumber)} data-testid="driver-phone">
                {formatZambianPhone(driver.phoneNumber)}
              </a>
            </dd>
          </>
        )}
        {vehicle && (
          <>
            <dt>{t('tracking.driver.plate')}</dt>
            <dd className="plate" data-testid="driver-plate">
              {vehicle.plateNumber}
            </dd>
            <dt>{t('tracking.driver.vehicle')}</dt>
            <dd>{t('tracking.driver.vehicleLine', { colour: vehicle.colour, make: vehicle.make, model: vehicle.model })}</dd>
          </>
        )}
        <dt>{t('tracking.driver.rating')}</dt>
        <dd data-testid="driver-rating">
          {rating ? t('tracking.driver.ratingValue', { rating, ratings: driver.ratingCount }) : t('tracking.driver.noRating')}
        </dd>
      </dl>
    </section>
  );
}
