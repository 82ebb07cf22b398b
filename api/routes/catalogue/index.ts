import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductRouteDeps } from '../product/deps.js';
import { catalogueRoutes } from './catalogue.js';
import { fareRoutes } from './fares.js';

/** The catalogue and the fare quote: open to everyone, more shown to admin and staff. */
export function catalogueGroup(deps: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(catalogueRoutes);
    await app.register(fareRoutes(deps));
  };
}
