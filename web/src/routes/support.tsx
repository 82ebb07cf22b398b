import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { loadSections } from '../i18n/setup.js';
import { PageMeta } from '../seo/PageMeta.js';
import { SupportCentre } from '../support/SupportCentre.js';
import { validateSupportSearch } from '../support/supportTabs.js';

export const Route = createFileRoute('/support')({
  validateSearch: validateSupportSearch,
  loader: () => loadSections('support'),
  component: SupportRoute,
});

function SupportRoute() {
  const { t } = useTranslation();
  const { tab = 'overview' } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <>
      <PageMeta title={t('meta.supportTitle')} description={t('meta.supportDescription')} />
      <SupportCentre tab={tab} onTab={(next) => void navigate({ search: { tab: next }, replace: true })} />
    </>
  );
}
