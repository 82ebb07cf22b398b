import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveUpdates } from '../live/useLiveUpdates.js';
import { RouteMap } from '../map/RouteMap.js';
import { RidePaymentPanel } from '../payments/RidePaymentPanel.js';
import { PageMeta } from '../seo/PageMeta.js';
import { useCurrentUser } from '../session/currentUser.js';
import { DriverCard } from '../tracking/DriverCard.js';
import { FareBreakdown } from '../tracking/FareBreakdown.js';
import { RateRide } from '../tracking/RateRide.js';
import { rideQueryOptions } from '../tracking/rideApi.js';
import { useRideRoute } from '../tracking/rideRoute.js';
import { TripDetails } from '../tracking/TripDetails.js';
import { rebookSearch, rideGroup } from './myRides.js';
import { rideDate } from './rideDate.js';
import '../tracking/tracking.css';
import './rides.css';

/**
 * /rides/$rideId: one of the rider's rides — the route on the map (along the roads as the quote
 * priced it, drawn as the tracking page draws it), the trip, the driver and the vehicle, the
 * receipt (the quote's lines adding up to its total, the agreed and final fares), the payment (its
 * status kept live, paying or paying again, the receipt with its reference), the rating, and
 * "book again".
 */
export function RidePage({ rideId }: { rideId: string }) {
  const { t, i18n } = useTranslation();
  const ride = useQuery(rideQueryOptions(rideId));
  // Joined to the ride: its payment's updates (approved on the phone, paid in cash) show at once.
  useLiveUpdates({ userId: useCurrentUser().data?.id, rideId });
  const data = ride.data;
  // The ends as stable objects (the map redraws a marker only when its numbers change).
  const ends = useMemo(
    () => (data ? { pickup: { lat: data.pickupLocation.lat, lng: data.pickupLocation.lng }, dropoff: { lat: data.dropoffLocation.lat, lng: data.dropoffLocation.lng } } : undefined),
    [data?.id],
  );
  const route = useRideRoute(data);
  if (ride.isPending) return <p role="status" className="page">{t('tracking.myRides.loading')}</p>;
  if (ride.isError || !data) {
    return (
      <div className="page">
        <h1>{t('tracking.myRides.title')}</h1>
        <p role="alert">{t('tracking.myRides.notFound')}</p>
        <Link to="/rides">{t('tracking.myRides.back')}</Link>
      </div>
    );
  }
  const group = rideGroup(data);
  return (
    <div className="page ride-page" data-testid="ride-page">
      <PageMeta title={t('tracking.myRides.metaTitle')} description={t('tracking.myRides.metaDescription')} />
      <p>
        <Link to="/rides">← {t('tracking.myRides.back')}</Link>
      </p>
      <h1>{t('tracking.myRides.rideTitle', { date: rideDate(data.createdAt, i18n.language) })}</h1>
      <p>
        <span className={`badge${data.status === 'completed' ? ' badge--success' : ' badge--muted'}`}>{t(`tracking.myRides.statuses.${data.status}`)}</span>
      </p>
      <div className="tracking-page__layout">
        <div className="tracking-page__main">
          <RouteMap
            label={t('tracking.map')}
            pickup={ends?.pickup}
            dropoff={ends?.dropoff}
            route={route?.line}
            routeIsStraight={route?.straight}
            routeAttribution={route?.attribution}
          />
          <TripDetails ride={data} />
        </div>
        <div className="tracking-page__side">
          {data.driver && <DriverCard driver={data.driver} />}
          <FareBreakdown ride={data} />
          <RidePaymentPanel rideId={data.id} party="rider" />
          {data.ratings.byRider ? (
            <p className="card">{t('tracking.myRides.yourRating', { stars: data.ratings.byRider.stars })}</p>
          ) : (
            data.status === 'completed' && <RateRide rideId={data.id} whom="driver" onRated={() => void ride.refetch()} />
          )}
          <div className="button-row">
            {group === 'active' && (
              <Link to="/track/$rideId" params={{ rideId: data.id }} className="button button--primary">
                {t('tracking.myRides.track')}
              </Link>
            )}
            <Link to="/book" search={rebookSearch(data)} className="button button--secondary">
              {t('tracking.myRides.rebook')}
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
