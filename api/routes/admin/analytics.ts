import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DomainError } from '../../../domain/shared/index.js';
import {
  bidOutcomes,
  cancellations,
  demandPerCellHour,
  requireSlice,
  revenuePerDay,
  ridesPerDay,
  timeToAssignment,
  type AnalyticsSlice,
} from '../../../projections/analytics/index.js';
import { paymentsPerDay } from '../../../projections/driverEarnings/index.js';
import { addDays, lusakaDay } from '../../../projections/shared/lusakaCalendar.js';
import { errorResponses } from '../../support/http.js';
import type { SharedDatabase } from '../../services/database.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { toCsv } from './analyticsCsv.js';
import {
  AnalyticsCsv,
  AnalyticsCsvParams,
  AnalyticsQuery,
  AnalyticsReport,
  BidsLine,
  CancellationLine,
  DemandLine,
  PaymentsLine,
  RevenueLine,
  RidesPerDayLine,
  TimeToAssignmentLine,
  type AnalyticsDataset,
} from '../../../contract/analytics.js';

/** Without `from`, the report covers this many days up to `to`. */
export const DEFAULT_ANALYTICS_DAYS = 30;

/**
 * Each dataset: its query over the analytics views, and its columns (the CSV header, in order).
 * `daysOnly`: the view has no town or vehicle (payments), so the city and vehicle filters leave it
 * whole and its file is not named after them.
 */
const datasets: Record<AnalyticsDataset, { load: (db: SharedDatabase, slice: AnalyticsSlice) => Promise<object[]>; line: z.ZodObject; daysOnly?: true }> = {
  ridesPerDay: { load: ridesPerDay, line: RidesPerDayLine },
  timeToAssignment: { load: timeToAssignment, line: TimeToAssignmentLine },
  bids: { load: bidOutcomes, line: BidsLine },
  cancellations: { load: cancellations, line: CancellationLine },
  revenue: { load: revenuePerDay, line: RevenueLine },
  payments: { load: paymentsPerDay, line: PaymentsLine, daysOnly: true },
  demand: { load: demandPerCellHour, line: DemandLine },
};

/** The query's slice with its defaults (the last 30 Lusaka days up to today), or a 400 naming the field. */
function sliceOf(query: z.infer<typeof AnalyticsQuery>, now: Date): AnalyticsSlice {
  const to = query.to ?? lusakaDay(now);
  const from = query.from ?? addDays(to, -(DEFAULT_ANALYTICS_DAYS - 1));
  try {
    return requireSlice({ from, to, city: query.city, vehicleType: query.vehicleType });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const field = `querystring.${error.message.split(':')[0]}`;
    throw new DomainError('invalid', `querystring.${error.message}`, { issues: [{ field, message: error.message }] });
  }
}

/** The admin portal's analytics: every dataset as JSON for the charts, and each one as CSV. */
export function analyticsRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/analytics',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Analytics over Lusaka days `from`–`to` (default the last 30), optionally one city and vehicle type: rides, time to assignment, bids, cancellations, revenue (completed fares), payments settled per method (every city and vehicle type), demand per H3 cell and hour',
          querystring: AnalyticsQuery,
          response: { 200: AnalyticsReport, ...errorResponses },
        },
      },
      async (request) => {
        const slice = sliceOf(request.query, commands.clock.now());
        const [rides, assignment, bids, cancelled, revenue, payments, demand] = await Promise.all([
          ridesPerDay(db, slice),
          timeToAssignment(db, slice),
          bidOutcomes(db, slice),
          cancellations(db, slice),
          revenuePerDay(db, slice),
          paymentsPerDay(db, slice),
          demandPerCellHour(db, slice),
        ]);
        return { from: slice.from, to: slice.to, ridesPerDay: rides, timeToAssignment: assignment, bids, cancellations: cancelled, revenue, payments, demand };
      },
    );

    app.get(
      '/api/admin/analytics/:dataset.csv',
      {
        schema: {
          tags: ['admin'],
          summary: 'One analytics dataset as a CSV download, with the same filters as GET /api/admin/analytics',
          params: AnalyticsCsvParams,
          querystring: AnalyticsQuery,
          response: { 200: AnalyticsCsv, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { dataset } = request.params;
        const slice = sliceOf(request.query, commands.clock.now());
        const { load, line, daysOnly } = datasets[dataset];
        const csv = toCsv(Object.keys(line.shape), await load(db, slice));
        const scope = daysOnly ? '' : [slice.city, slice.vehicleType].filter((part) => part !== undefined).join('-');
        const filename = `tiyende-${dataset}-${slice.from}-to-${slice.to}${scope ? `-${scope}` : ''}.csv`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(csv);
      },
    );
  };
}
