import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsPage } from '../../admin/insights/AnalyticsPage.js';
import { validateAnalyticsSearch, type AnalyticsSearch } from './-analyticsSearch.js';

/** /admin/analytics: the analytics read models as charts, a demand heat map and CSV exports. */
export const Route = createFileRoute('/admin/analytics')({
  validateSearch: validateAnalyticsSearch,
  loader: () => import('../../admin/insights/i18n/insightsNamespace.js').then((module) => module.loadInsightsNamespace()),
  component: AnalyticsRoute,
});

function AnalyticsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AnalyticsPage search={search} onSearch={(next: AnalyticsSearch) => void navigate({ search: next })} />;
}
