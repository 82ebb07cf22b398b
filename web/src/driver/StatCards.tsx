import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatZmw } from '../../../domain/fare/money.js';
import { formatRating } from '../tracking/DriverCard.js';
import { earningsQueryOptions, type DriverProfile, type EarningsFigures } from './driverApi.js';

/**
 * Today's and this week's earnings (net of the 12 % commission, gross beside it), completed
 * rides and the average rating: the driver's real figures from the earnings read model.
 */
export function StatCards({ profile }: { profile: DriverProfile }) {
  const { t } = useTranslation();
  const earnings = useQuery(earningsQueryOptions(profile.driverId));
  const summary = earnings.data?.summary;
  const percent = earnings.data?.commissionPercent ?? 12;
  const money = (figures: EarningsFigures | undefined) => (figures ? formatZmw(figures.netNgwee) : '…');
  const gross = (figures: EarningsFigures | undefined) =>
    figures ? t('driver.stats.grossLine', { gross: formatZmw(figures.grossNgwee), percent, commission: formatZmw(figures.commissionNgwee) }) : '';
  const rating = formatRating(profile.rating);
  return (
    <section aria-labelledby="driver-stats-title">
      <h2 id="driver-stats-title" className="visually-hidden">
        {t('driver.stats.title')}
      </h2>
      {earnings.isError && (
        <p className="notice" role="alert">
          {t('driver.stats.failed')}
        </p>
      )}
      <ul className="stat-cards">
        <li className="card stat-card" data-testid="stat-today">
          <span className="stat-card__label">{t('driver.stats.today')}</span>
          <span className="stat-card__value">{money(summary?.today)}</span>
          <span className="fine-print">{gross(summary?.today)}</span>
        </li>
        <li className="card stat-card" data-testid="stat-week">
          <span className="stat-card__label">{t('driver.stats.week')}</span>
          <span className="stat-card__value">{money(summary?.thisWeek)}</span>
          <span className="fine-print">{gross(summary?.thisWeek)}</span>
        </li>
        <li className="card stat-card" data-testid="stat-rides">
          <span className="stat-card__label">{t('driver.stats.rides')}</span>
          <span className="stat-card__value">{summary ? summary.total.rides : profile.completedRides}</span>
        </li>
        <li className="card stat-card" data-testid="stat-rating">
          <span className="stat-card__label">{t('driver.stats.rating')}</span>
          <span className="stat-card__value">{rating ?? '—'}</span>
          <span className="fine-print">{rating ? t('driver.stats.ratingCount', { ratings: profile.ratingCount }) : t('driver.stats.noRating')}</span>
        </li>
      </ul>
    </section>
  );
}
