import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductRouteDeps } from '../product/deps.js';
import { calculateRouteRoutes } from './calculate.js';
import { routeEncodingRoutes } from './routes.js';
import { readsFrom } from '../../plugins/readYourWrites.js';
import { routeEncodingsProjection } from '../../../projections/routeEncodings/index.js';

/** The geo-mapping page's API: calculate a route, encode routes, verify others', see your contributions. */
export function routeEncodingsGroup(deps: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // What its reads read: a read after a write waits for these read models only.
    readsFrom(app, [routeEncodingsProjection]);
    await app.register(routeEncodingRoutes(deps));
    await app.register(calculateRouteRoutes(deps));
  };
}
