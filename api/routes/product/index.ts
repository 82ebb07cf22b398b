import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductRouteDeps } from './deps.js';
import { adminGroup } from '../admin/index.js';
import { bidsGroup } from '../bids/index.js';
import { catalogueGroup } from '../catalogue/index.js';
import { driversGroup } from '../drivers/index.js';
import { paymentsGroup } from '../payments/index.js';
import { ridesGroup } from '../rides/index.js';
import { routeEncodingsGroup } from '../routeEncodings/index.js';
import { safetyGroup } from '../safety/index.js';
import { supportGroup } from '../support/index.js';

export type { ProductRouteDeps } from './deps.js';

/** Each route group of the product: a folder under api/routes/ with its routes; their wire shapes live in contract/<area>.ts. */
const routeGroups: Array<(deps: ProductRouteDeps) => FastifyPluginAsyncZod> = [
  // route groups are listed here, one per line
  catalogueGroup,
  driversGroup,
  routeEncodingsGroup,
  paymentsGroup,
  supportGroup,
  adminGroup,
  ridesGroup,
  bidsGroup,
  safetyGroup,
];

export function productRoutes(deps: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const group of routeGroups) await app.register(group(deps));
  };
}
