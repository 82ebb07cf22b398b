import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from '../../location/useDebouncedValue.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { Counters } from '../ui/Counters.js';
import '../ui/adminUi.css';
import { DecisionDialog } from './DecisionDialog.js';
import { DriverDetailsDialog } from './DriverDetailsDialog.js';
import { driversQueryOptions, type AdminDriver, type DriverTab, type ReasonRequest } from './driversApi.js';
import { DriversTable } from './DriversTable.js';

const SEARCH_DELAY_MS = 300;
const tabs: readonly DriverTab[] = ['pending', 'approved', 'rejected', 'suspended', 'all'];

/** /admin/drivers (spec 001 "Admin portal"): counters, search, tabs by status with counts, details, decisions. */
export function DriversPage() {
  const { t } = useAdminTranslation();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<DriverTab>('pending');
  const [details, setDetails] = useState<AdminDriver | null>(null);
  const [reasonFor, setReasonFor] = useState<ReasonRequest | null>(null);
  const drivers = useQuery(driversQueryOptions(useDebouncedValue(search, SEARCH_DELAY_MS), tab));
  const counts = drivers.data?.counts;
  const countOf = (each: DriverTab) => (counts ? (each === 'all' ? counts.total : counts[each]) : undefined);

  return (
    <>
      <div className="admin-page-header">
        <h1>{t('drivers.title')}</h1>
        <p className="fine-print">{t('drivers.intro')}</p>
      </div>
      <Counters
        label={t('drivers.countersLabel')}
        counters={[
          { id: 'total', label: t('drivers.counters.total'), value: counts?.total },
          { id: 'pending', label: t('drivers.counters.pending'), value: counts?.pending },
          { id: 'approved', label: t('drivers.counters.approved'), value: counts?.approved },
          { id: 'online', label: t('drivers.counters.online'), value: counts?.onlineNow },
        ]}
      />
      <form className="admin-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor="driver-search" className="field__label">
            {t('drivers.search')}
          </label>
          <input id="driver-search" className="input" type="search" value={search} placeholder={t('drivers.searchPlaceholder')} onChange={(event) => setSearch(event.target.value)} />
        </div>
      </form>
      <div className="admin-tabs" role="tablist" aria-label={t('drivers.tabsLabel')}>
        {tabs.map((each) => (
          <button key={each} type="button" role="tab" id={`driver-tab-${each}`} aria-selected={tab === each} aria-controls="driver-tab-panel" onClick={() => setTab(each)}>
            {t(`drivers.tabs.${each}`, { count: countOf(each) ?? '…' })}
          </button>
        ))}
      </div>
      <div id="driver-tab-panel" role="tabpanel" aria-labelledby={`driver-tab-${tab}`} aria-busy={drivers.isFetching && drivers.isPlaceholderData}>
        {drivers.isError ? (
          <p className="notice" role="alert">
            {t('drivers.failed')}
          </p>
        ) : drivers.isPending ? (
          <p role="status">{t('dashboard.loading')}</p>
        ) : (
          <DriversTable drivers={drivers.data.drivers} onDetails={setDetails} onReason={setReasonFor} />
        )}
      </div>
      <DriverDetailsDialog driver={details} onClose={() => setDetails(null)} onReason={(request) => { setDetails(null); setReasonFor(request); }} />
      <DecisionDialog request={reasonFor} onClose={() => setReasonFor(null)} />
    </>
  );
}
