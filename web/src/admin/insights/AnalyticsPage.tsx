import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { formatZmw } from '../../../../domain/fare/money.js';
import { PageMeta } from '../../seo/PageMeta.js';
import { analyticsQueryOptions, type Analytics } from './analyticsApi.js';
import { filtersFrom, type AnalyticsSearch } from './analyticsSearch.js';
import { AnalyticsFiltersForm } from './AnalyticsFiltersForm.js';
import { DemandSection } from './DemandSection.js';
import { useInsightsTranslation } from './i18n/insightsNamespace.js';
import { BidsSection, CancellationsSection, PaymentsSection, RevenueSection, RidesPerDaySection, TimeToAssignmentSection } from './InsightSections.js';
import { summaryOf } from './insightsModel.js';
import './insights.css';

/**
 * /admin/analytics (issue 6): the analytics read models over a range of days, a city and a vehicle
 * type, as charts (Chart.js, loaded lazily) with a table behind each, a demand heat map and a CSV
 * of every dataset. Revenue counts the work done (completed fares); payments settled, the money taken.
 */
export function AnalyticsPage({ search, onSearch }: { search: AnalyticsSearch; onSearch(search: AnalyticsSearch): void }) {
  const { t } = useInsightsTranslation();
  const { filters, problem } = useMemo(() => filtersFrom(search, new Date()), [search]);
  const analytics = useQuery(analyticsQueryOptions(filters));
  return (
    <div className="page insights-page" data-testid="analytics-page">
      <PageMeta title={t('analytics.metaTitle')} description={t('analytics.intro')} />
      <h1>{t('analytics.title')}</h1>
      <p>{t('analytics.intro')}</p>
      {/* Keyed by the applied filters: the form shows what the figures below are for. */}
      <AnalyticsFiltersForm key={JSON.stringify(filters)} filters={filters} onApply={onSearch} />
      {problem && (
        <p className="notice" role="alert">
          {t('analytics.filters.badRange')}
        </p>
      )}
      {analytics.isPending && <p role="status">{t('analytics.loading')}</p>}
      {analytics.isError && (
        <div role="alert" className="notice">
          <p>{t('analytics.failed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void analytics.refetch()}>
            {t('analytics.retry')}
          </button>
        </div>
      )}
      {analytics.data && (
        <>
          <Summary analytics={analytics.data} />
          <div className="insights-page__sections">
            <RidesPerDaySection analytics={analytics.data} filters={filters} />
            <TimeToAssignmentSection analytics={analytics.data} filters={filters} />
            <BidsSection analytics={analytics.data} filters={filters} />
            <CancellationsSection analytics={analytics.data} filters={filters} />
            <RevenueSection analytics={analytics.data} filters={filters} />
            <PaymentsSection analytics={analytics.data} filters={filters} />
            <DemandSection analytics={analytics.data} filters={filters} />
          </div>
        </>
      )}
    </div>
  );
}

function Summary({ analytics }: { analytics: Analytics }) {
  const { t, i18n } = useInsightsTranslation();
  const summary = summaryOf(analytics);
  const count = (value: number) => value.toLocaleString(i18n.language);
  const figures = [
    ['requested', t('analytics.summary.requested'), count(summary.requested)],
    ['completed', t('analytics.summary.completed'), count(summary.completed)],
    ['cancelled', t('analytics.summary.cancelled'), count(summary.cancelled)],
    ['expired', t('analytics.summary.expired'), count(summary.expired)],
    ['revenue', t('analytics.summary.revenue'), formatZmw(summary.revenueNgwee)],
    ['earnings', t('analytics.summary.earnings'), formatZmw(summary.driverEarningsNgwee)],
  ] as const;
  return (
    <section className="insights-summary" aria-labelledby="insights-summary-title">
      <h2 id="insights-summary-title">{t('analytics.summary.title')}</h2>
      <dl className="insights-summary__figures">
        {figures.map(([key, label, value]) => (
          <div key={key} className="card insights-summary__figure" data-testid={`summary-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
