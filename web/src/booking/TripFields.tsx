import { useTranslation } from 'react-i18next';
import { LocationSearch, type SelectedLocation } from '../location/LocationSearch.js';
import { MAX_STOPS, type TripPoint } from './bookingForm.js';

interface TripFieldsProps {
  pickup: TripPoint;
  dropoff: TripPoint;
  stops: TripPoint[];
  onPickup(point: TripPoint): void;
  onDropoff(point: TripPoint): void;
  onStops(stops: TripPoint[]): void;
}

/** Typing forgets where the place was until a suggestion is chosen again. */
const typed = (text: string): TripPoint => ({ text });
const chosen = (location: SelectedLocation): TripPoint => ({ text: location.address, ...(location.coordinates ? { coordinates: location.coordinates } : {}) });

/** Pickup, destination and up to five stops on the way, each with the place search. */
export function TripFields({ pickup, dropoff, stops, onPickup, onDropoff, onStops }: TripFieldsProps) {
  const { t } = useTranslation();
  const setStop = (index: number, point: TripPoint) => onStops(stops.map((stop, at) => (at === index ? point : stop)));
  return (
    <fieldset className="card booking-section">
      <legend className="booking-section__title">{t('booking.trip.title')}</legend>
      <LocationSearch
        label={t('booking.trip.pickup')}
        placeholder={t('booking.trip.pickupPlaceholder')}
        value={pickup.text}
        onChange={(text) => onPickup(typed(text))}
        onSelect={(location) => onPickup(chosen(location))}
        allowCurrentLocation
      />
      {stops.map((stop, index) => (
        <div key={index} className="booking-stop">
          <LocationSearch
            label={t('booking.trip.stop', { number: index + 1 })}
            placeholder={t('booking.trip.stopPlaceholder')}
            value={stop.text}
            onChange={(text) => setStop(index, typed(text))}
            onSelect={(location) => setStop(index, chosen(location))}
          />
          <button type="button" className="button button--ghost booking-stop__remove" onClick={() => onStops(stops.filter((_, at) => at !== index))}>
            {t('booking.trip.removeStop', { number: index + 1 })}
          </button>
        </div>
      ))}
      <LocationSearch
        label={t('booking.trip.destination')}
        placeholder={t('booking.trip.destinationPlaceholder')}
        value={dropoff.text}
        onChange={(text) => onDropoff(typed(text))}
        onSelect={(location) => onDropoff(chosen(location))}
      />
      {stops.length < MAX_STOPS && (
        <button type="button" className="button button--ghost" onClick={() => onStops([...stops, { text: '' }])}>
          + {t('booking.trip.addStop')}
        </button>
      )}
    </fieldset>
  );
}
