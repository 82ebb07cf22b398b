import { openRideStatuses, type CancellationReason } from '../../../../domain/ride/values.js';
import type { Analytics, AnalyticsFilters } from './analyticsApi.js';
import { chartColours, dayLabel, type ChartSpec } from './chartSpec.js';
import { useMethodName } from '../../payments/methodNames.js';
import { DataTable, type Column } from './DataTable.js';
import { useInsightsTranslation } from './i18n/insightsNamespace.js';
import { InsightSection } from './InsightSection.js';
import {
  everyDay,
  kwachaOf,
  methodRevenueByDay,
  minutesOf,
  paymentsByDay,
  paymentsByMethod,
  percentOf,
  ridesByDay,
  type PaymentsByMethod,
  type PaymentsOnDay,
  type RidesOnDay,
} from './insightsModel.js';

type Props = { analytics: Analytics; filters: AnalyticsFilters };

/** Numbers and kwacha in the language on screen; a missing figure (no ride that day) as a dash. */
function useFormat() {
  const { t, i18n } = useInsightsTranslation();
  const language = i18n.language;
  return {
    t,
    language,
    count: (value: number | null) => (value === null ? '—' : value.toLocaleString(language, { maximumFractionDigits: 1 })),
    kwacha: (ngwee: number) => kwachaOf(ngwee).toLocaleString(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    day: (day: string) => <time dateTime={day}>{dayLabel(day, language)}</time>,
  };
}

export function RidesPerDaySection({ analytics, filters }: Props) {
  const { t, language, count, day } = useFormat();
  const rows = ridesByDay(analytics);
  const spec: ChartSpec = {
    labels: rows.map((row) => dayLabel(row.day, language)),
    stacked: true,
    series: [
      { label: t('analytics.ridesPerDay.completed'), values: rows.map((row) => row.completed), colour: chartColours.green },
      { label: t('analytics.ridesPerDay.cancelled'), values: rows.map((row) => row.cancelled), colour: chartColours.red },
      { label: t('analytics.ridesPerDay.expired'), values: rows.map((row) => row.expired), colour: chartColours.grey },
      { label: t('analytics.ridesPerDay.requested'), values: rows.map((row) => row.requested), colour: chartColours.blue, kind: 'line' },
    ],
  };
  const columns: Column<RidesOnDay>[] = [
    { header: t('analytics.ridesPerDay.day'), cell: (row) => day(row.day) },
    { header: t('analytics.ridesPerDay.requested'), cell: (row) => count(row.requested), numeric: true },
    { header: t('analytics.ridesPerDay.completed'), cell: (row) => count(row.completed), numeric: true },
    { header: t('analytics.ridesPerDay.cancelled'), cell: (row) => count(row.cancelled), numeric: true },
    { header: t('analytics.ridesPerDay.expired'), cell: (row) => count(row.expired), numeric: true },
  ];
  return <InsightSection dataset="ridesPerDay" hasData={analytics.ridesPerDay.length > 0} title={t('analytics.ridesPerDay.title')} filters={filters} spec={spec} columns={columns} rows={rows} />;
}

export function TimeToAssignmentSection({ analytics, filters }: Props) {
  const { t, language, count, day } = useFormat();
  const rows = everyDay(analytics.timeToAssignment, analytics.from, analytics.to, (day) => ({ day, assigned: 0, medianSeconds: null, p90Seconds: null }));
  const spec: ChartSpec = {
    labels: rows.map((row) => dayLabel(row.day, language)),
    axisTitle: t('analytics.timeToAssignment.median'),
    series: [
      { label: t('analytics.timeToAssignment.median'), values: rows.map((row) => minutesOf(row.medianSeconds)), colour: chartColours.teal, kind: 'line' },
      { label: t('analytics.timeToAssignment.p90'), values: rows.map((row) => minutesOf(row.p90Seconds)), colour: chartColours.copper, kind: 'line' },
    ],
  };
  const columns: Column<(typeof rows)[number]>[] = [
    { header: t('analytics.timeToAssignment.day'), cell: (row) => day(row.day) },
    { header: t('analytics.timeToAssignment.assigned'), cell: (row) => count(row.assigned), numeric: true },
    { header: t('analytics.timeToAssignment.median'), cell: (row) => count(minutesOf(row.medianSeconds)), numeric: true },
    { header: t('analytics.timeToAssignment.p90'), cell: (row) => count(minutesOf(row.p90Seconds)), numeric: true },
  ];
  return <InsightSection dataset="timeToAssignment" hasData={analytics.timeToAssignment.some((row) => row.assigned > 0)} title={t('analytics.timeToAssignment.title')} filters={filters} spec={spec} columns={columns} rows={rows} />;
}

/** A day of bids as the section shows it: a day without bids has no ratios (shown as a dash), not zeros. */
type BidsOnDay = Pick<Analytics['bids'][number], 'day' | 'ridesWithBids' | 'bidsPlaced' | 'bidsAccepted'> & {
  bidsPerRide: number | null;
  acceptanceRate: number | null;
};

export function BidsSection({ analytics, filters }: Props) {
  const { t, language, count, day } = useFormat();
  const rows = everyDay<BidsOnDay>(analytics.bids, analytics.from, analytics.to, (day) => ({ day, ridesWithBids: 0, bidsPlaced: 0, bidsAccepted: 0, bidsPerRide: null, acceptanceRate: null }));
  const spec: ChartSpec = {
    labels: rows.map((row) => dayLabel(row.day, language)),
    axisTitle: t('analytics.bids.bidsPerRide'),
    secondaryAxisTitle: t('analytics.bids.acceptanceRate'),
    series: [
      { label: t('analytics.bids.bidsPerRide'), values: rows.map((row) => row.bidsPerRide), colour: chartColours.blue },
      { label: t('analytics.bids.acceptanceRate'), values: rows.map((row) => percentOf(row.acceptanceRate)), colour: chartColours.green, kind: 'line', secondary: true },
    ],
  };
  const columns: Column<(typeof rows)[number]>[] = [
    { header: t('analytics.bids.day'), cell: (row) => day(row.day) },
    { header: t('analytics.bids.ridesWithBids'), cell: (row) => count(row.ridesWithBids), numeric: true },
    { header: t('analytics.bids.bidsPlaced'), cell: (row) => count(row.bidsPlaced), numeric: true },
    { header: t('analytics.bids.bidsAccepted'), cell: (row) => count(row.bidsAccepted), numeric: true },
    { header: t('analytics.bids.bidsPerRide'), cell: (row) => count(row.bidsPerRide), numeric: true },
    { header: t('analytics.bids.acceptanceRate'), cell: (row) => count(percentOf(row.acceptanceRate)), numeric: true },
  ];
  return <InsightSection dataset="bids" hasData={analytics.bids.length > 0} title={t('analytics.bids.title')} filters={filters} spec={spec} columns={columns} rows={rows} />;
}

const stages = openRideStatuses;
const stageColours = [chartColours.grey, chartColours.blue, chartColours.teal, chartColours.copper, chartColours.red];
const parties = ['rider', 'driver', 'admin', 'system'] as const;

export function CancellationsSection({ analytics, filters }: Props) {
  const { t, count } = useFormat();
  const rows = analytics.cancellations;
  // A code the domain adds without an English label fails the typecheck; one missing in another language, the translation test.
  const reasonName = (code: CancellationReason) => t(`analytics.cancellations.reasons.${code}`);
  const reasons = [...new Set(rows.map((row) => row.reasonCode))];
  const countFor = (reason: CancellationReason, stage: string) => rows.filter((row) => row.reasonCode === reason && row.stage === stage).reduce((total, row) => total + row.count, 0);
  const spec: ChartSpec = {
    labels: reasons.map(reasonName),
    stacked: true,
    horizontal: true,
    series: stages.map((stage, index) => ({ label: t(`analytics.cancellations.stages.${stage}`), values: reasons.map((reason) => countFor(reason, stage)), colour: stageColours[index]! })),
  };
  const stageName = (stage: string) => ((stages as readonly string[]).includes(stage) ? t(`analytics.cancellations.stages.${stage as (typeof stages)[number]}`) : stage);
  const partyName = (party: string) => ((parties as readonly string[]).includes(party) ? t(`analytics.cancellations.parties.${party as (typeof parties)[number]}`) : party);
  const columns: Column<(typeof rows)[number]>[] = [
    { header: t('analytics.cancellations.reason'), cell: (row) => reasonName(row.reasonCode) },
    { header: t('analytics.cancellations.stage'), cell: (row) => stageName(row.stage) },
    { header: t('analytics.cancellations.cancelledBy'), cell: (row) => partyName(row.cancelledBy) },
    { header: t('analytics.cancellations.count'), cell: (row) => count(row.count), numeric: true },
  ];
  return <InsightSection dataset="cancellations" hasData={rows.length > 0} title={t('analytics.cancellations.title')} filters={filters} spec={spec} columns={columns} rows={rows} />;
}

export function RevenueSection({ analytics, filters }: Props) {
  const { t, language, count, kwacha, day } = useFormat();
  const rows = everyDay(analytics.revenue, analytics.from, analytics.to, (day) => ({ day, completedRides: 0, revenueNgwee: 0, driverEarningsNgwee: 0, commissionNgwee: 0 }));
  const spec: ChartSpec = {
    labels: rows.map((row) => dayLabel(row.day, language)),
    axisTitle: 'ZMW',
    series: [
      { label: t('analytics.revenue.earnings'), values: rows.map((row) => kwachaOf(row.driverEarningsNgwee)), colour: chartColours.green },
      { label: t('analytics.revenue.commission'), values: rows.map((row) => kwachaOf(row.commissionNgwee)), colour: chartColours.copper },
      { label: t('analytics.revenue.revenue'), values: rows.map((row) => kwachaOf(row.revenueNgwee)), colour: chartColours.blue, kind: 'line' },
    ],
  };
  const columns: Column<(typeof rows)[number]>[] = [
    { header: t('analytics.revenue.day'), cell: (row) => day(row.day) },
    { header: t('analytics.revenue.completedRides'), cell: (row) => count(row.completedRides), numeric: true },
    { header: t('analytics.revenue.revenue'), cell: (row) => kwacha(row.revenueNgwee), numeric: true },
    { header: t('analytics.revenue.earnings'), cell: (row) => kwacha(row.driverEarningsNgwee), numeric: true },
    { header: t('analytics.revenue.commission'), cell: (row) => kwacha(row.commissionNgwee), numeric: true },
  ];
  return <InsightSection dataset="revenue" hasData={analytics.revenue.length > 0} title={t('analytics.revenue.title')} filters={filters} spec={spec} columns={columns} rows={rows} />;
}

/** Each payment method's colour in the chart (cash green like the drivers' share; an unknown method grey). */
const methodColours: Record<string, string> = { cash: chartColours.green, airtel_money: chartColours.red, mtn_money: chartColours.copper, zamtel_kwacha: chartColours.teal };

/**
 * The money actually taken (analytics.payments_per_day), beside the revenue section's work done:
 * per day the payments settled, the chart's bars split by method, and the period per method with
 * what is owed each way. Payments are not recorded by town or vehicle, which the hint says when
 * those filters are on.
 */
export function PaymentsSection({ analytics, filters }: Props) {
  const { t, language, count, kwacha, day } = useFormat();
  const methodName = useMethodName();
  const rows = paymentsByDay(analytics);
  const methods = paymentsByMethod(analytics.payments);
  const spec: ChartSpec = {
    labels: rows.map((row) => dayLabel(row.day, language)),
    axisTitle: 'ZMW',
    stacked: true,
    series: methods.map((method) => ({
      label: methodName(method.method),
      values: methodRevenueByDay(analytics, method.method).map(kwachaOf),
      colour: methodColours[method.method] ?? chartColours.grey,
    })),
  };
  const columns: Column<PaymentsOnDay>[] = [
    { header: t('analytics.payments.day'), cell: (row) => day(row.day) },
    { header: t('analytics.payments.paidRides'), cell: (row) => count(row.paidRides), numeric: true },
    { header: t('analytics.payments.revenue'), cell: (row) => kwacha(row.revenueNgwee), numeric: true },
    { header: t('analytics.payments.commission'), cell: (row) => kwacha(row.commissionNgwee), numeric: true },
    { header: t('analytics.payments.earnings'), cell: (row) => kwacha(row.driverEarningsNgwee), numeric: true },
  ];
  const methodColumns: Column<PaymentsByMethod>[] = [
    { header: t('analytics.payments.method'), cell: (row) => methodName(row.method) },
    { header: t('analytics.payments.paidRides'), cell: (row) => count(row.paidRides), numeric: true },
    { header: t('analytics.payments.revenue'), cell: (row) => kwacha(row.revenueNgwee), numeric: true },
    { header: t('analytics.payments.commission'), cell: (row) => kwacha(row.commissionNgwee), numeric: true },
    { header: t('analytics.payments.earnings'), cell: (row) => kwacha(row.driverEarningsNgwee), numeric: true },
    { header: t('analytics.payments.owedToDrivers'), cell: (row) => kwacha(row.owedToDriversNgwee), numeric: true },
    { header: t('analytics.payments.owedByDrivers'), cell: (row) => kwacha(row.owedByDriversNgwee), numeric: true },
  ];
  const hint = (
    <p className="fine-print">
      {t('analytics.payments.hint')}
      {(filters.city !== undefined || filters.vehicleType !== undefined) && <> {t('analytics.payments.everyCity')}</>}
    </p>
  );
  return (
    <InsightSection dataset="payments" hasData={analytics.payments.length > 0} title={t('analytics.payments.title')} hint={hint} filters={filters} spec={spec} columns={columns} rows={rows}>
      <DataTable id="insight-payments-methods" caption={t('analytics.payments.byMethod')} columns={methodColumns} rows={methods} shown testId="payments-by-method" />
    </InsightSection>
  );
}
