import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZmw } from '../../../domain/fare/money.js';
import { addDays, lusakaDay, mondayOf } from '../../../domain/shared/lusakaCalendar.js';
import { useMethodName } from '../payments/methodNames.js';
import { statementQueryOptions } from '../payments/paymentsApi.js';
import '../payments/payments.css';

const dayName = (day: string, language: string, style: 'medium' | 'full' = 'medium') =>
  new Date(`${day}T12:00:00+02:00`).toLocaleDateString(language, { dateStyle: style, timeZone: 'Africa/Lusaka' });

/**
 * The driver's weekly statement (Monday to Sunday, Lusaka days) from settled payments: what
 * riders paid, the 12 % commission, cash kept against mobile money the platform holds, and what
 * is owed each way. Kept live: a payment settling refetches it.
 */
export function StatementTab({ driverId }: { driverId: string }) {
  const { t, i18n } = useTranslation();
  const methodName = useMethodName();
  const [week, setWeek] = useState<string | null>(null);
  const statement = useQuery(statementQueryOptions(driverId, week));
  if (statement.isPending) return <p role="status">{t('payments.statement.loading')}</p>;
  if (statement.isError) return <p className="notice" role="alert">{t('payments.statement.failed')}</p>;
  const data = statement.data;
  const thisWeek = data.weekStartsOn >= mondayOf(lusakaDay(new Date()));
  const balance = data.balanceNgwee;
  return (
    <div className="statement" data-testid="statement">
      <div className="statement__week">
        <button type="button" className="button button--secondary" onClick={() => setWeek(addDays(data.weekStartsOn, -7))}>
          {t('payments.statement.previous')}
        </button>
        <p className="statement__range" aria-live="polite">
          <strong>{t('payments.statement.week', { from: dayName(data.weekStartsOn, i18n.language), to: dayName(data.weekEndsOn, i18n.language) })}</strong>
        </p>
        <button type="button" className="button button--secondary" disabled={thisWeek} onClick={() => {
            const next = addDays(data.weekStartsOn, 7);
            setWeek(next >= mondayOf(lusakaDay(new Date())) ? null : next);
          }}>
          {t('payments.statement.next')}
        </button>
      </div>
      <dl className="statement__totals">
        <div>
          <dt>{t('payments.statement.rides')}</dt>
          <dd data-testid="statement-rides">{data.rides}</dd>
        </div>
        <div>
          <dt>{t('payments.statement.gross')}</dt>
          <dd data-testid="statement-gross">{formatZmw(data.grossNgwee)}</dd>
        </div>
        <div>
          <dt>{t('payments.statement.commission')}</dt>
          <dd>{formatZmw(data.commissionNgwee)}</dd>
        </div>
        <div>
          <dt>{t('payments.statement.net')}</dt>
          <dd data-testid="statement-net">{formatZmw(data.netNgwee)}</dd>
        </div>
        <div>
          <dt>{t('payments.statement.cash', { rides: data.cash.rides })}</dt>
          <dd>{formatZmw(data.cash.grossNgwee)}</dd>
        </div>
        <div>
          <dt>{t('payments.statement.mobileMoney', { rides: data.mobileMoney.rides })}</dt>
          <dd>{formatZmw(data.mobileMoney.grossNgwee)}</dd>
        </div>
      </dl>
      <p className="notice" data-testid="statement-balance">
        {balance > 0
          ? t('payments.statement.weOwe', { amount: formatZmw(balance) })
          : balance < 0
            ? t('payments.statement.youOwe', { amount: formatZmw(-balance) })
            : t('payments.statement.settled')}
      </p>
      {data.lines.length === 0 ? (
        <p className="empty-state">{t('payments.statement.empty')}</p>
      ) : (
        <div className="earnings__scroll" tabIndex={0} role="region" aria-label={t('payments.statement.linesTitle')}>
          <table className="earnings__table">
            <caption className="visually-hidden">{t('payments.statement.linesTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('payments.statement.day')}</th>
                <th scope="col">{t('payments.statement.method')}</th>
                <th scope="col">{t('payments.statement.gross')}</th>
                <th scope="col">{t('payments.statement.net')}</th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((line) => (
                <tr key={line.rideId} data-testid="statement-line">
                  <th scope="row">{dayName(line.day, i18n.language)}</th>
                  <td>{methodName(line.method)}</td>
                  <td>{formatZmw(line.grossNgwee)}</td>
                  <td>{formatZmw(line.netNgwee)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
