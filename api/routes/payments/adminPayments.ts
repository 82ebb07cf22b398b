import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveCashDispute, requestRefund, type PaymentCommandResult } from '../../../commands/payment/index.js';
import { ngweeOf } from '../../../contract/money.js';
import {
  AdminPaymentsQuery,
  PageQuery,
  PaymentAnswer,
  PaymentFailures,
  PaymentList,
  Reconciliation,
  ReconciliationLine,
  ReconciliationQuery,
  RefundBody,
  Refunds,
  ResolveDisputeBody,
  RideParams,
} from '../../../contract/payments.js';
import { DomainError } from '../../../domain/shared/index.js';
import { z } from 'zod';
import { toCsv } from '../admin/analyticsCsv.js';
import { listPaymentFailures, listPayments, listRefunds } from '../../../projections/payments/index.js';
import { requireUser } from '../../plugins/auth.js';
import { commandContextFor } from '../../support/commandContext.js';
import { IDEMPOTENT_WRITE, errorResponses, iso } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { presentFailure, presentPayment, presentPaymentRow, presentRefund } from './presenters.js';

const RECONCILIATION_DAYS = 7;
/** The admins' side: every payment, the failures, the refunds, refunds and cash disputes, reconciliation against the providers. */
export function adminPaymentRoutes({ commands, db, payments }: ProductRouteDeps): FastifyPluginAsyncZod {
  const answer = (result: PaymentCommandResult) => ({ payment: presentPayment(result.status!, result.state.context, commands.clock.now()) });
  const admin = { preValidation: requireUser({ roles: ['admin'] }) };
  const page = (query: { limit: number; before?: string }) => ({ limit: query.limit, before: query.before ? new Date(query.before) : undefined });

  return async (app) => {
    app.get(
      '/api/admin/payments',
      {
        schema: { tags: ['admin'], summary: 'Every payment, newest first; `status` filters', querystring: AdminPaymentsQuery, response: { 200: PaymentList, ...errorResponses } },
        ...admin,
      },
      async (request) => {
        const rows = await listPayments(db, { ...page(request.query), status: request.query.status });
        return { payments: rows.map(presentPaymentRow), nextBefore: rows.length === request.query.limit ? iso(rows.at(-1)!.requested_at) : null };
      },
    );

    app.get(
      '/api/admin/payments/failures',
      {
        schema: { tags: ['admin'], summary: 'Attempts that collected nothing (declined, failed, expired, cash unpaid), newest first', querystring: PageQuery, response: { 200: PaymentFailures, ...errorResponses } },
        ...admin,
      },
      async (request) => {
        const rows = await listPaymentFailures(db, page(request.query));
        return { failures: rows.map(presentFailure), nextBefore: rows.length === request.query.limit ? iso(rows.at(-1)!.failed_at) : null };
      },
    );

    app.get(
      '/api/admin/payments/refunds',
      {
        schema: { tags: ['admin'], summary: 'Refunds, newest first', querystring: PageQuery, response: { 200: Refunds, ...errorResponses } },
        ...admin,
      },
      async (request) => {
        const rows = await listRefunds(db, page(request.query));
        return { refunds: rows.map(presentRefund), nextBefore: rows.length === request.query.limit ? iso(rows.at(-1)!.requested_at) : null };
      },
    );

    app.post(
      '/api/admin/payments/:rideId/refunds',
      {
        schema: {
          tags: ['admin'],
          summary: 'Send mobile money back: part or all of what an attempt collected, never more',
          description: IDEMPOTENT_WRITE,
          params: RideParams,
          body: RefundBody,
          response: { 200: PaymentAnswer, ...errorResponses },
        },
        ...admin,
      },
      async (request) => {
        const { amount, reason, attempt } = request.body;
        const input = { rideId: request.params.rideId, amountNgwee: ngweeOf(amount), reason, ...(attempt === undefined ? {} : { attempt }) };
        return answer(await requestRefund(commands, input, commandContextFor(request)));
      },
    );

    app.post(
      '/api/admin/payments/:rideId/dispute',
      {
        schema: {
          tags: ['admin'],
          summary: 'Decide a cash dispute: paid settles the ride; not paid leaves it to be paid again',
          description: IDEMPOTENT_WRITE,
          params: RideParams,
          body: ResolveDisputeBody,
          response: { 200: PaymentAnswer, ...errorResponses },
        },
        ...admin,
      },
      async (request) =>
        answer(await resolveCashDispute(commands, { rideId: request.params.rideId, ...request.body }, commandContextFor(request))),
    );

    const reconcile = async (query: z.infer<typeof ReconciliationQuery>) => {
      const collector = payments?.collector;
      if (!collector) throw new DomainError('not_found', 'No payment provider is configured: there is nothing to reconcile');
      const since = query.since ? new Date(query.since) : new Date(commands.clock.now().getTime() - RECONCILIATION_DAYS * 86_400_000);
      const lines = (await collector.reconcile({ since, limit: query.limit })).map((line) => ({ ...line, requestedAt: iso(line.requestedAt) }));
      const counts: Record<string, number> = {};
      for (const line of lines) counts[line.verdict] = (counts[line.verdict] ?? 0) + 1;
      return { since: iso(since), lines, counts };
    };

    app.get(
      '/api/admin/payments/reconciliation',
      {
        schema: {
          tags: ['admin'],
          summary: 'Each mobile-money attempt since `since` (default: 7 days): the provider’s status now against our ledger',
          querystring: ReconciliationQuery,
          response: { 200: Reconciliation, ...errorResponses },
        },
        ...admin,
      },
      async (request) => reconcile(request.query),
    );

    app.get(
      '/api/admin/payments/reconciliation.csv',
      {
        schema: {
          tags: ['admin'],
          summary: 'The reconciliation report as a CSV download',
          querystring: ReconciliationQuery,
          response: { 200: z.string().describe('text/csv: a header row, then one row per attempt'), ...errorResponses },
        },
        ...admin,
      },
      async (request, reply) => {
        const report = await reconcile(request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="tiyende-reconciliation-${report.since.slice(0, 10)}.csv"`)
          .send(toCsv(Object.keys(ReconciliationLine.shape), report.lines));
      },
    );
  };
}
