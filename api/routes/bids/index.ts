import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductRouteDeps } from '../product/deps.js';
import { bidRoutes } from './bids.js';
import { readsFrom } from '../../plugins/readYourWrites.js';
import { bidsByRideProjection } from '../../../projections/bidsByRide/index.js';
import { ridesProjection } from '../../../projections/rides/index.js';
import { driverProfilesProjection } from '../../../projections/driverProfiles/index.js';

/** Everything under /api/bids: placing, withdrawing, reading and accepting bids. */
export function bidsGroup(deps: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // What its reads read: a read after a write waits for these read models only.
    readsFrom(app, [bidsByRideProjection, ridesProjection, driverProfilesProjection]);
    await app.register(bidRoutes(deps));
  };
}
