import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cities, vehicleIds } from '../../../../domain/catalogue/index.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { FilterSelect } from '../ui/FilterSelect.js';
import '../ui/adminUi.css';
import { adminRidesQueryOptions, RIDES_REFRESH_MS } from './ridesApi.js';
import { rideStatuses, type RidesSearch } from '../../routes/admin/-ridesSearch.js';
import { RidesTable } from './RidesTable.js';

interface RidesPageProps {
  search: RidesSearch;
  onSearchChange(next: RidesSearch): void;
}

/** /admin/rides: every ride, newest booking first, by status, town, vehicle and day; kept current every 5 s. */
export function RidesPage({ search, onSearchChange }: RidesPageProps) {
  const { t } = useAdminTranslation();
  const app = useTranslation();
  const rides = useQuery(adminRidesQueryOptions(search));
  const set = (field: keyof RidesSearch) => (value: string) => onSearchChange({ ...search, [field]: value || undefined });

  return (
    <>
      <div className="admin-page-header">
        <h1>{t('rides.title')}</h1>
        <p className="fine-print">{t('rides.intro', { seconds: RIDES_REFRESH_MS / 1000 })}</p>
      </div>
      <form className="admin-filters" aria-label={t('rides.filtersLabel')} onSubmit={(event) => event.preventDefault()}>
        <FilterSelect anyLabel={t('rides.filters.any')} id="ride-status" label={t('rides.filters.status')} value={search.status} onChange={set('status')} options={rideStatuses.map((status) => [status, t(`rides.statuses.${status}`)])} />
        <FilterSelect anyLabel={t('rides.filters.any')} id="ride-city" label={t('rides.filters.city')} value={search.city} onChange={set('city')} options={cities.map((city) => [city.id, city.name])} />
        <FilterSelect anyLabel={t('rides.filters.any')}
          id="ride-vehicle"
          label={t('rides.filters.vehicleType')}
          value={search.vehicleType}
          onChange={set('vehicleType')}
          options={vehicleIds.map((id) => [id, app.t(`catalogue.vehicles.${id}.name`)])}
        />
        <div className="field">
          <label htmlFor="ride-date" className="field__label">
            {t('rides.filters.date')}
          </label>
          <input id="ride-date" className="input" type="date" value={search.date ?? ''} onChange={(event) => set('date')(event.target.value)} />
        </div>
        {Object.keys(search).length > 0 && (
          <button type="button" className="button button--ghost" onClick={() => onSearchChange({})}>
            {t('rides.filters.clear')}
          </button>
        )}
      </form>
      {rides.isError && !rides.data ? (
        <p className="notice" role="alert">
          {t('rides.failed')}
        </p>
      ) : rides.isPending ? (
        <p role="status">{t('dashboard.loading')}</p>
      ) : (
        <RidesTable rides={rides.data} />
      )}
    </>
  );
}
