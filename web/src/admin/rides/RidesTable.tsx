import { useTranslation } from 'react-i18next';
import { cities, type VehicleId } from '../../../../domain/catalogue/index.js';
import { formatZmw } from '../../../../domain/fare/money.js';
import { PathLink } from '../../shell/PathLink.js';
import { formatDateTime } from '../format/adminTime.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import type { AdminRide } from './ridesApi.js';
import type { RideStatus } from '../../routes/admin/-ridesSearch.js';

const statusTone: Record<RideStatus, string> = {
  scheduled: '',
  pending: 'admin-status--waiting',
  accepted: 'admin-status--good',
  arrived: 'admin-status--good',
  in_progress: 'admin-status--good',
  completed: '',
  cancelled: 'admin-status--bad',
  expired: 'admin-status--bad',
};

const cityName = (id: string) => cities.find((city) => city.id === id)?.name ?? id;

/** Ride, Booked, Route, Town, Vehicle, Status, Fare; each ride opens its audit trail. */
export function RidesTable({ rides }: { rides: readonly AdminRide[] }) {
  const { t } = useAdminTranslation();
  if (rides.length === 0) return <p className="card admin-empty">{t('rides.empty')}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" data-testid="admin-rides">
        <caption className="visually-hidden">{t('rides.title')}</caption>
        <thead>
          <tr>
            {(['ride', 'booked', 'route', 'city', 'vehicle', 'status', 'fare'] as const).map((column) => (
              <th key={column} scope="col">
                {t(`rides.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rides.map((ride) => (
            <RideRow key={ride.rideId} ride={ride} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RideRow({ ride }: { ride: AdminRide }) {
  const { t, i18n } = useAdminTranslation();
  const app = useTranslation();
  const fare = ride.finalFareNgwee ?? ride.agreedFareNgwee ?? ride.quoteTotalNgwee;
  return (
    <tr data-testid={`ride-row-${ride.rideId}`}>
      <td>
        <PathLink href={`/admin/rides/${encodeURIComponent(ride.rideId)}`} className="admin-ride-link">
          <span className="visually-hidden">{t('rides.open')} </span>
          {ride.rideId.slice(0, 8)}
        </PathLink>
      </td>
      <td>
        <span className="admin-table__person">
          <time dateTime={ride.createdAt}>{formatDateTime(ride.createdAt, i18n.language)}</time>
          {ride.scheduledFor && <span className="fine-print">{t('rides.scheduledFor', { time: formatDateTime(ride.scheduledFor, i18n.language) })}</span>}
        </span>
      </td>
      <td>
        <span className="admin-table__person">
          <span>{ride.pickup.address}</span>
          <span className="fine-print">→ {ride.dropoff.address}</span>
        </span>
      </td>
      <td>{cityName(ride.city)}</td>
      <td>{app.t(`catalogue.vehicles.${ride.vehicleType as VehicleId}.name`)}</td>
      <td>
        <span className={`admin-status ${statusTone[ride.status]}`}>{t(`rides.statuses.${ride.status}`)}</span>
        {ride.emergencyRaised && <span className="admin-status admin-status--bad">{t('rides.emergency')}</span>}
      </td>
      <td>
        <span className="admin-table__person">
          <span>{formatZmw(fare)}</span>
          <span className="fine-print">{t(`rides.pricing.${ride.pricingMethod}`)}</span>
        </span>
      </td>
    </tr>
  );
}
