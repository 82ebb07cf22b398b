import { useTranslation } from 'react-i18next';
import { RouteMap } from '../map/RouteMap.js';
import type { FareQuote } from './bookingApi.js';
import type { BookingForm } from './bookingForm.js';

/**
 * The route map: pickup and dropoff markers and the route the fare is priced on, along the roads
 * (dashed where no known road connects and the fare takes the straight line), and the route
 * summary under it. Until the quote arrives, nothing is drawn between the ends.
 */
export function TripMap({ form, quote }: { form: BookingForm; quote: FareQuote | undefined }) {
  const { t } = useTranslation();
  const route = form.pickup.coordinates && form.dropoff.coordinates ? quote?.route : undefined;
  return (
    <div className="booking-map">
      <RouteMap
        label={t('booking.trip.map')}
        pickup={form.pickup.coordinates}
        dropoff={form.dropoff.coordinates}
        route={route?.geometry}
        routeIsStraight={route?.source === 'great_circle'}
        routeAttribution={route?.attribution}
      />
      {quote && (
        <p className="booking-map__summary">
          {t('booking.trip.routeSummary', { distance: quote.distanceKm.toFixed(1), duration: Math.round(quote.durationMin) })} ·{' '}
          {t(`booking.trip.traffic.${quote.conditions.traffic}`)}
        </p>
      )}
    </div>
  );
}
