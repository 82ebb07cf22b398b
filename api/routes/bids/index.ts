import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductRouteDeps } from '../product/deps.js';
import { bidRoutes } from './bids.js';

/** Everything under /api/bids: placing, withdrawing, reading and accepting bids. */
export function bidsGroup(deps: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(bidRoutes(deps));
  };
}
