import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
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
import { addDays, lusakaDay } from '../../../projections/shared/lusakaCalendar.js';
import { errorResponses } from '../../support/http.js';
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
  RevenueLine,
  RidesPerDayLine,
  TimeToAssignmentLine,
  type AnalyticsDataset,
} from './analyticsSchemas.js';

/** Without `from`, the report covers this many days up to `to`. */
export const DEFAULT_ANALYTICS_DAYS = 30;

/** Each dataset: its query over the analytics views, and its columns (the CSV header, in order). */
const datasets: Record<AnalyticsDataset, { load: (db: Kysely<any>, slice: AnalyticsSlice) => Promise<object[]>; line: z.ZodObject }> = {
  ridesPerDay: { load: ridesPerDay, line: RidesPerDayLine },
  timeToAssignment: { load: timeToAssignment, line: TimeToAssignmentLine },
  bids: { load: bidOutcomes, line: BidsLine },
  cancellations: { load: cancellations, line: CancellationLine },
  revenue: { load: revenuePerDay, line: RevenueLine },
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
          summary: 'Analytics over Lusaka days `from`–`to` (default the last 30), optionally one city and vehicle type: rides, time to assignment, bids, cancellations, revenue, demand per H3 cell and hour',
          querystring: AnalyticsQuery,
          response: { 200: AnalyticsReport, ...errorResponses },
        },
      },
      async (request) => {
        const slice = sliceOf(request.query, commands.clock.now());
        const [rides, assignment, bids, cancelled, revenue, demand] = await Promise.all([
          ridesPerDay(db, slice),
          timeToAssignment(db, slice),
          bidOutcomes(db, slice),
          cancellations(db, slice),
          revenuePerDay(db, slice),
          demandPerCellHour(db, slice),
        ]);
        return { from: slice.from, to: slice.to, ridesPerDay: rides, timeToAssignment: assignment, bids, cancellations: cancelled, revenue, demand };
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
        const { load, line } = datasets[dataset];
        const csv = toCsv(Object.keys(line.shape), await load(db, slice));
        const scope = [slice.city, slice.vehicleType].filter((part) => part !== undefined).join('-');
        const filename = `tiyende-${dataset}-${slice.from}-to-${slice.to}${scope ? `-${scope}` : ''}.csv`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(csv);
      },
    );
  };
}
