import { useTranslation } from 'react-i18next';
import { RouteMap } from '../map/RouteMap.js';
import type { FareQuote } from './bookingApi.js';
import type { BookingForm } from './bookingForm.js';

/**
 * The route map (pickup and dropoff markers, a straight line through the stops: the estimate the
 * fare uses until a road route exists) and the route summary under it.
 */
export function TripMap({ form, quote }: { form: BookingForm; quote: FareQuote | undefined }) {
  const { t } = useTranslation();
  const points = [form.pickup, ...form.stops, form.dropoff].flatMap((point) => (point.coordinates ? [point.coordinates] : []));
  const route = form.pickup.coordinates && form.dropoff.coordinates ? points : undefined;
  return (
    <div className="booking-map">
      <RouteMap label={t('booking.trip.map')} pickup={form.pickup.coordinates} dropoff={form.dropoff.coordinates} route={route} />
      {quote && (
        <p className="booking-map__summary">
          {t('booking.trip.routeSummary', { distance: quote.distanceKm.toFixed(1), duration: Math.round(quote.durationMin) })} ·{' '}
          {t(`booking.trip.traffic.${quote.conditions.traffic}`)}
        </p>
      )}
    </div>
  );
}
