import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductRouteDeps } from './deps.js';

export type { ProductRouteDeps } from './deps.js';

/** Each route group of the product: a folder under api/routes/ with its routes and schemas.ts. */
const routeGroups: Array<(deps: ProductRouteDeps) => FastifyPluginAsyncZod> = [
  // route groups are listed here, one per line
];

export function productRoutes(deps: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const group of routeGroups) await app.register(group(deps));
  };
}
