import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StatementQuery, WeeklyStatement } from '../../../contract/payments.js';
import { weeklyStatement, type SettledPayment } from '../../../domain/payment/index.js';
import type { PayableMethod } from '../../../domain/catalogue/payments.js';
import { lusakaDay, mondayOf } from '../../../domain/shared/lusakaCalendar.js';
import { DomainError } from '../../../domain/shared/index.js';
import { driverById } from '../../../projections/driverProfiles/index.js';
import { settledPaymentsOfDriver } from '../../../projections/payments/index.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { notYours } from '../../support/commandContext.js';
import { errorResponses } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { DriverParams } from '../../../contract/drivers.js';

const DAY_MS = 86_400_000;

/** The driver's weekly statement from settled payments (domain/payment/ledger.ts weeklyStatement). */
export function driverStatementRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/drivers/:driverId/statement',
      {
        schema: {
          tags: ['drivers'],
          summary: "A driver's week from the payments that settled in it: cash vs mobile money, the 12 % commission, what is owed each way",
          params: DriverParams,
          querystring: StatementQuery,
          response: { 200: WeeklyStatement, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['driver', 'admin'] }),
      },
      async (request) => {
        const me = signedInUser(request);
        const { driverId } = request.params;
        if (me.userType !== 'admin' && driverId !== me.id) throw notYours('driverId', 'read statements');
        if (!(await driverById(db, driverId))) throw new DomainError('not_found', `No driver ${driverId}`, { driverId });
        const weekStartsOn = request.query.week ?? mondayOf(lusakaDay(commands.clock.now()));
        // A generous window around the week; the ledger keeps the Lusaka days that belong to it.
        const from = new Date(Date.parse(`${weekStartsOn}T00:00:00Z`) - DAY_MS);
        const rows = await settledPaymentsOfDriver(db, driverId, { from, to: new Date(from.getTime() + 9 * DAY_MS) });
        const settled: SettledPayment[] = rows.map((row) => ({
          rideId: row.ride_id,
          driverId: row.driver_id,
          method: row.settled_method as PayableMethod,
          amountNgwee: row.amount_ngwee,
          refundedNgwee: row.refunded_ngwee,
          settledAt: row.settled_at!.toISOString(),
        }));
        return weeklyStatement(driverId, weekStartsOn, settled);
      },
    );
  };
}
