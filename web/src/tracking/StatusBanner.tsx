import { useTranslation } from 'react-i18next';
import type { Ride, RideParty } from './rideApi.js';
import type { RideView } from './rideFold.js';

/** Spec 001 §4: the default ETA while no position is known, and the default trip duration. */
export const DEFAULT_ETA_MINUTES = 5;
export const DEFAULT_TRIP_MINUTES = 15;

/** The banners whose rider's wording ("Driver is on the way") a driver reads in their own words. */
const DRIVER_WORDED: readonly string[] = ['driverOnTheWay', 'driverArrived'];

/**
 * The banner's i18n key, from the machine's banner key ('ride.banner.driverArrived'): under
 * tracking.banner, or tracking.bannerForDriver on the driver's own screens.
 */
export const bannerTextKey = (bannerKey: string, party: RideParty | null = 'rider') => {
  const name = bannerKey.split('.').at(-1)!;
  return party === 'driver' && DRIVER_WORDED.includes(name) ? (`tracking.bannerForDriver.${name}` as const) : (`tracking.banner.${name}` as const);
};

/** The minutes the banner names: the live ETA, else the spec's defaults. */
export function etaMinutes(view: Pick<RideView, 'status'>, ride: Pick<Ride, 'eta' | 'duration'>): number {
  if (ride.eta) return ride.eta.minutes;
  return view.status === 'in_progress' ? Math.round(ride.duration ?? DEFAULT_TRIP_MINUTES) : DEFAULT_ETA_MINUTES;
}

/** The status banner (spec 001 §4): what is happening now, read out when it changes. */
export function StatusBanner({ view, ride, party }: { view: RideView; ride: Ride; party: RideParty | null }) {
  const { t } = useTranslation();
  const tone = view.status === 'cancelled' || view.status === 'expired' ? ' status-banner--ended' : view.status === 'completed' ? ' status-banner--done' : '';
  return (
    <p className={`status-banner${tone}`} role="status" aria-live="polite" data-testid="status-banner" data-status={view.status}>
      {t(bannerTextKey(view.bannerKey, party) as 'tracking.banner.lookingForDriver', { minutes: etaMinutes(view, ride) })}
    </p>
  );
}
