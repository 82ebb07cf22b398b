import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductRouteDeps } from '../product/deps.js';
import { driverDutyRoutes } from './duty.js';
import { driverEarningsRoutes } from './earnings.js';
import { driverProfileRoutes } from './profiles.js';

/** Everything under /api/drivers: profiles and cards, applying, duty and position, earnings. */
export function driversGroup(deps: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(driverProfileRoutes(deps));
    await app.register(driverDutyRoutes(deps));
    await app.register(driverEarningsRoutes(deps));
  };
}
