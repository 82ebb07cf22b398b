import { lazy, Suspense, useState, type ReactNode } from 'react';
import { csvHref, type AnalyticsDataset, type AnalyticsFilters } from './analyticsApi.js';
import type { ChartSpec } from './chartSpec.js';
import { DataTable, type Column } from './DataTable.js';
import { useInsightsTranslation } from './i18n/insightsNamespace.js';
import { LoadBoundary } from './LoadBoundary.js';

// Chart.js (~60 KB gzip) is its own chunk, fetched only when an analytics chart is drawn.
const ChartCanvas = lazy(() => import('./ChartCanvas.js'));

export interface InsightSectionProps<Row> {
  dataset: AnalyticsDataset;
  title: string;
  filters: AnalyticsFilters;
  spec: ChartSpec;
  columns: Column<Row>[];
  rows: readonly Row[];
  /** The read model had any line for the slice (days with nothing are still listed, as zeros). */
  hasData: boolean;
  /** A word on what the figures count, under the title. */
  hint?: ReactNode;
  /** More of the dataset below the chart and its table (shown only when there is data). */
  children?: ReactNode;
}

/** One analytics dataset: its chart, its figures as a table (always there for screen readers) and its CSV. */
export function InsightSection<Row>({ dataset, title, filters, spec, columns, rows, hasData, hint, children }: InsightSectionProps<Row>) {
  const { t } = useInsightsTranslation();
  const [tableShown, setTableShown] = useState(false);
  const [chartFailed, setChartFailed] = useState(false);
  const empty = !hasData;
  const headingId = `insight-${dataset}-title`;
  const tableId = `insight-${dataset}-table`;
  return (
    <section className="card insight-section" aria-labelledby={headingId} data-testid={`insight-${dataset}`}>
      <div className="insight-section__header">
        <h2 id={headingId}>{title}</h2>
        <a className="button button--secondary" href={csvHref(dataset, filters)} download={`${dataset}-${filters.from}-${filters.to}.csv`} data-testid={`csv-${dataset}`}>
          {t('analytics.chart.download')}
          <span className="visually-hidden">: {title}</span>
        </a>
      </div>
      {hint}
      {empty ? (
        <p className="fine-print">{t('analytics.chart.empty')}</p>
      ) : (
        <LoadBoundary
          onError={() => setChartFailed(true)}
          fallback={
            <p role="alert" className="fine-print">
              {t('analytics.chart.failed')}
            </p>
          }
        >
          <Suspense fallback={<p className="insight-chart__loading">{t('analytics.chart.loading')}</p>}>
            <ChartCanvas spec={spec} label={title} />
          </Suspense>
        </LoadBoundary>
      )}
      {!empty && !chartFailed && (
        <button type="button" className="link-button" aria-pressed={tableShown} aria-controls={tableId} onClick={() => setTableShown((shown) => !shown)}>
          {tableShown ? t('analytics.chart.hideTable') : t('analytics.chart.showTable')}
        </button>
      )}
      <DataTable id={tableId} caption={title} columns={columns} rows={rows} shown={tableShown || chartFailed} />
      {!empty && children}
    </section>
  );
}
