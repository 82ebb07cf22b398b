import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '../../../domain/catalogue/index.js';
import { RouteMap } from '../map/RouteMap.js';
import { RidePaymentPanel } from '../payments/RidePaymentPanel.js';
import { PageMeta } from '../seo/PageMeta.js';
import { CancelRide } from './CancelRide.js';
import { DriverCard } from './DriverCard.js';
import { EmergencyPanel } from './EmergencyPanel.js';
import { FareBreakdown } from './FareBreakdown.js';
import { PinCard } from './PinCard.js';
import { RateRide } from './RateRide.js';
import { RideNotFound } from './RideNotFound.js';
import { useRideRoute } from './rideRoute.js';
import { StatusBanner } from './StatusBanner.js';
import { TripDetails } from './TripDetails.js';
import { TripProgress } from './TripProgress.js';
import { useTrackedRide } from './useTrackedRide.js';
import { beforeTripStatuses, isRideStatusIn } from '../../../domain/ride/values.js';
import './tracking.css';

// The safety net's ride cards (checks, messages, sharing): their own chunk, after the ride.
const RideSafety = lazy(() => import('../safety/RideSafety.js'));

/** The PIN matters from the driver's assignment until the trip starts (the machine's view, not the read's). */
const PIN_STAGES = beforeTripStatuses;

/** Positions as stable objects (the map redraws a marker only when its numbers change). */
function usePosition(place: { lat: number; lng: number } | null | undefined): LatLng | undefined {
  const lat = place?.lat;
  const lng = place?.lng;
  return useMemo(() => (lat === undefined || lng === undefined ? undefined : { lat, lng }), [lat, lng]);
}

/**
 * Ride tracking (spec 001 §2): the map with the driver moving, the status banner, the four
 * steps, the driver card, the rider's PIN, the fare, cancel, rate and the emergency panel —
 * all kept live over ws without a reload.
 */
export function TrackingPage({ rideId, user }: { rideId: string; user: { id: string; userType: string } }) {
  const { t } = useTranslation();
  const { ride, view, party, notFound, isPending, live } = useTrackedRide(rideId, user);
  const pickup = usePosition(ride?.pickupLocation);
  const dropoff = usePosition(ride?.dropoffLocation);
  const driver = usePosition(ride?.driverLocation);
  const route = useRideRoute(ride);

  if (notFound) return <RideNotFound />;
  if (isPending || !ride || !view) {
    return (
      <div className="page tracking-page" role="status">
        <PageMeta title={t('tracking.metaTitle')} description={t('tracking.metaDescription')} />
        <h1>{t('tracking.title')}</h1>
        <p>{t('tracking.loading')}</p>
      </div>
    );
  }
  const onRide = party === 'rider' || party === 'driver' ? party : null;
  return (
    <div className="page tracking-page" data-testid="tracking-page">
      <PageMeta title={t('tracking.metaTitle')} description={t('tracking.metaDescription')} />
      <div className="tracking-page__header">
        <h1>{t('tracking.title')}</h1>
        <span className={`badge${live ? ' badge--success' : ' badge--muted'}`} data-testid="live-indicator">
          {live ? t('tracking.live') : t('tracking.polling')}
        </span>
      </div>
      <StatusBanner view={view} ride={ride} party={party} />
      <TripProgress progress={view.progress} />
      <div className="tracking-page__layout">
        <div className="tracking-page__main">
          <RouteMap
            label={t('tracking.map')}
            pickup={pickup}
            dropoff={dropoff}
            driver={driver}
            route={route?.line}
            routeIsStraight={route?.straight}
            routeAttribution={route?.attribution}
          />
          <TripDetails ride={ride} />
        </div>
        <div className="tracking-page__side">
          <EmergencyPanel rideId={ride.id} active={view.emergencyActive} canRaise={view.canRaiseEmergency} party={onRide} />
          <Suspense fallback={null}>
            <RideSafety rideId={ride.id} party={onRide} status={view.status} live={live} />
          </Suspense>
          {ride.driver && <DriverCard driver={ride.driver} self={party === 'driver'} />}
          {party === 'rider' && ride.pin && isRideStatusIn(PIN_STAGES, view.status) && <PinCard ride={ride} pin={ride.pin} locked={view.pinLocked} />}
          {view.canRate && <RateRide rideId={ride.id} whom={party === 'rider' ? 'driver' : 'rider'} />}
          {view.status === 'completed' && party !== null && <RidePaymentPanel rideId={ride.id} party={party} />}
          <FareBreakdown ride={ride} />
          {view.canCancel && party === 'rider' && <CancelRide rideId={ride.id} />}
        </div>
      </div>
    </div>
  );
}
