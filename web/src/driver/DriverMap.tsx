import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Directions, RouteStepView } from '../../../contract/maps.js';
import type { LatLng } from '../../../domain/catalogue/index.js';
import { getJson } from '../api/http.js';
import { RouteMap } from '../map/RouteMap.js';
import type { Ride } from '../tracking/rideApi.js';

/** How many of the turns ahead the list shows. */
export const TURNS_SHOWN = 5;
/** Asked again this often while the ride is under way (and whenever the driver has moved ~100 m). */
const REFRESH_MS = 20_000;

const ROUNDING = 1000;
const near = (point: LatLng | null | undefined) => (point ? `${Math.round(point.lat * ROUNDING)},${Math.round(point.lng * ROUNDING)}` : 'none');

export const directionsQuery = (rideId: string, status: string, driverNear: string) =>
  queryOptions({
    queryKey: ['/api/rides', rideId, 'directions', status, driverNear],
    queryFn: () => getJson<Directions>(`/api/rides/${encodeURIComponent(rideId)}/directions`),
    refetchInterval: REFRESH_MS,
    placeholderData: (previous) => previous,
  });

/** The instruction for one step, in the screen's language. */
export function useStepText() {
  const { t } = useTranslation();
  return (step: RouteStepView) => {
    const road = step.roadName ?? t('map.directions.unnamedRoad');
    const direction = step.maneuver.modifier ? t(`map.directions.modifiers.${step.maneuver.modifier}`) : '';
    switch (step.maneuver.type) {
      case 'depart':
        return t('map.directions.steps.depart', { road });
      case 'arrive':
        return t('map.directions.steps.arrive');
      case 'turn':
        return t('map.directions.steps.turn', { direction, road });
      case 'roundabout':
        return t('map.directions.steps.roundabout', { road });
      case 'fork':
      case 'ramp':
      case 'merge':
        return t('map.directions.steps.keep', { direction, road });
      default:
        return t('map.directions.steps.continue', { road });
    }
  };
}

/**
 * The driver's map on the current ride: the route along the roads from where the driver is to the
 * pickup and on to the dropoff (or to the dropoff once the trip is under way), the rider's pickup
 * pin, the driver's own position moving as it is reported, and the next turns as a list.
 */
export function DriverMap({ ride }: { ride: Ride }) {
  const { t } = useTranslation();
  const stepText = useStepText();
  const underWay = ride.status === 'accepted' || ride.status === 'arrived' || ride.status === 'in_progress';
  const directions = useQuery({ ...directionsQuery(ride.id, ride.status, near(ride.driverLocation)), enabled: underWay });
  const pickup = useMemo(() => ({ lat: ride.pickupLocation.lat, lng: ride.pickupLocation.lng }), [ride.pickupLocation.lat, ride.pickupLocation.lng]);
  const dropoff = useMemo(() => ({ lat: ride.dropoffLocation.lat, lng: ride.dropoffLocation.lng }), [ride.dropoffLocation.lat, ride.dropoffLocation.lng]);
  const driverLat = ride.driverLocation?.lat;
  const driverLng = ride.driverLocation?.lng;
  const driver = useMemo(() => (driverLat === undefined || driverLng === undefined ? undefined : { lat: driverLat, lng: driverLng }), [driverLat, driverLng]);
  if (!underWay) return null;
  const route = directions.data?.route;
  const turns = (directions.data?.steps ?? []).slice(0, TURNS_SHOWN);
  return (
    <section className="driver-map" aria-labelledby="driver-map-title" data-testid="driver-map">
      <h3 id="driver-map-title">{t('map.directions.title')}</h3>
      <RouteMap
        label={t('map.directions.mapLabel')}
        pickup={pickup}
        dropoff={dropoff}
        driver={driver}
        route={route?.geometry}
        routeIsStraight={route?.source === 'great_circle'}
        routeAttribution={route?.attribution}
      />
      {directions.isPending && <p role="status">{t('map.directions.loading')}</p>}
      {directions.isError && !directions.data && (
        <p className="notice" role="alert">
          {t('map.directions.failed')}
        </p>
      )}
      {directions.data && route && (
        <>
          <p className="driver-map__summary" data-testid="driver-map-summary" data-to={directions.data.to}>
            {t(directions.data.to === 'pickup' ? 'map.directions.toPickup' : 'map.directions.toDropoff', {
              minutes: directions.data.etaMinutes,
              distance: route.distanceKm.toFixed(1),
            })}
          </p>
          {route.source === 'great_circle' && <p className="fine-print">{t('map.directions.noRoad')}</p>}
          {turns.length > 0 && (
            <>
              <h4 className="driver-map__turns-title">{t('map.directions.nextTurns')}</h4>
              <ol className="driver-map__turns" data-testid="driver-turns">
                {turns.map((step, index) => (
                  <li key={`${index}-${step.location.lat}-${step.location.lng}`}>
                    <span>{stepText(step)}</span>
                    {step.distanceKm > 0 && <span className="fine-print"> · {t('map.directions.then', { distance: step.distanceKm.toFixed(1) })}</span>}
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </section>
  );
}
