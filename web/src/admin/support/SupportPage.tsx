import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { contactCategories, urgencies } from '../../support/contactForm.js';
import { supportStatuses, type SupportSearch } from '../../routes/admin/-supportSearch.js';
import { Counters } from '../ui/Counters.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { FilterSelect } from '../ui/FilterSelect.js';
import '../ui/adminUi.css';
import './support.css';
import { supportInboxQueryOptions, SUPPORT_REFRESH_MS } from './supportApi.js';
import { statusGroupId, type StatusChanged } from './SupportMessageCard.js';
import { SupportMessageList } from './SupportMessageList.js';

interface SupportPageProps {
  search: SupportSearch;
  onSearchChange(next: SupportSearch): void;
}

/** /admin/support: the support centre's messages with what is still to resolve, by status, urgency and category; kept current every 30 s. */
export function SupportPage({ search, onSearchChange }: SupportPageProps) {
  const { t } = useAdminTranslation();
  const inbox = useQuery(supportInboxQueryOptions(search));
  const counts = inbox.data?.counts;
  const set = (field: keyof SupportSearch) => (value: string) => onSearchChange({ ...search, [field]: value || undefined });
  const [announcement, setAnnouncement] = useState('');
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [settledId, setSettledId] = useState<string | null>(null);

  // A changed message may leave the filtered list, or move down it once no longer an open
  // emergency; a keyboard user whose button went with it is put back on it, or on the list.
  useEffect(() => {
    if (!settledId) return;
    setSettledId(null);
    if (document.activeElement && document.activeElement !== document.body) return;
    const pressed = document.getElementById(statusGroupId(settledId))?.querySelector<HTMLElement>('[aria-pressed="true"]');
    (pressed ?? listHeading.current)?.focus();
  }, [settledId]);

  const onStatusChanged: StatusChanged = (message, status) => {
    setAnnouncement(t('support.changed', { subject: message.subject, status: t(`support.statuses.${status}`) }));
    setSettledId(message.id);
  };

  return (
    <>
      <div className="admin-page-header">
        <h1>{t('support.title')}</h1>
        <p className="fine-print">{t('support.intro', { seconds: SUPPORT_REFRESH_MS / 1000 })}</p>
      </div>
      <Counters
        label={t('support.countersLabel')}
        counters={[
          { id: 'open', label: t('support.counters.open'), value: counts?.open },
          { id: 'emergencies', label: t('support.counters.emergencies'), value: counts?.emergencies },
        ]}
      />
      <form className="admin-filters" aria-label={t('support.filtersLabel')} onSubmit={(event) => event.preventDefault()}>
        <FilterSelect anyLabel={t('support.filters.any')} id="support-status" label={t('support.filters.status')} value={search.status} onChange={set('status')} options={supportStatuses.map((status) => [status, t(`support.statuses.${status}`)])} />
        <FilterSelect anyLabel={t('support.filters.any')} id="support-urgency" label={t('support.filters.urgency')} value={search.urgency} onChange={set('urgency')} options={urgencies.map((urgency) => [urgency, t(`support.urgencies.${urgency}`)])} />
        <FilterSelect anyLabel={t('support.filters.any')}
          id="support-category"
          label={t('support.filters.category')}
          value={search.category}
          onChange={set('category')}
          options={contactCategories.map((category) => [category, t(`support.categories.${category}`)])}
        />
        {Object.keys(search).length > 0 && (
          <button type="button" className="button button--ghost" onClick={() => onSearchChange({})}>
            {t('support.filters.clear')}
          </button>
        )}
      </form>
      {inbox.isError && !inbox.data ? (
        <p className="notice" role="alert">
          {t('support.failed')}
        </p>
      ) : inbox.isPending ? (
        <p role="status">{t('support.loading')}</p>
      ) : (
        <SupportMessageList ref={listHeading} messages={inbox.data.messages} filtered={Object.keys(search).length > 0} onStatusChanged={onStatusChanged} />
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
