import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductRouteDeps } from '../product/deps.js';
import { catalogueRoutes } from './catalogue.js';
import { fareRoutes } from './fares.js';
import { readsFrom } from '../../plugins/readYourWrites.js';

/** The catalogue and the fare quote: open to everyone, more shown to admin and staff. */
export function catalogueGroup(deps: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Its reads read no read model: a read after a write need not wait.
    readsFrom(app, []);
    await app.register(catalogueRoutes(deps.payments?.providers.collectedMethods ?? []));
    await app.register(fareRoutes(deps));
  };
}
