import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cities, vehicles, type CityId, type VehicleId } from '../../../../domain/catalogue/index.js';
import type { AnalyticsFilters } from './analyticsApi.js';
import { addDays, MAX_RANGE_DAYS, type AnalyticsSearch } from './analyticsSearch.js';
import { useInsightsTranslation } from './i18n/insightsNamespace.js';

const rangeIsValid = (from: string, to: string) => from !== '' && to !== '' && from <= to && addDays(from, MAX_RANGE_DAYS - 1) >= to;

/**
 * The analytics' filters: a range of Lusaka days, a city, a vehicle type. Applied together on
 * "Show" (one request, not one per keystroke); a range running backwards is refused here, naming it.
 */
export function AnalyticsFiltersForm({ filters, onApply }: { filters: AnalyticsFilters; onApply(search: AnalyticsSearch): void }) {
  const { t } = useInsightsTranslation();
  const { t: tApp } = useTranslation();
  const id = useId();
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  const [city, setCity] = useState(filters.city ?? '');
  const [vehicleType, setVehicleType] = useState(filters.vehicleType ?? '');
  const [refused, setRefused] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rangeIsValid(from, to)) return setRefused(true);
    setRefused(false);
    onApply({ from, to, ...(city ? { city: city as CityId } : {}), ...(vehicleType ? { vehicleType: vehicleType as VehicleId } : {}) });
  };

  return (
    <form className="card insight-filters" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t('analytics.filters.title')}</h2>
      <div className="insight-filters__fields">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-from`}>
            {t('analytics.filters.from')}
          </label>
          <input id={`${id}-from`} className="input" type="date" value={from} onChange={(change) => setFrom(change.target.value)} aria-invalid={refused} aria-describedby={refused ? `${id}-error` : undefined} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-to`}>
            {t('analytics.filters.to')}
          </label>
          <input id={`${id}-to`} className="input" type="date" value={to} onChange={(change) => setTo(change.target.value)} aria-invalid={refused} aria-describedby={refused ? `${id}-error` : undefined} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-city`}>
            {t('analytics.filters.city')}
          </label>
          <select id={`${id}-city`} className="input" value={city} onChange={(change) => setCity(change.target.value)}>
            <option value="">{t('analytics.filters.allCities')}</option>
            {cities.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-vehicle`}>
            {t('analytics.filters.vehicleType')}
          </label>
          <select id={`${id}-vehicle`} className="input" value={vehicleType} onChange={(change) => setVehicleType(change.target.value)}>
            <option value="">{t('analytics.filters.allVehicles')}</option>
            {vehicles.map((option) => (
              <option key={option.id} value={option.id}>
                {tApp(`catalogue.vehicles.${option.id}.name`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {refused && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {t('analytics.filters.badRange')}
        </p>
      )}
      <button type="submit" className="button button--primary">
        {t('analytics.filters.apply')}
      </button>
    </form>
  );
}
