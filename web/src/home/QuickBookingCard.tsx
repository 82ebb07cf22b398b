import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { vehicleCategories, vehiclesInCategory, type VehicleId } from '../../../domain/catalogue/index.js';
import type { PricingMethod } from '../../../domain/fare/pricingMethods.js';
import type { BookSearch } from '../book/bookSearch.js';
import { LocationSearch, type SelectedLocation } from '../location/LocationSearch.js';
import { useIsPrivileged } from '../session/currentUser.js';
import { useVehicleText } from '../vehicles/useVehicleText.js';

/**
 * Vehicle, from, to and pricing method, carried into /book as search parameters. No checks
 * here (spec 000 §5): the booking screen asks for whatever is missing.
 */
export function QuickBookingCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const privileged = useIsPrivileged();
  const vehicleText = useVehicleText();
  const [vehicle, setVehicle] = useState<VehicleId>('car');
  const [from, setFrom] = useState('');
  const [fromPlace, setFromPlace] = useState<string>();
  const [to, setTo] = useState('');
  const [toPlace, setToPlace] = useState<string>();
  const [pricing, setPricing] = useState<PricingMethod>('fixed');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search: BookSearch = { vehicle, pricing };
    if (from.trim()) Object.assign(search, { from: from.trim(), fromPlace });
    if (to.trim()) Object.assign(search, { to: to.trim(), toPlace });
    void navigate({ to: '/book', search });
  };
  const chosen = (set: (id: string | undefined) => void) => (location: SelectedLocation) => set(location.placeId);

  return (
    <form className="card quick-booking" onSubmit={submit} aria-labelledby="quick-booking-title">
      <h2 id="quick-booking-title">{t('home.quickBook.title')}</h2>
      <div className="field">
        <label htmlFor="quick-booking-vehicle" className="field__label">
          {t('home.quickBook.vehicle')}
        </label>
        <select id="quick-booking-vehicle" className="input" value={vehicle} onChange={(event) => setVehicle(event.target.value as VehicleId)}>
          {vehicleCategories.map((category) => (
            <optgroup key={category} label={t(`catalogue.vehicleCategories.${category}`)}>
              {vehiclesInCategory(category, privileged).map((option) => (
                <option key={option.id} value={option.id}>
                  {vehicleText(option.id).name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <LocationSearch
        label={t('home.quickBook.from')}
        placeholder={t('home.quickBook.fromPlaceholder')}
        value={from}
        onChange={(text) => {
          setFrom(text);
          setFromPlace(undefined);
        }}
        onSelect={chosen(setFromPlace)}
        allowCurrentLocation
      />
      <LocationSearch
        label={t('home.quickBook.to')}
        placeholder={t('home.quickBook.toPlaceholder')}
        value={to}
        onChange={(text) => {
          setTo(text);
          setToPlace(undefined);
        }}
        onSelect={chosen(setToPlace)}
      />
      <fieldset className="pricing-choice">
        <legend className="field__label">{t('home.quickBook.pricing')}</legend>
        {(['fixed', 'bidding'] as const).map((method) => (
          <label key={method} className="pricing-choice__option">
            <input type="radio" name="quick-booking-pricing" value={method} checked={pricing === method} onChange={() => setPricing(method)} />
            <span>
              <span className="pricing-choice__title">{t(`home.quickBook.${method}`)}</span>
              <span className="pricing-choice__hint">{t(method === 'fixed' ? 'home.quickBook.fixedHint' : 'home.quickBook.biddingHint')}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary button--block">
        {t('home.quickBook.findDrivers')}
      </button>
    </form>
  );
}
