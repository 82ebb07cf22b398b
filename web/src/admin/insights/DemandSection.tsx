import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { csvHref, type Analytics, type AnalyticsFilters } from './analyticsApi.js';
import { DataTable, type Column } from './DataTable.js';
import { useInsightsTranslation } from './i18n/insightsNamespace.js';
import { demandByCell, type DemandCell } from './insightsModel.js';
import { LoadBoundary } from './LoadBoundary.js';

// OpenLayers and h3-js: their own chunk, fetched only when the demand map is drawn.
const DemandMap = lazy(() => import('./DemandMap.js'));

/** The busiest cells listed below the map (all of them are in the CSV). */
export const LISTED_CELLS = 10;
const hours = Array.from({ length: 24 }, (_, hour) => hour);

/** Demand per H3 cell, over all hours or one hour of the day: a heat map and the busiest areas as a table. */
export function DemandSection({ analytics, filters }: { analytics: Analytics; filters: AnalyticsFilters }) {
  const { t, i18n } = useInsightsTranslation();
  const { t: tApp } = useTranslation();
  const hourFieldId = useId();
  const [hour, setHour] = useState<number | null>(null);
  const cells = useMemo(() => demandByCell(analytics.demand, hour), [analytics.demand, hour]);
  const coordinate = (value: number) => value.toLocaleString(i18n.language, { minimumFractionDigits: 4, maximumFractionDigits: 4 });
  const columns: Column<DemandCell>[] = [
    { header: t('analytics.demand.cell'), cell: (row) => <code>{row.cell}</code> },
    { header: t('analytics.demand.centre'), cell: (row) => `${coordinate(row.lat)}, ${coordinate(row.lng)}` },
    { header: t('analytics.demand.requests'), cell: (row) => row.requests.toLocaleString(i18n.language), numeric: true },
  ];
  const hourLabel = (value: number) => t('analytics.demand.hourValue', { from: String(value).padStart(2, '0'), to: String((value + 1) % 24).padStart(2, '0') });
  return (
    <section className="card insight-section" aria-labelledby="insight-demand-title" data-testid="insight-demand">
      <div className="insight-section__header">
        <h2 id="insight-demand-title">{t('analytics.demand.title')}</h2>
        <a className="button button--secondary" href={csvHref('demand', filters)} download={`demand-${filters.from}-${filters.to}.csv`} data-testid="csv-demand">
          {t('analytics.chart.download')}
          <span className="visually-hidden">: {t('analytics.demand.title')}</span>
        </a>
      </div>
      <p className="fine-print">{t('analytics.demand.hint')}</p>
      <div className="field insight-section__field">
        <label htmlFor={hourFieldId} className="field__label">{t('analytics.demand.hour')}</label>
        <select id={hourFieldId} className="input" value={hour ?? ''} onChange={(change) => setHour(change.target.value === '' ? null : Number(change.target.value))}>
          <option value="">{t('analytics.demand.allHours')}</option>
          {hours.map((value) => (
            <option key={value} value={value}>
              {hourLabel(value)}
            </option>
          ))}
        </select>
      </div>
      <div className="route-map insight-map__frame" role="region" aria-label={t('analytics.demand.map')}>
        <LoadBoundary fallback={<p className="route-map__message" role="alert">{tApp('map.failed')}</p>}>
          <Suspense fallback={<p className="route-map__message">{tApp('map.loading')}</p>}>
            <DemandMap cells={cells} offlineNote={tApp('map.offlineNote')} />
          </Suspense>
        </LoadBoundary>
      </div>
      {cells.length === 0 ? (
        <p className="fine-print">{t('analytics.chart.empty')}</p>
      ) : (
        <DataTable id="insight-demand-table" caption={t('analytics.demand.tableTitle')} columns={columns} rows={cells.slice(0, LISTED_CELLS)} shown testId="demand-table" />
      )}
    </section>
  );
}
