import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMMISSION_PERCENT } from '../../../domain/fare/index.js';
import { DomainError } from '../../../domain/shared/index.js';
import { driverById } from '../../../projections/driverProfiles/index.js';
import { earningsByDay, earningsSummary, rideEarnings } from '../../../projections/driverEarnings/index.js';
import { addDays } from '../../../projections/shared/lusakaCalendar.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { notYours } from '../../support/commandContext.js';
import { errorResponses, iso } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { DriverEarnings, DriverParams, EarningsQuery } from '../../../contract/drivers.js';

/** How many days the day-by-day list covers when the query names no range: this week and last. */
const DEFAULT_DAYS = 14;

/** The driver dashboard's earnings: from settled payments (cash confirmed, mobile money approved), after the 12 % commission. */
export function driverEarningsRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/drivers/:driverId/earnings',
      {
        schema: {
          tags: ['drivers'],
          summary:
            'Earnings from settled payments today, this week (from Monday, Lusaka time) and in all; day by day (`from`/`to`); each paid ride (`limit`, `before` on when it settled)',
          params: DriverParams,
          querystring: EarningsQuery,
          response: { 200: DriverEarnings, ...errorResponses },
        },
        preValidation: requireUser({ roles: ['driver', 'admin'] }),
      },
      async (request) => {
        const me = signedInUser(request);
        const { driverId } = request.params;
        if (me.userType !== 'admin' && driverId !== me.id) throw notYours('driverId', 'read earnings');
        if (!(await driverById(db, driverId))) throw new DomainError('not_found', `No driver ${driverId}`, { driverId });
        const { from, to, limit, before } = request.query;
        const summary = await earningsSummary(db, driverId, commands.clock.now());
        const rangeTo = to ?? (from ? addDays(from, DEFAULT_DAYS - 1) : summary.day);
        const rangeFrom = from ?? addDays(rangeTo, -(DEFAULT_DAYS - 1));
        const [days, rides] = await Promise.all([
          earningsByDay(db, driverId, { from: rangeFrom, to: rangeTo }),
          rideEarnings(db, driverId, { limit, before }),
        ]);
        return {
          driverId,
          commissionPercent: COMMISSION_PERCENT,
          summary,
          byDay: { from: rangeFrom, to: rangeTo, days },
          rides: rides.map((ride) => ({ ...ride, settledAt: iso(ride.settledAt) })),
        };
      },
    );
  };
}
