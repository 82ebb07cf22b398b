import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { activityRoutes } from './activity.js';
import { analyticsRoutes } from './analytics.js';
import { dashboardRoutes } from './dashboard.js';
import { driverAdminRoutes } from './drivers.js';
import { rideAdminRoutes } from './rides.js';
import { settingsRoutes } from './settings.js';
import { userAdminRoutes } from './users.js';

/**
 * The admin portal's API. Every route is for admins only, with their second factor (the guard
 * refuses a session still waiting for MFA); it runs before validation, so a stranger learns
 * nothing from a 400 either. (The support inbox, also under /api/admin, lives with support.)
 */
export function adminGroup(deps: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireUser({ roles: ['admin'] }));
    await app.register(dashboardRoutes(deps));
    await app.register(userAdminRoutes(deps));
    await app.register(driverAdminRoutes(deps));
    await app.register(rideAdminRoutes(deps));
    await app.register(activityRoutes(deps));
    await app.register(settingsRoutes(deps));
    await app.register(analyticsRoutes(deps));
  };
}
