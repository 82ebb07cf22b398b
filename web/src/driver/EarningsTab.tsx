import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatZmw } from '../../../domain/fare/money.js';
import { earningsQueryOptions } from './driverApi.js';

/** Earnings by day (Lusaka days): rides, fares, the 12 % commission and what the driver keeps. */
export function EarningsTab({ driverId }: { driverId: string }) {
  const { t, i18n } = useTranslation();
  const earnings = useQuery(earningsQueryOptions(driverId));
  if (earnings.isPending) return <p role="status">{t('driver.earnings.loading')}</p>;
  if (earnings.isError) return <p className="notice" role="alert">{t('driver.stats.failed')}</p>;
  const { commissionPercent, byDay, summary } = earnings.data;
  const days = byDay.days.filter((day) => day.rides > 0).reverse();
  return (
    <div className="earnings">
      <p>{t('driver.earnings.commission', { percent: commissionPercent, keep: 100 - commissionPercent })}</p>
      {days.length === 0 ? (
        <p className="empty-state">{t('driver.earnings.empty')}</p>
      ) : (
        <div className="earnings__scroll" tabIndex={0} role="region" aria-label={t('driver.earnings.title')}>
          <table className="earnings__table">
            <caption className="visually-hidden">{t('driver.earnings.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('driver.earnings.day')}</th>
                <th scope="col">{t('driver.earnings.rides')}</th>
                <th scope="col">{t('driver.earnings.gross')}</th>
                <th scope="col">{t('driver.earnings.commissionColumn')}</th>
                <th scope="col">{t('driver.earnings.net')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{new Date(`${day.day}T12:00:00+02:00`).toLocaleDateString(i18n.language, { dateStyle: 'medium', timeZone: 'Africa/Lusaka' })}</th>
                  <td>{day.rides}</td>
                  <td>{formatZmw(day.grossNgwee)}</td>
                  <td>{formatZmw(day.commissionNgwee)}</td>
                  <td>{formatZmw(day.netNgwee)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('driver.earnings.total')}</th>
                <td>{summary.total.rides}</td>
                <td>{formatZmw(summary.total.grossNgwee)}</td>
                <td>{formatZmw(summary.total.commissionNgwee)}</td>
                <td>{formatZmw(summary.total.netNgwee)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
