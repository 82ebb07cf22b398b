import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZmw } from '../../../domain/fare/money.js';
import { PageMeta } from '../seo/PageMeta.js';
import { Tabs } from '../support/Tabs.js';
import type { Ride } from '../tracking/rideApi.js';
import { isVehicleId } from '../tracking/vehicleIds.js';
import { fareOf, myRidesQueryOptions, RIDE_GROUPS, rebookSearch, rideGroup, type RideGroup } from './myRides.js';
import { rideDate } from './rideDate.js';
import './rides.css';


/** /rides: the rider's rides under way, booked for later and past, each opening its page and receipt. */
export function MyRidesPage() {
  const { t } = useTranslation();
  const rides = useQuery(myRidesQueryOptions());
  const [group, setGroup] = useState<RideGroup | null>(null);
  const all = rides.data?.rides ?? [];
  // Open on the rides under way when there are any, else the past ones.
  const shown = group ?? (all.some((ride) => rideGroup(ride) === 'active') ? 'active' : all.some((ride) => rideGroup(ride) === 'scheduled') ? 'scheduled' : 'past');
  const inGroup = all.filter((ride) => rideGroup(ride) === shown);
  return (
    <div className="page my-rides">
      <PageMeta title={t('tracking.myRides.metaTitle')} description={t('tracking.myRides.metaDescription')} />
      <h1>{t('tracking.myRides.title')}</h1>
      {rides.isPending ? (
        <p role="status">{t('tracking.myRides.loading')}</p>
      ) : rides.isError ? (
        <p role="alert">
          {t('tracking.myRides.failed')}{' '}
          <button type="button" className="link-button" onClick={() => void rides.refetch()}>
            {t('tracking.myRides.retry')}
          </button>
        </p>
      ) : (
        <Tabs<RideGroup>
          label={t('tracking.myRides.filters')}
          tabs={RIDE_GROUPS.map((id) => ({ id, label: `${t(`tracking.myRides.groups.${id}`)} (${all.filter((ride) => rideGroup(ride) === id).length})` }))}
          selected={shown}
          onSelect={setGroup}
        >
          {inGroup.length === 0 ? (
            <p className="card my-rides__empty">{t(`tracking.myRides.empty.${shown}`)}</p>
          ) : (
            <ul className="my-rides__list" data-testid="my-rides">
              {inGroup.map((ride) => (
                <RideItem key={ride.id} ride={ride} />
              ))}
            </ul>
          )}
        </Tabs>
      )}
    </div>
  );
}

function RideItem({ ride }: { ride: Ride }) {
  const { t, i18n } = useTranslation();
  const vehicle = isVehicleId(ride.vehicleType) ? t(`catalogue.vehicles.${ride.vehicleType}.name`) : ride.vehicleType;
  const group = rideGroup(ride);
  return (
    <li className="card my-rides__item" data-testid={`my-ride-${ride.id}`}>
      <div className="my-rides__head">
        <strong>{vehicle}</strong>
        <span className={`badge${ride.status === 'completed' ? ' badge--success' : ' badge--muted'}`}>{t(`tracking.myRides.statuses.${ride.status}`)}</span>
        <span className="my-rides__fare">{formatZmw(fareOf(ride))}</span>
      </div>
      <p className="my-rides__route">
        {ride.pickupLocation.address} → {ride.dropoffLocation.address}
      </p>
      <p className="fine-print">
        {ride.isScheduled && ride.scheduledFor ? t('tracking.myRides.pickupAt', { date: rideDate(ride.scheduledFor, i18n.language) }) : t('tracking.myRides.bookedOn', { date: rideDate(ride.createdAt, i18n.language) })}
      </p>
      <div className="button-row">
        <Link to="/rides/$rideId" params={{ rideId: ride.id }} className="button button--secondary">
          {t('tracking.myRides.open')}
        </Link>
        {group === 'active' && (
          <Link to="/track/$rideId" params={{ rideId: ride.id }} className="button button--primary">
            {t('tracking.myRides.track')}
          </Link>
        )}
        {group === 'past' && (
          <Link to="/book" search={rebookSearch(ride)} className="button button--ghost">
            {t('tracking.myRides.rebook')}
          </Link>
        )}
      </div>
    </li>
  );
}
