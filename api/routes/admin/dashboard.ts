import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStats } from '../../../projections/platformStats/index.js';
import { projections } from '../../../projections/registry.js';
import { countOpenIncidents } from '../../../projections/safety/index.js';
import { countUsers } from '../../../accounts/index.js';
import { errorResponses } from '../../support/http.js';
import { countOpenSupportMessages } from '../../../product/index.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { readModelStates, systemHealthOf } from '../../services/readModelHealth.js';
import { DashboardQuery, DashboardStats } from '../../../contract/admin.js';

/** More pending drivers than this flags the Verify Drivers action as urgent (spec 001 §9). */
export const URGENT_PENDING_DRIVERS = 5;

export function dashboardRoutes({ commands, db }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/dashboard-stats',
      {
        schema: {
          tags: ['admin'],
          summary: 'The admin dashboard: users, drivers, rides, revenue, support and system health (refreshed every 30 s)',
          querystring: DashboardQuery,
          response: { 200: DashboardStats, ...errorResponses },
        },
      },
      async (request) => {
        const [stats, users, support, incidents, readModels] = await Promise.all([
          dashboardStats(db, commands.clock.now(), { days: request.query.days }),
          countUsers(db),
          countOpenSupportMessages(db),
          countOpenIncidents(db),
          readModelStates(db, commands.store, projections, Date.now()),
        ]);
        const { total, ...byKind } = users;
        return {
          totalUsers: total,
          users: byKind,
          totalDrivers: stats.totalDrivers,
          activeDrivers: stats.activeDrivers,
          pendingDrivers: stats.pendingDrivers,
          approvedDrivers: stats.approvedDrivers,
          rejectedDrivers: stats.rejectedDrivers,
          suspendedDrivers: stats.suspendedDrivers,
          verifyDriversUrgent: stats.pendingDrivers > URGENT_PENDING_DRIVERS,
          activeRides: stats.liveRides,
          todayRides: stats.ridesToday,
          scheduledRides: stats.scheduledRides,
          totalRides: stats.totalRides,
          completedRides: stats.completedRides,
          totalRevenueNgwee: stats.revenueNgwee,
          revenueTodayNgwee: stats.revenueTodayNgwee,
          commissionNgwee: stats.commissionNgwee,
          openSupportMessages: support.open,
          openIncidents: incidents.open,
          unacknowledgedIncidents: incidents.unacknowledged,
          systemHealth: systemHealthOf(readModels),
          readModels,
          today: stats.today,
          daily: stats.daily,
        };
      },
    );
  };
}
