import { useTranslation } from 'react-i18next';
import { Star } from '../../shell/icons.js';
import { formatDate } from '../format/adminTime.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { DecisionButtons } from './DecisionButtons.js';
import type { AdminDriver, ReviewStatus, ReasonRequest } from './driversApi.js';

export const statusTone: Record<ReviewStatus, string> = {
  pending: 'admin-status--waiting',
  approved: 'admin-status--good',
  rejected: 'admin-status--bad',
  suspended: 'admin-status--bad',
};

interface DriversTableProps {
  drivers: readonly AdminDriver[];
  onDetails(driver: AdminDriver): void;
  onReason(request: ReasonRequest): void;
}

/** Driver, Vehicle, Type, Status, Performance, Joined, Actions. */
export function DriversTable({ drivers, onDetails, onReason }: DriversTableProps) {
  const { t } = useAdminTranslation();
  if (drivers.length === 0) return <p className="card admin-empty">{t('drivers.empty')}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--actions-last">
        <caption className="visually-hidden">{t('drivers.title')}</caption>
        <thead>
          <tr>
            {(['driver', 'vehicle', 'type', 'status', 'performance', 'joined', 'actions'] as const).map((column) => (
              <th key={column} scope="col">
                {t(`drivers.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {drivers.map((driver) => (
            <DriverRow key={driver.driverId} driver={driver} onDetails={onDetails} onReason={onReason} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DriverRow({ driver, onDetails, onReason }: { driver: AdminDriver } & Omit<DriversTableProps, 'drivers'>) {
  const { t, i18n } = useAdminTranslation();
  const app = useTranslation();
  const { vehicle } = driver;
  return (
    <tr data-testid={`driver-row-${driver.driverId}`}>
      <td>
        <span className="admin-table__person">
          <strong>{driver.userName ?? t('drivers.unknownAccount')}</strong>
          {driver.userEmail && <span className="fine-print">{driver.userEmail}</span>}
          {driver.userPhone && <span className="fine-print">{driver.userPhone}</span>}
        </span>
      </td>
      <td>
        {vehicle ? (
          <span className="admin-table__person">
            <span>{[vehicle.make, vehicle.model, vehicle.year].filter(Boolean).join(' ')}</span>
            <span className="fine-print">{vehicle.plateNumber}</span>
          </span>
        ) : (
          '—'
        )}
      </td>
      <td>{vehicle ? app.t(`catalogue.vehicles.${vehicle.type}.name`) : '—'}</td>
      <td>
        <span className={`admin-status ${statusTone[driver.verificationStatus]}`}>{t(`drivers.statuses.${driver.verificationStatus}`)}</span>
        {driver.isOnline && <span className="admin-status admin-status--good">{t('drivers.online')}</span>}
      </td>
      <td>
        <span className="admin-table__person">
          <span>
            {driver.rating === null ? (
              t('drivers.noRating')
            ) : (
              <>
                <Star size={14} fill="currentColor" /> {t('drivers.rating', { rating: driver.rating.toFixed(1) })}
              </>
            )}
          </span>
          <span className="fine-print">{t('drivers.rides', { count: driver.completedRides })}</span>
        </span>
      </td>
      <td className="admin-table__nowrap">{formatDate(driver.submittedAt ?? driver.createdAt, i18n.language)}</td>
      <td>
        <span className="admin-table__actions">
          <button type="button" className="button button--ghost" onClick={() => onDetails(driver)}>
            {t('drivers.actions.details')}
            <span className="visually-hidden"> {driver.userName ?? driver.driverId}</span>
          </button>
          <DecisionButtons driver={driver} onReason={onReason} />
        </span>
      </td>
    </tr>
  );
}
